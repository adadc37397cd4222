/**
 * The command language, shared by every platform: `help`, `tasks`, `approve <ref>…`,
 * `decline <ref>… -- [reason]`, `members [group]`, `groups`, `apps [search]`,
 * `request <app> [level] [-- justification]`, `requests`, `nudge <request>`, `looking <task>`,
 * and the group and audit commands of groups/commands.ts (`group …`, `confirm`, `cancel`, `history`). Whatever follows `--` is free
 * text; everything before it has one meaning only, so a reason can never be taken for a task and
 * a task never for a reason. Parsing never throws: anything else gets a usage message that says what was wrong
 * and what would work.
 */
import { z } from 'zod';
import { DEFAULT_DAYS, MAX_DAYS, parseDays } from './audit/report-args.ts';
import {
  ChangeCommand,
  GroupCommand,
  groupUsage,
  HistoryCommand,
  parseChangeCommand,
  parseGroupCommand,
  parseHistoryCommand,
  words,
} from './groups/commands.ts';
import { closest } from './match.ts';
import { requesterUsage } from './requester-text.ts';
import { inert } from './text.ts';

export const MAX_COMMAND_LENGTH = 2000;
export const MAX_REASON_LENGTH = 1000;

/** The shortest start of a task id accepted in place of the whole id. */
export const MIN_ID_PREFIX = 6;
/** Tasks one command may decide. */
export const MAX_REFS = 15;

/**
 * A task named by its id, by the start of its id (at least `MIN_ID_PREFIX` characters), or by
 * its number in the asker's last `tasks` list.
 */
export const TaskRef = z.union([
  z.object({ kind: z.literal('id'), id: z.uuid() }),
  z.object({
    kind: z.literal('prefix'),
    prefix: z
      .string()
      .min(MIN_ID_PREFIX)
      .max(35)
      .regex(/^[0-9a-f-]+$/),
  }),
  z.object({ kind: z.literal('number'), n: z.number().int().min(1).max(500) }),
]);
export type TaskRef = z.infer<typeof TaskRef>;
const TaskRefs = z.array(TaskRef).min(1).max(MAX_REFS);
/** A request by its number in the person's last `requests` list, or by its access id. */
export const RequestRef = z.union([
  z.object({ kind: z.literal('id'), id: z.uuid() }),
  z.object({ kind: z.literal('number'), n: z.number().int().min(1).max(500) }),
]);
export type RequestRef = z.infer<typeof RequestRef>;
/** What confirms a sensitive approval (see sensitivity.ts). */
export const ConfirmationCode = z.string().regex(/^[0-9a-f]{6}$/);

export const Command = z.discriminatedUnion('name', [
  z.object({ name: z.literal('help') }),
  z.object({ name: z.literal('tasks') }),
  z.object({
    name: z.literal('approve'),
    tasks: TaskRefs,
    /** `approve <task> confirm <code>`: a sensitive approval's confirmation. */
    confirm: ConfirmationCode.optional(),
  }),
  z.object({
    name: z.literal('decline'),
    tasks: TaskRefs,
    /** Undefined: no `--` was typed, so the person is asked for a reason first. */
    reason: z.string().max(MAX_REASON_LENGTH).optional(),
    /** `--` was typed: decline, with the reason after it if there is one. */
    confirmed: z.boolean(),
  }),
  /** No group: the group the channel is bound to. */
  z.object({ name: z.literal('members'), group: z.string().min(1).max(200).optional() }),
  z.object({ name: z.literal('groups') }),
  z.object({ name: z.literal('apps'), search: z.string().max(200).optional() }),
  z.object({
    name: z.literal('request'),
    /** App name, then optionally a permission level; absent: the platform may open a form. */
    target: z.string().max(300).optional(),
    justification: z.string().max(MAX_REASON_LENGTH).optional(),
  }),
  z.object({ name: z.literal('requests') }),
  z.object({ name: z.literal('nudge'), request: RequestRef }),
  z.object({ name: z.literal('looking'), task: TaskRef }),
  GroupCommand,
  ChangeCommand.extend({ name: z.literal('confirm') }),
  ChangeCommand.extend({ name: z.literal('cancel') }),
  HistoryCommand,
  z.object({ name: z.literal('report'), days: z.number().int().min(1).max(MAX_DAYS) }),
]);
export type Command = z.infer<typeof Command>;
export type CommandName = Command['name'];

