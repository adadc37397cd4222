/**
 * Reads `GROUP_MANAGERS`: who manages which group. Inline as `Engineering=ada@x.com,alan@x.com;
 * Design=tim@x.com`, inline JSON (`{"Engineering": ["ada@x.com"]}`), or the path of a JSON
 * file of that shape, as NOTIFY_RULES. A group is named by its name (any case) or its id.
 * Throws an Error whose message says what is wrong, in one line, for the configuration error.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export type GroupManagers = Record<string, string[]>;

const Managers = z.record(
  z.string().trim().min(1),
  z.array(z.email('is not an e-mail address').trim().toLowerCase()).min(1, 'names no manager'),
);

export function parseGroupManagers(value: string): GroupManagers {
  const text = value.trim();
  if (text.startsWith('{')) return fromJson(text);
  if (text.includes('=')) return fromPairs(text);
  let content: string;
  try {
    content = readFileSync(text, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new Error(`cannot read the managers file ${text} (${code})`);
  }
  return fromJson(content);
}

function fromJson(text: string): GroupManagers {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('is not valid JSON');
  }
  return checked(json);
}

function fromPairs(text: string): GroupManagers {
  const managers: Record<string, string[]> = {};
  for (const pair of text.split(';').filter((p) => p.trim())) {
    const at = pair.indexOf('=');
    if (at < 0)
      throw new Error(`"${pair.trim().slice(0, 40)}" has no "=": write Group=a@x.com,b@x.com`);
    const group = pair.slice(0, at).trim();
    if (!group) throw new Error(`"${pair.trim().slice(0, 40)}" names no group before "="`);
    const emails = pair
      .slice(at + 1)
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    managers[group] = [...(managers[group] ?? []), ...emails];
  }
  return checked(managers);
}

function checked(value: unknown): GroupManagers {
  const parsed = Managers.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new Error(
      `does not match Group=a@x.com,b@x.com;Other=c@x.com${where}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}
