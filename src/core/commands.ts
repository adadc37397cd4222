/**
 * The command table and its one parser; each grammar lives in its feature's folder. After `--` is
 * free text. Parsing never throws: a usage message says what was wrong (docs/architecture.md).
 */
import { z } from 'zod';
import { AppCommand, AppsCommand, parseAppCommand, parseApps } from './apps/commands.ts';
import { AskCommands, parseAnswer, parseAsk } from './asks/commands.ts';
import {
  HistoryCommand,
  parseHistoryCommand,
  parseReceipt,
  parseReport,
  ReceiptCommand,
  ReportCommand,
} from './audit/commands.ts';
import { AwayCommands, parseAway } from './away/commands.ts';
import { ConfirmCommands, parseConfirmation } from './confirm/commands.ts';
import { DigestCommands, parseDigest } from './digest/commands.ts';
import { fail, type Parsed, splitFree, tooLong } from './grammar.ts';
import {
  GroupCommand,
  GroupsCommand,
  MembersCommand,
  parseGroupCommand,
  parseMembers,
} from './groups/commands.ts';
import type { Voice } from './i18n/voice.ts';
import { closest } from './match.ts';
import { parseNudge, parseRequest, RequestCommands } from './requests/commands.ts';
import { parseReview, ReviewCommands } from './reviews/commands.ts';
import { parseDecision, parseLooking, TaskCommands } from './tasks/commands.ts';
import { inert } from './text.ts';

export const MAX_COMMAND_LENGTH = 2000;

export const Command = z.discriminatedUnion('name', [
  z.object({ name: z.literal('help') }),
  ...TaskCommands,
  ...ReviewCommands,
  ...RequestCommands,
  MembersCommand,
  GroupsCommand,
  GroupCommand,
  AppsCommand,
  AppCommand,
  ...AskCommands,
  ...AwayCommands,
  ...DigestCommands,
  HistoryCommand,
  ReportCommand,
  ReceiptCommand,
  ...ConfirmCommands,
]);
export type Command = z.infer<typeof Command>;
export type CommandName = Command['name'];

export type ParseResult = Parsed<Command>;

/** Not `confirm` and `cancel` (their cards say how), nor `report` (`help` adds it for auditors). */
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
  'reviews',
  'review',
  'ask',
  'answer',
  'away',
  'back',
  'digest',
  'group',
  'history',
  'receipt',
] as const satisfies readonly CommandName[];
export type HelpCommand = (typeof HELP_COMMANDS)[number];

/** The command's words stay English. */
export const usage = (v: Voice, name: HelpCommand) => v.t(`usage.${name}`);

const aliases: Record<string, CommandName> = { '?': 'help', list: 'tasks', group: 'members' };
export const COMMAND_NAMES: readonly CommandName[] = [
  ...HELP_COMMANDS,
  'confirm',
  'cancel',
  'report',
];
const names = COMMAND_NAMES as readonly string[];

const grammar: { [N in CommandName]: (v: Voice, args: string, rest: string[]) => Parsed<Command> } =
  {
    help: (v, _, rest) => bare(v, 'help', rest),
    tasks: (v, _, rest) => bare(v, 'tasks', rest),
    groups: (v, _, rest) => bare(v, 'groups', rest),
    requests: (v, _, rest) => bare(v, 'requests', rest),
    back: (v, _, rest) => bare(v, 'back', rest),
    reviews: (v, _, rest) => bare(v, 'reviews', rest),
    review: parseReview,
    approve: (v, args) => parseDecision(v, 'approve', args),
    decline: (v, args) => parseDecision(v, 'decline', args),
    looking: (v, _, rest) => parseLooking(v, rest),
    members: parseMembers,
    apps: parseApps,
    app: (v, args) => {
      const { head, free } = splitFree(args);
      return parseAppCommand(v, head, free);
    },
    request: parseRequest,
    nudge: (v, _, rest) => parseNudge(v, rest),
    ask: parseAsk,
    answer: parseAnswer,
    away: parseAway,
    digest: parseDigest,
    group: parseGroupCommand,
    confirm: (v, args) => parseConfirmation(v, 'confirm', args),
    cancel: (v, args) => parseConfirmation(v, 'cancel', args),
    history: parseHistoryCommand,
    report: parseReport,
    receipt: parseReceipt,
  };

function bare(v: Voice, name: HelpCommand, rest: readonly string[]): Parsed<Command> {
  if (rest.length) return fail(v.t('parse.noArguments', { name, usage: usage(v, name) }));
  return { ok: true, command: { name } as Command };
}

/** `aprove 2`, `tsks`: a slip of the keyboard, not words meant for someone to read. */
export function isMistypedCommand(input: string, v: Voice): boolean {
  const [head = '', ...rest] = input.replace(/\s+/g, ' ').trim().split(' ');
  const word = head.toLowerCase();
  if (names.includes(word) || aliases[word]) return false;
  const guess = closest(word, COMMAND_NAMES);
  return guess !== undefined && parseCommand([guess, ...rest].join(' '), v).ok;
}

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
    : names.includes(word) && word !== 'group'
      ? (word as CommandName)
      : aliases[word];
  if (!name) {
    const guess = closest(word, COMMAND_NAMES);
    const shown = inert(word, 31);
    return fail(
      guess
        ? v.t('parse.unknownCommandGuess', { word: shown, guess })
        : v.t('parse.unknownCommand', { word: shown }),
    );
  }
  const parsed = grammar[name](v, rest.join(' '), rest);
  return parsed.ok ? { ok: true, command: Command.parse(parsed.command) } : parsed;
}
