/** How one environment variable is read, each with a message naming the variable. */
import { z } from 'zod';

/** For the env example and the configuration table. */
export interface SettingDoc {
  /** One line: what the setting means (Markdown, links relative to docs/). */
  doc: string;
  default?: string;
  /** What leaving it unset means, for a setting without a default. */
  unset?: string;
  /** A deployment fills it in: the env example lists it uncommented. */
  fill?: boolean;
}

export const settingDocs = z.registry<SettingDoc>();

function documented<S extends z.ZodType>(schema: S, meta: SettingDoc): S {
  settingDocs.add(schema as z.ZodType, meta);
  return schema;
}

/** Empty strings count as unset: env files often carry `NAME=` lines. */
export const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);

export const optional = <T extends z.ZodType>(
  schema: T,
  doc: string,
  more: Pick<SettingDoc, 'unset' | 'fill'> = {},
) => documented(z.preprocess(blankIsUnset, schema.optional()), { doc, ...more });

/** `text` is the default as written in the environment, read by `schema` like any value. */
export const withDefault = <T extends z.ZodType>(schema: T, text: string, doc: string) =>
  documented(
    z.preprocess((v) => blankIsUnset(v) ?? text, schema),
    { doc, default: text },
  );

/** Never echoed. */
export const secret = (name: string, doc: string, unset?: string) =>
  optional(z.string().min(1, `${name} must not be empty`), doc, { unset, fill: true });

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

/** `parse`'s Error message completes the name (`must be …`), or follows it after a colon. */
export const parsedBy = <T>(name: string, parse: (value: string) => T) =>
  z.string().transform((value, ctx) => {
    try {
      return parse(value);
    } catch (error) {
      const { message } = error as Error;
      const join = /^[a-z]/.test(message) ? ' ' : ': ';
      ctx.addIssue({ code: 'custom', message: `${name}${join}${message}` });
      return z.NEVER;
    }
  });

export const onOff = (name: string) => z.enum(['0', '1'], { error: `${name} must be 1 or 0` });

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
  const message = ids.includes('*')
    ? 'TEAMS_ALLOWED_TENANTS=* is refused: accessbot serves one organisation’s Access Service, and people of any other tenant could take your people’s e-mail addresses; list your tenant ids'
    : 'TEAMS_ALLOWED_TENANTS must be tenant ids separated by commas';
  if (ids.some((id) => !/^[a-z0-9][\w.-]*$/.test(id))) {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return ids;
});
