/** A 2xx status, then JSON, then the schema's shape; errors never quote the body itself. */
import type { z } from 'zod';
import type { EndpointName } from './endpoints.ts';
import { InvalidResponseError } from './errors.ts';

export function checkStatus(endpoint: EndpointName, status: number): void {
  if (status < 200 || status >= 300) {
    throw new InvalidResponseError(endpoint, `unexpected status ${status}`, { status });
  }
}

export function readJson(endpoint: EndpointName, status: number, text: string): unknown {
  checkStatus(endpoint, status);
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new InvalidResponseError(endpoint, 'the body is not JSON', { status, cause });
  }
}

export function validate<T extends z.ZodType>(
  endpoint: EndpointName,
  status: number,
  schema: T,
  json: unknown,
): z.output<T> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? first.path.join('.') : 'body';
    throw new InvalidResponseError(endpoint, `${where}: ${first?.message ?? 'invalid'}`, {
      status,
      cause: parsed.error,
    });
  }
  return parsed.data;
}
