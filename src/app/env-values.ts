/**
 * The building blocks of the environment schema: how one variable is read (blank is unset, a
 * default, a duration, a bounded whole number, …), each with a message that names the variable
 * and what is expected.
 */
import { z } from 'zod';

/** Empty strings count as unset: env files often carry `NAME=` lines. */
export const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankIsUnset, schema.optional());
export const withDefault = <T extends z.ZodType>(schema: T, value: z.output<T>) =>
  z.preprocess(blankIsUnset, schema.default(value as never));

export const secret = (what: string) => optional(z.string().min(1, `${what} must not be empty`));

export const httpUrl = (name: string) =>
  z.url({
    protocol: /^https?$/,
    error: `${name} must be an http(s) URL, e.g. https://access.example.com/api/v1`,
  });

const durationPattern = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/;
const unitMs = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `24h`, `90m`, `30s`, `2d`, `0` → milliseconds; a bare number is seconds. */
export function parseDuration(value: string): number | undefined {
  const match = durationPattern.exec(value.trim());
  if (!match) return undefined;
  const unit = (match[2] ?? 's') as keyof typeof unitMs;
  return Math.round(Number(match[1]) * unitMs[unit]);
}

export const duration = (name: string) =>
  z.string().transform((value, ctx) => {
    const ms = parseDuration(value);
    if (ms === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be a duration such as 24h, 90m, 30s or 0 (got "${value}")`,
      });
      return z.NEVER;
    }
    return ms;
  });

/** A value parsed by `parse`, whose Error message completes the variable's name. */
export const parsedBy = <T>(name: string, parse: (value: string) => T) =>
  z.string().transform((value, ctx) => {
    try {
      return parse(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `${name} ${(error as Error).message}` });
      return z.NEVER;
    }
  });

export const header = (name: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, `${name} must be an HTTP header name such as X-Access-Signature`);

export const intIn = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

export const tenantList = z.string().transform((value, ctx) => {
  const ids = value.split(',').map((id) => id.trim().toLowerCase());
  if (ids.length === 1 && ids[0] === '*') return '*' as const;
  if (ids.some((id) => !/^[a-z0-9][\w.-]*$/.test(id))) {
    ctx.addIssue({
      code: 'custom',
      message:
        'TEAMS_ALLOWED_TENANTS must be tenant ids separated by commas, or * to accept every tenant',
    });
    return z.NEVER;
  }
  return ids;
});