export type ParseResult = { ok: true; command: Command } | { ok: false; message: string };

/**
 * One help line per command (Teams' menu lists ten of them); `confirm` and `cancel` are not
 * among them (the card that needs them says how to type them), nor is `report`, for auditors
 * (`help` tells it apart).
 */
export const usage: Record<Exclude<CommandName, 'confirm' | 'cancel' | 'report'>, string> = {
  help: 'help — what I can do',
  tasks: 'tasks — your pending tasks, numbered',
  approve: 'approve <number or id> [more…] — approve your tasks (e.g. `approve 1 3`)',
  decline: 'decline <number or id> [more…] -- <reason> — decline them, saying why',
  members:
    'members [group name or id] — who is in a group (answered for the whole channel; no group: the one the channel is bound to)',
  groups: 'groups — the user groups',
  apps: 'apps [search] — the applications you can request',
  request: 'request <app> [permission level] -- <justification> — ask for access',
  ...requesterUsage,
  group: groupUsage.group,
  history: groupUsage.history,
};

export const auditorUsage = `report [days] — for auditors: decision times, open tasks, reminders and escalations of the last ${DEFAULT_DAYS} days (or that many)`;

const aliases: Record<string, CommandName> = { '?': 'help', list: 'tasks', group: 'members' };
const names = [...Object.keys(usage), 'confirm', 'cancel', 'report'] as CommandName[];

const fail = (message: string): ParseResult => ({ ok: false, message });
const tooLong = (what: string, text: string, max: number) =>
  fail(`That ${what} is too long (${text.length} characters; the limit is ${max}).`);

function parseRef(word: string): TaskRef | string {
  if (/^\d+$/.test(word) && word.length <= 3) {
    const n = Number(word);
    if (n >= 1 && n <= 500) return { kind: 'number', n };
    return `There is no task number ${word}; numbers come from your \`tasks\` list.`;
  }
  const lower = word.toLowerCase();
  const id = TaskRef.safeParse({ kind: 'id', id: lower });
  if (id.success) return id.data;
  const prefix = TaskRef.safeParse({ kind: 'prefix', prefix: lower });
  if (prefix.success) return prefix.data;
  const shown = inert(word, 41);
  return `"${shown}" is not a task. Use the number from \`tasks\`, or the first ${MIN_ID_PREFIX} or more characters of the task id (like 3f2b8c).`;
}

/** `1 3 3f2b8c …`: every word a task, or a message naming the first word that is not. */
function parseRefs(words: readonly string[], name: 'approve' | 'decline'): TaskRef[] | string {
  if (!words.length) return `Which task? Usage: ${usage[name]}`;
  if (words.length > MAX_REFS) return `At most ${MAX_REFS} tasks at a time, please.`;
  const refs: TaskRef[] = [];
  for (const word of words) {
    const ref = parseRef(word);
    if (typeof ref === 'string') {
      return name === 'decline' && refs.length
        ? `${ref} A reason goes after \`--\`, e.g. \`decline ${words[0]} -- ${inert(words.slice(refs.length).join(' '), 40)}\`.`
        : ref;
    }
    refs.push(ref);
  }
  return refs;
}

/** Splits `a b -- free text` at the first `--` word. */
function splitFree(args: string): { head: string; free: string | undefined } {
  const split = /(?:^|\s)--(?:\s|$)/.exec(args);
  if (!split) return { head: args.trim(), free: undefined };
  return {
    head: args.slice(0, split.index).trim(),
    free: args.slice(split.index + split[0].length).trim(),
  };
}

