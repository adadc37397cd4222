/**
 * The platform-neutral bot, and the only door adapters have: it wires the features together and
 * routes. A typed line or slash command is parsed, passes the actor pipeline once (actor.ts) and
 * goes to its feature's handler through one command table; clicks, forms and pickers go straight
 * to the feature's desk (`bot.tasks.decide`, `bot.requests.submit`, …), which uses the same
 * pipeline. Every rule about who may see or do what lives in the features, once, the same for
 * every platform.
 */
import type { z } from 'zod';
import type { AccessClient } from '../access/client.ts';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import type { JsonObject, Platform, Store } from '../store/store.ts';
import { Actors } from './actor.ts';
import { appReads } from './apps/deps.ts';
import { AppDesk } from './apps/desk.ts';
import { AppRules, type AppRulesConfig } from './apps/rules.ts';
import { AskDesk } from './asks/desk.ts';
import { AuditDesk } from './audit/desk.ts';
import { DEFAULT_REPORT_MAX_ROWS } from './audit/report-read.ts';
import { MAX_AWAY_DAYS } from './away/away.ts';
import { AwayDesk } from './away/desk.ts';
import { type Command, type Handlers, parseCommand } from './commands.ts';
import { ConfirmationCodes } from './confirmation-code.ts';
import { ChangeDesk } from './confirmations.ts';
import { Conversations } from './conversations.ts';
import { CONFIRM_WITHIN_MS, newChangeId } from './groups/deps.ts';
import { GroupDesk } from './groups/desk.ts';
import { GroupRules, type GroupRulesConfig } from './groups/rules.ts';
import { helpReply } from './help.ts';
import type { Voice, VoiceDefaults } from './i18n/voice.ts';
import { type ChatActor, Identity } from './identity.ts';
import type { TellApprovers, TellAsks, TellPerson } from './notices.ts';
import type { Place } from './place.ts';
import type { RateLimit } from './rate-limit.ts';
import { type Reply, warning } from './reply.ts';
import { AppCatalog } from './requests/catalog.ts';
import { RequestDesk } from './requests/desk.ts';
import { Requesters } from './requests/requesters.ts';
import { replyForError } from './service-errors.ts';
import { TaskAudience } from './tasks/audience.ts';
import { Decider } from './tasks/decide.ts';
import type { DecisionContext } from './tasks/decision-context.ts';
import { TaskDesk } from './tasks/desk.ts';
import type { Line } from './tasks/questions.ts';

export interface BotDeps {
  client: AccessClient;
  store: Store;
  log: Logger;
  pendingStatus: string;
  /** Whether someone may approve their own request; off unless the organisation allows it. */
  allowSelfApproval?: boolean;
  /** Commands, clicks and forms one person may send per minute and in a row; unset: no limit. */
  rateLimit?: RateLimit;
  /** Who may manage groups and read others' history; unset: nobody may. */
  groups?: GroupRulesConfig;
  /** Audit rows a report in chat may read (REPORT_MAX_ROWS); unset: DEFAULT_REPORT_MAX_ROWS. */
  reportMaxRows?: number;
  /** Who owns which application, and which of its fields are secret (apps/rules.ts). */
  apps?: AppRulesConfig;
  /** Tells a person added to or removed from a group; unset: nobody is told. */
  notices?: TellPerson;
  /** Nudges approvers, shows them "looking at it" marks, edits a decided task's messages; unset: none. */
  approvers?: TellApprovers;
  /** A request's approvers are nudged at most once per this (REMIND_AFTER); unset or 0: never. */
  nudgeAfterMs?: number;
  /** Questions to requesters and absences through the outbox; unset: no question is asked. */
  asks?: TellAsks;
  /** How many days ahead `away until` may go (AWAY_MAX_DAYS); unset: 90. */
  awayMaxDays?: number;
  /** Where each decision's time to decision is observed; unset: nowhere. */
  metrics?: Pick<Metrics, 'decisionSeconds' | 'auditWriteFailures'>;
  /**
   * Sensitive applications and what approvers see beside what is asked; unset: no application
   * is sensitive and cards show the task alone.
   */
  context?: DecisionContext;
  now?: () => Date;
  /** Ids of pending changes; random by default. */
  newChangeId?: () => string;
  /** DEFAULT_LOCALE and DEFAULT_TIME_ZONE: for people whose platform tells neither, and channels. */
  voices?: VoiceDefaults;
  /**
   * The key of sensitive approvals' confirmation codes (`confirmationKey`), the same on every
   * replica; unset: a random key of this process.
   */
  confirmationKey?: Buffer;
}

export type { MayAct } from './actor.ts';
export type { SettledChange } from './confirmations.ts';
export type { Answer } from './reply.ts';

export class AccessBot {
  readonly #log: Logger;
  readonly #store: Store;
  readonly #commands: Handlers<Command['name']>;
  /** The pipeline every action passes: voice, rate limit, identity, error → reply. */
  readonly actors: Actors;
  readonly tasks: TaskDesk;
  readonly requests: RequestDesk;
  readonly apps: AppDesk;
  readonly asks: AskDesk;
  readonly away: AwayDesk;
  readonly audit: AuditDesk;
  readonly changes: ChangeDesk;

