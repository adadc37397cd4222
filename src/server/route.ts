/** What the one HTTP server mounts: a route, handed the body it has already read and bounded. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Refusals } from './refusals.ts';

/** `body`: read and bounded by the server before the route runs. */
export type Route = (
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
) => void | Promise<void>;

/** A route may bound its bodies below the server's. */
export interface Routes {
  mount(path: string, route: Route, limits?: { maxBodyBytes?: number }): void;
  /** The one counter of requests refused before authentication, on every route. */
  readonly refusals: Refusals;
}

export function answer(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
