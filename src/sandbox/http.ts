/** The sandbox's HTTP vocabulary: errors as problem details (spec 2.3), but 500 bodiless (7). */
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import getRawBody from 'raw-body';
import { z } from 'zod';
import { badRequest, SandboxError } from './errors.ts';

export interface Reply {
  status: number;
  /** Absent: no body. */
  body?: unknown;
  headers?: Record<string, string>;
}

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
export const noContent: Reply = { status: 204 };

export function problem(status: number, detail: string, instance?: string): Reply {
  if (status === 500) return { status };
  return {
    status,
    body: { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail, instance },
    headers: { 'content-type': 'application/problem+json' },
  };
}

/** Spec 4.1: application/json, text/json and application/*+json, with any parameters. */
const jsonMediaType = /^(application\/json|text\/json|application\/[\w.-]+\+json)$/;

export function parseBody<T>(
  raw: string,
  contentType: string | undefined,
  schema: z.ZodType<T>,
  /** What an empty body stands for; without it a body is required. */
  empty?: unknown,
): T {
  let value: unknown = empty;
  if (raw.length > 0) {
    const essence = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (!jsonMediaType.test(essence)) {
      throw new SandboxError(415, `Media type ${essence || '(none)'} is not supported; send JSON`);
    }
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest('The request body is not valid JSON');
    }
  } else if (empty === undefined) {
    throw badRequest('A request body is required');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(z.prettifyError(parsed.error));
  return parsed.data;
}

const bodyLimitBytes = 1 << 20;

/** `null` when past the limit (the rest is drained). */
export async function readBody(req: IncomingMessage): Promise<string | null> {
  try {
    return await getRawBody(req, { limit: bodyLimitBytes, encoding: 'utf8' });
  } catch (error) {
    if ((error as { type?: string }).type !== 'entity.too.large') throw error;
    req.resume();
    return null;
  }
}

/** Writes a reply; `text` replaces the serialized body (to malform it on purpose). */
export function send(res: ServerResponse, reply: Reply, text?: string): void {
  if (res.destroyed || res.headersSent) return;
  const body = text ?? (reply.body === undefined ? undefined : JSON.stringify(reply.body));
  const headers: Record<string, string> = { ...reply.headers };
  if (body !== undefined) headers['content-type'] ??= 'application/json; charset=utf-8';
  res.writeHead(reply.status, headers).end(body);
}
