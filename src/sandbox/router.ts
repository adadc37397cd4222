/** Matches a method and path against a route table (URLPattern), or throws a 404 or 405. */
import type { z } from 'zod';
import { notFound, SandboxError } from './errors.ts';
import type { Reply } from './http.ts';
import type { Page } from './pagination.ts';
import type { SandboxState } from './state.ts';

export interface RouteContext {
  state: SandboxState;
  params: Record<string, string>;
  query: URLSearchParams;
  statusParam: string;
  /** `empty`: what an empty body stands for. */
  body<T>(schema: z.ZodType<T>, empty?: unknown): T;
  page<T>(items: Iterable<T>, key: (item: T) => string): Page<T>;
}

type Handler = (ctx: RouteContext) => Reply;

/** `'METHOD /path'` (a URLPattern pathname, relative to the table's prefix) → its handler. */
export type Routes = Record<`${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`, Handler>;

export class Router {
  readonly #routes: { method: string; pattern: URLPattern; handle: Handler }[];

  constructor(routes: Routes) {
    this.#routes = Object.entries(routes).map(([route, handle]) => {
      const [method = '', pathname] = route.split(' ');
      return { method, pattern: new URLPattern({ pathname }), handle };
    });
  }

  match(method: string, pathname: string): { handle: Handler; params: Record<string, string> } {
    const allowed = new Set<string>();
    for (const route of this.#routes) {
      const groups = route.pattern.exec({ pathname })?.pathname.groups;
      if (groups === undefined) continue;
      if (route.method !== method) {
        allowed.add(route.method);
        continue;
      }
      return { handle: route.handle, params: decodeAll(groups) };
    }
    if (allowed.size > 0) throw new MethodNotAllowed([...allowed]);
    throw notFound(`No resource at ${pathname}`);
  }
}

export class MethodNotAllowed extends SandboxError {
  readonly allowed: string[];

  constructor(allowed: string[]) {
    super(405, `Allowed methods: ${allowed.join(', ')}`);
    this.allowed = allowed;
  }
}

function decodeAll(groups: Record<string, string | undefined>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(groups)) {
    if (value === undefined) continue;
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      throw notFound(`Malformed path parameter ${name}`);
    }
  }
  return params;
}
