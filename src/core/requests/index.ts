/** What other features may use of requests: filing one as `request` does, and its outcome. */
export type { DecidedRequest } from './outcome.ts';
export { type Filed, fileRequest, type RequestDeps } from './request.ts';
