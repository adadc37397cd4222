/**
 * The options of `npm run audit`. A bare date is a whole UTC day: `--since` from its start,
 * `--until` to its end. Anything else is refused with one line that says what is wrong.
 */
import { parseArgs } from 'node:util';
import type { AuditExportOptions } from '../src/core/audit/export.ts';
import { ConfigError } from '../src/errors.ts';

export const AUDIT_USAGE = [
  'usage: npm run audit -- --since 2026-11-01 [--until 2026-11-30] [--format csv|json] [--person <email or chat user id>] [--task <task id>]',
  '       npm run audit -- --verify [--head <hash of a posted head>]',
].join('\n');

/** `--verify`: the chain checked, against a head posted earlier when one is named. */
export interface AuditVerifyOptions {
  verify: true;
  head: string | undefined;
}

const HASH = /^[0-9a-f]{64}$/;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A date (a whole UTC day: its start, or with `endOfDay` its end) or an ISO instant. */
export function instant(name: string, value: string, endOfDay: boolean): Date {
  const day = DAY.test(value);
  const date = new Date(day ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(date.getTime()) || (!day && !/^\d{4}-\d{2}-\d{2}T/.test(value))) {
    throw new ConfigError(
      `--${name} must be a date (2026-11-01) or an ISO instant (2026-11-01T09:00:00Z), got "${value.slice(0, 40)}"`,
    );
  }
  return day && endOfDay ? new Date(date.getTime() + DAY_MS) : date;
}

/** The `--name value` options named, every one a string; anything else is a ConfigError. */
export function stringOptions<const N extends string>(
  argv: readonly string[],
  names: readonly N[],
): Partial<Record<N, string>> {
  const options = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
  try {
    const { values } = parseArgs({
      args: [...argv],
      options,
      strict: true,
      allowPositionals: false,
    });
    return values as Partial<Record<N, string>>;
  } catch (error) {
    throw new ConfigError((error as Error).message.split('\n')[0] ?? 'invalid arguments');
  }
}

export function parseAuditArgs(argv: readonly string[]): AuditExportOptions | AuditVerifyOptions {
  if (argv.includes('--verify')) {
    const { head } = stringOptions(
      argv.filter((arg) => arg !== '--verify'),
      ['head'],
    );
    const posted = head?.trim().toLowerCase();
    if (posted !== undefined && !HASH.test(posted)) {
      throw new ConfigError('--head must be a posted head hash: 64 hexadecimal characters');
    }
    return { verify: true, head: posted };
  }
  return parseExportArgs(argv);
}

export function parseExportArgs(argv: readonly string[]): AuditExportOptions {
  const values = stringOptions(argv, ['since', 'until', 'format', 'person', 'task']);
  if (!values.since) throw new ConfigError('--since is required, e.g. --since 2026-11-01');
  const since = instant('since', values.since, false);
  const until = values.until === undefined ? undefined : instant('until', values.until, true);
  if (until && until <= since) throw new ConfigError('--until must be after --since');
  const format = values.format ?? 'csv';
  if (format !== 'csv' && format !== 'json') {
    throw new ConfigError(`--format must be csv or json, got "${String(format).slice(0, 20)}"`);
  }
  const person = values.person?.trim() || undefined;
  const task = values.task?.trim() || undefined;
  return { since, until, format, person, task };
}
