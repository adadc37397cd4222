/**
 * The command language, shared by every platform: `help`, `tasks`, `approve <ref>`,
 * `decline <ref> [reason…]`, `members <group>`, `groups`, `apps [search]`,
 * `request <app> [level] [-- justification]`. Parsing never throws: anything else gets a
 * usage message that says what was wrong and what would work.
 */
import { z } from 'zod';
import { closest } from './match.ts';
import { inert } from './text.ts';

export const MAX_COMMAND_LENGTH = 2000;
export const MAX_REASON_LENGTH = 1000;

/** A task named by its id, or by its number in the asker's last `tasks` list. */
export const TaskRef = z.union([
  z.object({ kind: z.literal('id'), id: z.uuid() }),
  z.object({ kind: z.literal('number'), n: z.number().int().min(1).max(500) }),
]);
export type TaskRef = z.infer<typeof TaskRef>;

export const Command = z.discriminatedUnion('name', [
  z.object({ name: z.literal('help') }),
  z.object({ name: z.literal('tasks') }),
  z.object({ name: z.literal('approve'), task: TaskRef }),
  z.object({
    name: z.literal('decline'),
    task: TaskRef,
    reason: z.string().max(MAX_REASON_LENGTH).optional(),
  }),
  z.object({ name: z.literal('members'), group: z.string().min(1).max(200) }),
  z.object({ name: z.literal('groups') }),
  z.object({ name: z.literal('apps'), search: z.string().max(200).optional() }),
  z.object({
    name: z.literal('request'),
    /** App name, then optionally a permission level; absent: the platform may open a form. */
    target: z.string().max(300).optional(),
    justification: z.string().max(MAX_REASON_LENGTH).optional(),
  }),
]);
export type Command = z.infer<typeof Command>;
export type CommandName = Command['name'];

export type ParseResult = { ok: true; command: Command } | { ok: false; message: string };

export const usage: Record<CommandName, string> = {
  help: 'help — what I can do',
  tasks: 'tasks — your pending tasks, numbered',
  approve: 'approve <number or task id> — approve one of your tasks',
  decline: 'decline <number or task id> [reason] — decline one of your tasks',
  members: 'members <group name or id> — who is in a group (answered for the whole channel)',
  groups: 'groups — the user groups',
  apps: 'apps [search] — the applications you can request',
  request: 'request <app> [permission level] -- <justification> — ask for access',
};

const aliases: Record<string, CommandName> = { '?': 'help', list: 'tasks', group: 'members' };
const names = Object.keys(usage) as CommandName[];

const fail = (message: string): ParseResult => ({ ok: false, message });

function parseRef(word: string | undefined, name: CommandName): TaskRef | string {
  if (!word) return `Which task? Usage: ${usage[name]}`;
  if (/^\d+$/.test(word)) {
    const n = Number(word);
    if (n >= 1 && n <= 500) return { kind: 'number', n };
    return `There is no task number ${word}; numbers come from your \`tasks\` list.`;
  }
  const id = TaskRef.safeParse({ kind: 'id', id: word.toLowerCase() });
  if (id.success) return id.data;
  const shown = inert(word, 41);
  return `"${shown}" is not a task id. Use the number from \`tasks\` or the full id (like 3f2b8c1e-9a4d-4c1b-8e2f-1a2b3c4d5e6f).`;
}

export function parseCommand(input: string): ParseResult {
  const text = input.replace(/\s+/g, ' ').trim();
  if (text.length > MAX_COMMAND_LENGTH) {
    return fail(
      `That message is too long (${text.length} characters; the limit is ${MAX_COMMAND_LENGTH}).`,
    );
  }
  if (!text) return { ok: true, command: { name: 'help' } };
  const [head = '', ...rest] = text.split(' ');
  const word = head.toLowerCase();
  const name = (names as string[]).includes(word) ? (word as CommandName) : aliases[word];
  if (!name) {
    const guess = closest(word, names);
    const hint = guess ? ` Did you mean \`${guess}\`?` : '';
    const shown = inert(word, 31);
    return fail(`I don't know the command "${shown}".${hint} Type \`help\` to see what I can do.`);
  }
  const args = rest.join(' ');
  switch (name) {
    case 'help':
    case 'tasks':
    case 'groups':
      return rest.length
        ? fail(`\`${name}\` takes no arguments. Usage: ${usage[name]}`)
        : ok({ name });
    case 'approve': {
      const ref = parseRef(rest[0], name);
      if (typeof ref === 'string') return fail(ref);
      if (rest.length > 1) return fail(`Approve one task at a time. Usage: ${usage.approve}`);
      return ok({ name, task: ref });
    }
    case 'decline': {
      const ref = parseRef(rest[0], name);
      if (typeof ref === 'string') return fail(ref);
      const reason = rest.slice(1).join(' ') || undefined;
      if (reason && reason.length > MAX_REASON_LENGTH) {
        return fail(
          `That reason is too long (${reason.length} characters; the limit is ${MAX_REASON_LENGTH}).`,
        );
      }
      return ok({ name, task: ref, reason });
    }
    case 'members':
      if (!args) return fail(`Which group? Usage: ${usage.members}`);
      if (args.length > 200)
        return fail('That group name is too long (the limit is 200 characters).');
      return ok({ name, group: args });
    case 'apps':
      if (args.length > 200) return fail('That search is too long (the limit is 200 characters).');
      return ok({ name, search: args || undefined });
    case 'request':
      return parseRequest(args);
  }
}

function parseRequest(args: string): ParseResult {
  const split = /(?:^|\s)--(?:\s|$)/.exec(args);
  const target = (split ? args.slice(0, split.index) : args).trim() || undefined;
  const justification = split
    ? args.slice(split.index + split[0].length).trim() || undefined
    : undefined;
  if (!target && justification) return fail(`Which application? Usage: ${usage.request}`);
  if (target && target.length > 300) return fail('That application name is too long.');
  if (justification && justification.length > MAX_REASON_LENGTH) {
    return fail(
      `That justification is too long (${justification.length} characters; the limit is ${MAX_REASON_LENGTH}).`,
    );
  }
  return ok({ name: 'request', target, justification });
}

function ok(command: Command): ParseResult {
  return { ok: true, command: Command.parse(command) };
}
