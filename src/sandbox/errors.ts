/** The sandbox's refusals; the HTTP layer answers them as problem details with their status. */
import { AppError } from '../errors.ts';

const codes = {
  400: 'SANDBOX_BAD_REQUEST',
  404: 'SANDBOX_NOT_FOUND',
  405: 'SANDBOX_METHOD_NOT_ALLOWED',
  409: 'SANDBOX_CONFLICT',
  413: 'SANDBOX_PAYLOAD_TOO_LARGE',
  415: 'SANDBOX_UNSUPPORTED_MEDIA_TYPE',
  422: 'SANDBOX_UNPROCESSABLE',
} as const;
type RefusalStatus = keyof typeof codes;

export class SandboxError extends AppError {
  readonly status: RefusalStatus;

  constructor(status: RefusalStatus, message: string) {
    super(codes[status], message);
    this.status = status;
  }
}

export const badRequest = (message: string) => new SandboxError(400, message);
export const notFound = (message: string) => new SandboxError(404, message);
export const conflict = (message: string) => new SandboxError(409, message);
export const unprocessable = (message: string) => new SandboxError(422, message);