  constructor(deps: BotDeps) {
    const now = deps.now ?? (() => new Date());
    const nowMs = () => now().getTime();
    const { client, store, log, context } = deps;
    this.#log = log;
    this.#store = store;
    const base = { ...deps, now };
    const identity = new Identity(client, store, now);
    const actors = new Actors({ ...base, identity });
    this.actors = actors;
    const audience = new TaskAudience(base);
    const codes = new ConfirmationCodes(now, deps.confirmationKey);
    const decider = new Decider({
      ...base,
      audience,
      allowSelfApproval: deps.allowSelfApproval ?? false,
      sensitive: context?.sensitive,
      codes,
    });
    const catalog = new AppCatalog(client, nowMs);
    const groupRules = new GroupRules(client, log, deps.groups);
    const newId = deps.newChangeId ?? newChangeId;
    const groups = {
      ...base,
      identity,
      rules: groupRules,
      newId,
      confirmWithinMs: CONFIRM_WITHIN_MS,
      reportMaxRows: deps.reportMaxRows ?? DEFAULT_REPORT_MAX_ROWS,
    };
    const apps = {
      ...base,
      ...appReads(client, nowMs),
      newId,
      confirmWithinMs: CONFIRM_WITHIN_MS,
      rules: new AppRules(groupRules, deps.apps),
      catalog,
      sensitive: context?.sensitive,
    };
    const looks = { ...base, audience };
    this.tasks = new TaskDesk({ ...base, actors, audience, decider, looks, questions: base });
    this.requests = new RequestDesk({
      ...base,
      actors,
      catalog,
      requests: store,
      requesters: new Requesters({ ...base, nudgeAfterMs: deps.nudgeAfterMs ?? 0 }),
    });
    this.apps = new AppDesk(apps, actors);
    this.asks = new AskDesk({ ...base, actors, audience, taskIds: (t, r) => this.tasks.ids(t, r) });
    this.away = new AwayDesk({ ...base, actors, maxDays: deps.awayMaxDays ?? MAX_AWAY_DAYS });
    this.audit = new AuditDesk({ ...groups, actors });
    this.changes = new ChangeDesk({
      groups,
      apps,
      actors,
      codes,
      pending: (link) => audience.pending(link),
      approve: (link, v, taskId, code) =>
        decider.decide(link, v, taskId, 'approve', undefined, code),
    });
    this.#commands = {
      help: async ({ v }) => helpReply(v),
      ...this.tasks.commands,
      ...this.requests.commands,
      ...new GroupDesk({ ...groups, catalog }).commands,
      ...this.apps.commands,
      ...this.asks.commands,
      ...this.away.commands,
      ...this.audit.commands,
      ...this.changes.commands,
    };
  }

  /** The voice to speak to `actor` in (see `Actors.voiceOf`). */
  voiceOf(actor: Pick<ChatActor, 'locale' | 'timeZone'>): Voice {
    return this.actors.voiceOf(actor);
  }

  /** Parses and runs one line of command text; `place` is where it was typed. */
  async handle(actor: ChatActor, text: string, place: Place = {}): Promise<Reply> {
    const v = this.voiceOf(actor);
    const parsed = parseCommand(text, v);
    if (!parsed.ok) return warning(v, parsed.message);
    return this.run(actor, parsed.command, place);
  }

  /**
   * A line typed in a conversation (the terminal, a Teams chat), where the bot may be waiting for
   * an answer: the command for the platform to `run` (with `place.conversation`), the reply the
   * line already got (the answer taken, the question left, a line that is no command), or
   * nothing (an empty line, with no question waiting).
   */
  read(actor: ChatActor, text: string): Promise<Line> {
    return this.tasks.read(actor, text);
  }

  /** One parsed command: counted, then its feature's handler; a failure told in words. */
  async run(actor: ChatActor, command: Command, place: Place = {}): Promise<Reply> {
    const v = this.voiceOf(actor);
    const held = await this.actors.held(actor);
    if (held) return held;
    const link = () => this.actors.link(actor);
    const handler = this.#commands[command.name] as (
      turn: Parameters<Handlers<'help'>['help']>[0],
      command: Command,
    ) => Promise<Reply>;
    try {
      return await handler({ actor, v, place, link }, command);
    } catch (error) {
      return replyForError(v, error, this.#log);
    }
  }

  /**
   * Links the actor now (e.g. when they install the app), so notifications reach them before
   * they ever type a command; false when they cannot be linked yet (logged).
   */
  async link(actor: ChatActor): Promise<boolean> {
    try {
      await this.actors.link(actor);
      return true;
    } catch (error) {
      this.#log.info({ err: error, platform: actor.platform }, 'chat user not linked yet');
      return false;
    }
  }

  /** Where a platform keeps the references it needs to message people later. */
  conversations<Ref extends JsonObject>(platform: Platform, schema: z.ZodType<Ref>) {
    return new Conversations(this.#store, platform, schema);
  }
}
