/**
 * The command language, shared by every platform: `help`, `tasks`, `approve <ref>…`,
 * `decline <ref>… -- [reason]`, `members [group]`, `groups`, `apps [search]`, `app …`
 * (an application's card and its owners' changes, apps/commands.ts),
 * `request <app> [level] [-- justification]`, `requests`, `nudge <request>`, `looking <task>`,
 * `ask <task> -- <question>` (and asks/commands.ts: `answer`, `away until <day>`, `back`),
 * `confirm <code>` and `cancel <code>` (every confirmation, see confirm/door.ts), and the group and
 * audit commands of groups/commands.ts (`group …`, `history`). Whatever follows `--` is free
 * text; everything before it has one meaning only, so a reason can never be taken for a task and
 * a task never for a reason. Parsing never throws: anything else gets a usage message that says what was wrong
 * and what would work.
 */
import { z } from 'zod';
import { AppCommand, parseAppCommand } from './apps/commands.ts';
import {
  AnswerCommand,
  AwayCommand,
  BackCommand,
  MAX_QUESTION_LENGTH,
  parseAnswer,
  parseAway,
  splitFree,
} from './asks/commands.ts';
import { DEFAULT_DAYS, MAX_DAYS, parseDays } from './audit/report.ts';
import { ConfirmCode } from './confirm/code.ts';
import {
  GroupCommand,
  HistoryCommand,
  parseGroupCommand,
  parseHistoryCommand,
  words,
} from './groups/commands.ts';
import type { Voice } from './i18n/voice.ts';
import { closest } from './match.ts';
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
export const Command = z.discriminatedUnion('name', [
  z.object({ name: z.literal('help') }),
  z.object({ name: z.literal('tasks') }),
  z.object({
    name: z.literal('approve'),
    tasks: TaskRefs,
    /** `approve <task> confirm <code>`: a sensitive approval's confirmation. */
    confirm: ConfirmCode.optional(),
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
  AppCommand,
  z.object({
    name: z.literal('request'),
    /** App name, then optionally a permission level; absent: the platform may open a form. */
    target: z.string().max(300).optional(),
    justification: z.string().max(MAX_REASON_LENGTH).optional(),
  }),
  z.object({ name: z.literal('requests') }),
  z.object({ name: z.literal('nudge'), request: RequestRef }),
  z.object({ name: z.literal('looking'), task: TaskRef }),
  z.object({
    name: z.literal('ask'),
    task: TaskRef,
    question: z.string().min(1).max(MAX_QUESTION_LENGTH),
  }),
  AnswerCommand,
  AwayCommand,
  BackCommand,
  GroupCommand,
  z.object({ name: z.literal('confirm'), code: ConfirmCode }),
  z.object({ name: z.literal('cancel'), code: ConfirmCode }),
  HistoryCommand,
  z.object({ name: z.literal('report'), days: z.number().int().min(1).max(MAX_DAYS) }),
]);
export type Command = z.infer<typeof Command>;
export type CommandName = Command['name'];

export type ParseResult = { ok: true; command: Command } | { ok: false; message: string };

/**
 * The commands with a help line (Teams lists them, ten at most); `confirm` and `cancel` are not
 * among them (the card that needs them says how to type them), nor is `report`, for auditors
 * (`help` lists it last, saying so).
 */
export const HELP_COMMANDS = [
  'help',
  'tasks',
  'approve',
  'decline',
  'members',
  'groups',
  'apps',
  'app',
  'request',
  'requests',
  'nudge',
  'looking',
  'ask',
  'answer',
  'away',
  'back',
  'group',
  'history',
] as const satisfies readonly CommandName[];
export type HelpCommand = (typeof HELP_COMMANDS)[number];

/** `approve <number or id> [more…] — approve your tasks`: the command's words stay English. */
export const usage = (v: Voice, name: HelpCommand) => v.t(`usage.${name}`);

export const auditorUsage = (v: Voice) => v.t('usage.report', { days: DEFAULT_DAYS });

const aliases: Record<string, CommandName> = { '?': 'help', list: 'tasks', group: 'members' };
const names: CommandName[] = [...HELP_COMMANDS, 'confirm', 'cancel', 'report'];

const fail = (message: string): ParseResult => ({ ok: false, message });
type TooLong =
  | 'message'
  | 'reason'
  | 'groupName'
  | 'search'
  | 'appName'
  | 'justification'
  | 'question';
const tooLong = (v: Voice, what: TooLong, text: string, max: number) =>
  fail(v.t('parse.tooLong', { what, length: text.length, max }));

function parseRef(v: Voice, word: string): TaskRef | string {
  if (/^\d+$/.test(word) && word.length <= 3) {
    const n = Number(word);
    if (n >= 1 && n <= 500) return { kind: 'number', n };
    return v.t('parse.noSuchNumber', { word });
  }
  const lower = word.toLowerCase();
  const id = TaskRef.safeParse({ kind: 'id', id: lower });
  if (id.success) return id.data;
  const prefix = TaskRef.safeParse({ kind: 'prefix', prefix: lower });
  if (prefix.success) return prefix.data;
  return v.t('parse.notATask', { word: inert(word, 41), min: MIN_ID_PREFIX });
}

/** `1 3 3f2b8c …`: every word a task, or a message naming the first word that is not. */
function parseRefs(
  v: Voice,
  words: readonly string[],
  name: 'approve' | 'decline',
): TaskRef[] | string {
  if (!words.length) return v.t('parse.whichTask', { usage: usage(v, name) });
  if (words.length > MAX_REFS) return v.t('parse.tooManyTasks', { max: MAX_REFS });
  const refs: TaskRef[] = [];
  for (const word of words) {
    const ref = parseRef(v, word);
    if (typeof ref === 'string') {
      if (name !== 'decline' || !refs.length) return ref;
      const reason = inert(words.slice(refs.length).join(' '), 40);
      return v.t('parse.reasonAfterDashes', { said: ref, first: words[0]!, reason });
    }
    refs.push(ref);
  }
  return refs;
}

/**
 * Whether a line that is no command would be one with its first word corrected (`aprove 2`,
 * `tsks`): a slip of the keyboard, not words meant for someone to read.
 */
export function isMistypedCommand(input: string, v: Voice): boolean {
  const [head = '', ...rest] = input.replace(/\s+/g, ' ').trim().split(' ');
  const word = head.toLowerCase();
  if ((names as string[]).includes(word) || aliases[word]) return false;
  const guess = closest(word, names);
  return guess !== undefined && parseCommand([guess, ...rest].join(' '), v).ok;
}

/** Parses a line; what is wrong with it is said in `v`'s language. */
export function parseCommand(input: string, v: Voice): ParseResult {
  const text = input.replace(/\s+/g, ' ').trim();
  if (text.length > MAX_COMMAND_LENGTH) return tooLong(v, 'message', text, MAX_COMMAND_LENGTH);
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
    const shown = inert(word, 31);
    return fail(
      guess
        ? v.t('parse.unknownCommandGuess', { word: shown, guess })
        : v.t('parse.unknownCommand', { word: shown }),
    );
  }
  const args = rest.join(' ');
  switch (name) {
    case 'help':
    case 'tasks':
    case 'groups':
    case 'requests':
    case 'back':
      return rest.length
        ? fail(v.t('parse.noArguments', { name, usage: usage(v, name) }))
        : ok({ name });
    case 'approve':
    case 'decline': {
      const { head, free } = splitFree(args);
      if (name === 'approve' && free !== undefined)
        return fail(v.t('parse.approveNoReason', { usage: usage(v, 'approve') }));
      const typed = head ? head.split(' ') : [];
      const confirming = name === 'approve' ? typed.findIndex((w) => /^confirm$/i.test(w)) : -1;
      if (confirming >= 0) return parseConfirmed(v, typed, confirming);
      const refs = parseRefs(v, typed, name);
      if (typeof refs === 'string') return fail(refs);
      if (name === 'approve') return ok({ name, tasks: refs });
      const reason = free || undefined;
      if (reason && reason.length > MAX_REASON_LENGTH)
        return tooLong(v, 'reason', reason, MAX_REASON_LENGTH);
      return ok({ name, tasks: refs, reason, confirmed: free !== undefined });
    }
    case 'members':
      if (args.length > 200) return tooLong(v, 'groupName', args, 200);
      // A name in quotes ("All Staff") is the name without them.
      return ok({ name, group: words(args).join(' ') || undefined });
    case 'apps':
      if (args.length > 200) return tooLong(v, 'search', args, 200);
      return ok({ name, search: words(args).join(' ') || undefined });
    case 'app': {
      const { head, free } = splitFree(args);
      const app = parseAppCommand(v, head, free);
      return app.ok ? ok(app.command) : app;
    }
    case 'request':
      return parseRequest(v, args);
    case 'nudge':
      return parseNudge(v, rest);
    case 'looking': {
      const task = rest.length === 1 ? parseRef(v, rest[0]!) : undefined;
      if (task === undefined) return fail(v.t('parse.whichTaskOne', { usage: usage(v, name) }));
      return typeof task === 'string' ? fail(task) : ok({ name, task });
    }
    case 'ask':
      return parseAsk(v, args);
    case 'answer':
      return parseAnswer(v, args);
    case 'away':
      return parseAway(v, args);
    case 'group':
      return parseGroupCommand(v, args);
    case 'confirm':
    case 'cancel': {
      const code = ConfirmCode.safeParse(args.trim().toLowerCase());
      if (code.success) return ok({ name, code: code.data });
      return fail(
        name === 'confirm'
          ? v.t('parse.whichConfirmation')
          : v.t('parse.whichChange', { name: 'cancel' }),
      );
    }
    case 'history':
      return parseHistoryCommand(v, args);
    case 'report': {
      const days = args ? parseDays(args) : DEFAULT_DAYS;
      return days === undefined
        ? fail(v.t('parse.reportDays', { max: MAX_DAYS, usage: auditorUsage(v) }))
        : ok({ name, days });
    }
  }
}

/** `approve <task> confirm <code>`: one task, and the code its confirmation gave. */
function parseConfirmed(v: Voice, typed: readonly string[], at: number): ParseResult {
  const code = ConfirmCode.safeParse(typed[at + 1]?.toLowerCase());
  if (at !== 1 || typed.length !== 3 || !code.success) return fail(v.t('parse.confirmation'));
  const ref = parseRef(v, typed[0]!);
  if (typeof ref === 'string') return fail(ref);
  return ok({ name: 'approve', tasks: [ref], confirm: code.data });
}

/** `nudge 2` or `nudge <access id>`: one request. */
function parseNudge(v: Voice, words: readonly string[]): ParseResult {
  const [word = ''] = words;
  const n = /^\d{1,3}$/.test(word) ? Number(word) : Number.NaN;
  const ref = RequestRef.safeParse(
    Number.isNaN(n) ? { kind: 'id', id: word.toLowerCase() } : { kind: 'number', n },
  );
  if (words.length === 1 && ref.success) return ok({ name: 'nudge', request: ref.data });
  return fail(v.t('parse.whichRequest', { usage: usage(v, 'nudge') }));
}

/** `ask <task> -- <question>`: one task, and what to ask its requester. */
function parseAsk(v: Voice, args: string): ParseResult {
  const { head, free } = splitFree(args);
  const task = head && !head.includes(' ') ? parseRef(v, head) : undefined;
  if (task === undefined || !free) return fail(v.t('parse.askUsage', { usage: usage(v, 'ask') }));
  if (typeof task === 'string') return fail(task);
  if (free.length > MAX_QUESTION_LENGTH) return tooLong(v, 'question', free, MAX_QUESTION_LENGTH);
  return ok({ name: 'ask', task, question: free });
}

function parseRequest(v: Voice, args: string): ParseResult {
  const { head, free } = splitFree(args);
  const target = head || undefined;
  const justification = free || undefined;
  if (!target && justification) {
    return fail(v.t('parse.whichApp', { usage: usage(v, 'request') }));
  }
  if (target && target.length > 300) return tooLong(v, 'appName', target, 300);
  if (justification && justification.length > MAX_REASON_LENGTH)
    return tooLong(v, 'justification', justification, MAX_REASON_LENGTH);
  return ok({ name: 'request', target, justification });
}

function ok(command: Command): ParseResult {
  return { ok: true, command: Command.parse(command) };
}