export function parseCommand(input: string): ParseResult {
  const text = input.replace(/\s+/g, ' ').trim();
  if (text.length > MAX_COMMAND_LENGTH) return tooLong('message', text, MAX_COMMAND_LENGTH);
  if (!text) return { ok: true, command: { name: 'help' } };
  const [head = '', ...rest] = text.split(' ');
  const word = head.toLowerCase();
  // `group <name>` still lists members; `group add|remove|bind|unbind …` changes the group.
  const changing = word === 'group' && /^(add|remove|bind|unbind)$/i.test(rest[0] ?? '');
  const name = changing
    ? 'group'
    : (names as string[]).includes(word) && word !== 'group'
      ? (word as CommandName)
      : aliases[word];
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
    case 'requests':
      return rest.length
        ? fail(`\`${name}\` takes no arguments. Usage: ${usage[name]}`)
        : ok({ name });
    case 'approve':
    case 'decline': {
      const { head, free } = splitFree(args);
      if (name === 'approve' && free !== undefined)
        return fail(`\`approve\` takes no reason. Usage: ${usage.approve}`);
      const typed = head ? head.split(' ') : [];
      const confirming = name === 'approve' ? typed.findIndex((w) => /^confirm$/i.test(w)) : -1;
      if (confirming >= 0) return parseConfirmed(typed, confirming);
      const refs = parseRefs(typed, name);
      if (typeof refs === 'string') return fail(refs);
      if (name === 'approve') return ok({ name, tasks: refs });
      const reason = free || undefined;
      if (reason && reason.length > MAX_REASON_LENGTH)
        return tooLong('reason', reason, MAX_REASON_LENGTH);
      return ok({ name, tasks: refs, reason, confirmed: free !== undefined });
    }
    case 'members':
      if (args.length > 200) return tooLong('group name', args, 200);
      // A name in quotes ("All Staff") is the name without them.
      return ok({ name, group: words(args).join(' ') || undefined });
    case 'apps':
      if (args.length > 200) return tooLong('search', args, 200);
      return ok({ name, search: words(args).join(' ') || undefined });
    case 'request':
      return parseRequest(args);
    case 'nudge':
      return parseNudge(rest);
    case 'looking': {
      if (rest.length !== 1) return fail(`Which task? One at a time. Usage: ${usage.looking}`);
      const task = parseRef(rest[0]!);
      return typeof task === 'string' ? fail(task) : ok({ name, task });
    }
    case 'group':
      return parseGroupCommand(args);
    case 'confirm':
    case 'cancel':
      return parseChangeCommand(name, args);
    case 'history':
      return parseHistoryCommand(args);
    case 'report': {
      const days = args ? parseDays(args) : DEFAULT_DAYS;
      return days === undefined
        ? fail(`\`report\` takes a number of days from 1 to ${MAX_DAYS}. Usage: ${auditorUsage}`)
        : ok({ name, days });
    }
  }
}

/** `approve <task> confirm <code>`: one task, and the code its confirmation gave. */
function parseConfirmed(typed: readonly string[], at: number): ParseResult {
  const code = ConfirmationCode.safeParse(typed[at + 1]?.toLowerCase());
  if (at !== 1 || typed.length !== 3 || !code.success) {
    return fail(
      'A confirmation names one task and its code, as the confirmation says: `approve <task> confirm <code>`.',
    );
  }
  const ref = parseRef(typed[0]!);
  if (typeof ref === 'string') return fail(ref);
  return ok({ name: 'approve', tasks: [ref], confirm: code.data });
}

/** `nudge 2` or `nudge <access id>`: one request. */
function parseNudge(words: readonly string[]): ParseResult {
  const [word = ''] = words;
  const which = `Which request? Use its number from \`requests\`. Usage: ${usage.nudge}`;
  if (words.length !== 1) return fail(which);
  const n = /^\d{1,3}$/.test(word) ? Number(word) : Number.NaN;
  const ref = RequestRef.safeParse(
    Number.isNaN(n) ? { kind: 'id', id: word.toLowerCase() } : { kind: 'number', n },
  );
  return ref.success ? ok({ name: 'nudge', request: ref.data }) : fail(which);
}

function parseRequest(args: string): ParseResult {
  const { head, free } = splitFree(args);
  const target = head || undefined;
  const justification = free || undefined;
  if (!target && justification) return fail(`Which application? Usage: ${usage.request}`);
  if (target && target.length > 300) return tooLong('application name', target, 300);
  if (justification && justification.length > MAX_REASON_LENGTH)
    return tooLong('justification', justification, MAX_REASON_LENGTH);
  return ok({ name: 'request', target, justification });
}

function ok(command: Command): ParseResult {
  return { ok: true, command: Command.parse(command) };
}
