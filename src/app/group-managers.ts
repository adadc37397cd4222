/**
 * Reads `GROUP_MANAGERS` and `APP_OWNERS`: `Engineering=ada@x.com,alan@x.com;Design=tim@x.com`,
 * inline JSON, or a JSON file's path, as NOTIFY_RULES. Throws a one-line Error for the
 * configuration error.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export type GroupManagers = Record<string, string[]>;

interface Words {
  /** The example's key and what a pair names: `Group` or `App`. */
  noun: string;
  /** One of the people listed: `manager` or `owner`. */
  person: string;
}

const people = (w: Words) =>
  z.record(
    z.string().trim().min(1),
    z
      .array(z.email('is not an e-mail address').trim().toLowerCase())
      .min(1, `names no ${w.person}`),
  );

export const parseGroupManagers = (value: string) =>
  parsePeopleByName(value, { noun: 'Group', person: 'manager' });

export const parseAppOwners = (value: string) =>
  parsePeopleByName(value, { noun: 'App', person: 'owner' });

function parsePeopleByName(value: string, w: Words): GroupManagers {
  const text = value.trim();
  if (text.startsWith('{')) return fromJson(text, w);
  if (text.includes('=')) return fromPairs(text, w);
  let content: string;
  try {
    content = readFileSync(text, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new Error(`cannot read the ${w.person}s file ${text} (${code})`);
  }
  return fromJson(content, w);
}

function fromJson(text: string, w: Words): GroupManagers {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('is not valid JSON');
  }
  return checked(json, w);
}

function fromPairs(text: string, w: Words): GroupManagers {
  const listed: Record<string, string[]> = {};
  for (const pair of text.split(';').filter((p) => p.trim())) {
    const at = pair.indexOf('=');
    const shown = pair.trim().slice(0, 40);
    if (at < 0) throw new Error(`"${shown}" has no "=": write ${w.noun}=a@x.com,b@x.com`);
    const name = pair.slice(0, at).trim();
    if (!name) throw new Error(`"${shown}" names no ${w.noun.toLowerCase()} before "="`);
    const emails = pair
      .slice(at + 1)
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    listed[name] = [...(listed[name] ?? []), ...emails];
  }
  return checked(listed, w);
}

function checked(value: unknown, w: Words): GroupManagers {
  const parsed = people(w).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new Error(
      `does not match ${w.noun}=a@x.com,b@x.com;Other=c@x.com${where}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}
