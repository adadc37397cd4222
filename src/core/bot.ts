/**
 * The platform-neutral bot, and the only door adapters have: typed lines and slash commands,
 * button clicks, card refreshes, pickers and forms all come in here and go out as neutral
 * results (a `Reply`, a `DecisionResult`, a `TaskView`, choices). Every rule about who may see
 * or do what lives behind these methods, once, the same for every platform.
 */
import type { z } from 'zod';
import type { AccessClient } from '../access/client.ts';
import type { Task } from '../access/schemas.ts';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import type {
  AppPolicyStore,
  AuditStore,
  Away,
  AwayStore,
  ChannelGroupStore,
  ConfirmationStore,
  ConversationRefStore,
  IdentityLink,
  JsonObject,
  LinkStore,
  LookStore,
  PersonAuditEntry,
  Platform,
  QuestionStore,
  RateStore,
  ReportStore,
  RequesterStore,
  RequestStore,
  TaskAudienceStore,
  TaskNumberStore,
  TaskQuestionStore,
} from '../store/store.ts';
import { type Decided, decidedReply, decideEach } from './approve-all.ts';
import { type AppDeps, appReads } from './apps/deps.ts';
import { AppDesk } from './apps/desk.ts';
import { AppRules, type AppRulesConfig } from './apps/rules.ts';
import { runAppLine } from './apps/run.ts';
import { type AskDeps, answerQuestion, answerTyped, askRequester } from './asks/ask.ts';
import { cardNotes, listNotes } from './asks/notes.ts';
import { TaskAudience } from './audience.ts';
import { ownQuery, readHistory } from './audit/history.ts';
import { DEFAULT_REPORT_MAX_ROWS } from './audit/report-read.ts';
import {
  type AwayDeps,
  awayDay,
  awayOf,
  comeBack,
  goAway,
  MAX_AWAY_DAYS,
  setAway,
  untilText,
} from './away/away.ts';
import { addDays, dayText, localDay } from './away/days.ts';
import { AppCatalog } from './catalog.ts';
import type { Choice } from './choices.ts';
import { type Command, parseCommand, type TaskRef } from './commands.ts';
import { ConfirmDoor, type SettledChange } from './confirm/door.ts';
import type { Verb } from './confirm/settle.ts';
import { Conversations } from './conversations.ts';
import { Decider, type Decision, type DecisionResult } from './decide.ts';
import type { DecisionContext } from './decision-context.ts';
import { appsReply, groupsReply } from './directory.ts';
import { NotLinkedError } from './errors.ts';
import type { GroupDeps } from './groups/deps.ts';
import { runGroupLine } from './groups/dispatch.ts';
import { GroupRules, type GroupRulesConfig } from './groups/rules.ts';
import { type Voice, type VoiceDefaults, voiceFor } from './i18n/voice.ts';
import { type ChatActor, Identity } from './identity.ts';
import { type LookDeps, lookLine, markLooking } from './looking.ts';
import type { TellApprovers, TellAsks, TellPerson } from './notices.ts';
import type { Place } from './place.ts';
import { askReasonNext, type Line, type QuestionDeps, readLine } from './questions.ts';
import { type RateLimit, rateLimit } from './rate-limit.ts';
import { type Answer, kept, type Reply, warning } from './reply.ts';
import {
  type FormOutcome,
  type RequestDeps,
  type RequestForm,
  requestByForm,
  requestTyped,
} from './request.ts';
import { Requesters } from './requesters.ts';
import { replyForError } from './service-errors.ts';
import { helpReply, MAX_TASKS_SHOWN, tasksReply } from './task-list.ts';
import { askReason, resolveRef } from './task-refs.ts';
import { type TaskView, viewTask } from './view-task.ts';

export type BotStore = LinkStore &
  AuditStore &
  AppPolicyStore &
  TaskNumberStore &
  RequestStore &
  TaskAudienceStore &
  ConversationRefStore &
  ConfirmationStore &
  ChannelGroupStore &
  RateStore &
  QuestionStore &
  RequesterStore &
  LookStore &
  TaskQuestionStore &
  AwayStore &
  ReportStore;

export interface BotDeps {
  client: AccessClient;
  store: BotStore;
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
  /** Nudges approvers and shows them "looking at it" marks; unset: neither reaches anyone. */
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
  /** DEFAULT_LOCALE and DEFAULT_TIME_ZONE: for people whose platform tells neither, and channels. */
  voices?: VoiceDefaults;
}

const slowDown = (v: Voice) => warning(v, v.t('bot.slowDown'), { title: v.t('bot.slowDownTitle') });

export type { SettledChange } from './confirm/door.ts';

/** A task, what to do with it, the reason of a decline, the code of a sensitive approval. */
type DecideArgs = [taskId: string, decision: Decision, reason?: string, confirmation?: string];

/** Whether a person may act now, and when not, what they are told (see `mayAct`). */
export type MayAct = { ok: true } | { ok: false; slow: boolean; reply: Reply };

export type { Answer } from './reply.ts';

export class AccessBot {
  readonly #deps: BotDeps;
  readonly #now: () => Date;
  readonly #identity: Identity;
  readonly #audience: TaskAudience;
  readonly #decider: Decider;
  readonly #catalog: AppCatalog;
  readonly #rate: (who: string) => Promise<boolean>;
  readonly #groups: GroupDeps;
  readonly #request: RequestDeps;
  readonly #requesters: Requesters;
  readonly #looks: LookDeps;
  readonly #confirm: ConfirmDoor;
  readonly #questions: QuestionDeps;
  readonly #apps: AppDeps;
  /** Applications: their cards, forms and buttons. */
  readonly apps: AppDesk;
  readonly #ask: AskDeps;
  readonly #away: AwayDeps;

  constructor(deps: BotDeps) {
    this.#deps = deps;
    const now = deps.now ?? (() => new Date());
    const nowMs = () => now().getTime();
    this.#now = now;
    const { client, store, log } = deps;
    const base = { ...deps, now };
    this.#identity = new Identity(client, store, now);
    this.#audience = new TaskAudience(base);
    const allowSelfApproval = deps.allowSelfApproval ?? false;
    this.#decider = new Decider({
      ...base,
      audience: this.#audience,
      allowSelfApproval,
      sensitive: deps.context?.sensitive,
    });
    this.#catalog = new AppCatalog(client, nowMs);
    this.#rate = rateLimit(deps.rateLimit, store, nowMs);
    const groupRules = new GroupRules(client, log, deps.groups);
    this.#groups = {
      ...base,
      identity: this.#identity,
      rules: groupRules,
      reportMaxRows: deps.reportMaxRows ?? DEFAULT_REPORT_MAX_ROWS,
    };
    this.#apps = {
      ...base,
      ...appReads(client, nowMs),
      rules: new AppRules(groupRules, deps.apps),
      catalog: this.#catalog,
      sensitive: deps.context?.sensitive,
    };
    this.apps = new AppDesk(this.#apps, {
      voiceOf: (actor) => this.voiceOf(actor),
      held: (actor) => this.#held(actor),
      as: (actor, work, failed) => this.#as(actor, work, failed),
    });
    this.#request = { ...base, catalog: this.#catalog, requests: store };
    this.#requesters = new Requesters({ ...base, nudgeAfterMs: deps.nudgeAfterMs ?? 0 });
    this.#looks = { ...base, audience: this.#audience };
    this.#questions = base;
    this.#ask = { ...base, audience: this.#audience };
    this.#away = { ...base, maxDays: deps.awayMaxDays ?? MAX_AWAY_DAYS };
    this.#confirm = new ConfirmDoor(this.#groups, this.#apps, (link, v, taskId, code) =>
      this.#decider.decide(link, v, taskId, 'approve', undefined, code),
    );
  }

  /**
   * The voice to speak to `actor` in: the language and time zone their platform gave, or the
   * organisation's defaults.
   */
  voiceOf(actor: Pick<ChatActor, 'locale' | 'timeZone'>): Voice {
    return voiceFor(actor.locale, actor.timeZone, this.#deps.voices);
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
  async read(actor: ChatActor, text: string): Promise<Line> {
    const v = this.voiceOf(actor);
    try {
      const line = await readLine(this.#questions, actor, v, text);
      if (line.kind !== 'decline') return line;
      const held = await this.#held(actor);
      if (held) return { kind: 'reply', reply: held };
      const reply = await this.#decideIds(actor, v, line.taskIds, 'decline', line.reason);
      return { kind: 'reply', reply, answered: 'decline' };
    } catch (error) {
      return { kind: 'reply', reply: replyForError(v, error, this.#deps.log) };
    }
  }

  async run(actor: ChatActor, command: Command, place: Place = {}): Promise<Reply> {
    const v = this.voiceOf(actor);
    const held = await this.#held(actor);
    if (held) return held;
    try {
      return await this.#run(actor, v, command, place);
    } catch (error) {
      return replyForError(v, error, this.#deps.log);
    }
  }

  async #run(actor: ChatActor, v: Voice, command: Command, place: Place): Promise<Reply> {
    const { client } = this.#deps;
    switch (command.name) {
      case 'help':
        return helpReply(v);
      case 'tasks':
        return (await this.taskList(actor)).reply;
      case 'approve':
        return this.#decideRefs(actor, v, command.tasks, 'approve', undefined, command.confirm);
      case 'decline':
        if (!command.confirmed) return this.#askReason(actor, v, command.tasks, place);
        return this.#decideRefs(actor, v, command.tasks, 'decline', command.reason);
      case 'confirm':
      case 'cancel':
        return this.#confirm.typed(
          await this.#identity.resolve(actor),
          v,
          command.code,
          command.name,
        );
      case 'app':
        return runAppLine(this.#apps, await this.#identity.resolve(actor), v, command);
      case 'members':
      case 'group':
      case 'history':
      case 'report':
        return runGroupLine(this.#groups, await this.#identity.resolve(actor), v, place, command);
      case 'groups':
        await this.#identity.resolve(actor);
        return groupsReply(v, client);
      case 'apps': {
        const link = await this.#identity.resolve(actor);
        return appsReply(v, await this.#catalog.appsFor(link.accessUserId), command.search);
      }
      case 'request': {
        const link = await this.#identity.resolve(actor);
        return requestTyped(
          this.#request,
          v,
          link.accessUserId,
          command.target,
          command.justification,
        );
      }
      case 'requests':
        return this.requestList(actor);
      case 'nudge': {
        const link = await this.#identity.resolve(actor);
        return this.#requesters.nudge(link, actor, v, command.request);
      }
      case 'looking':
      case 'ask': {
        const ids = await this.#taskIds(actor, v, [command.task]);
        if (!Array.isArray(ids)) return ids;
        const link = await this.#identity.resolve(actor);
        if (command.name === 'looking') return markLooking(this.#looks, link, v, ids[0]!);
        return askRequester(this.#ask, link, v, ids[0]!, command.question);
      }
      case 'answer': {
        const link = await this.#identity.resolve(actor);
        return answerTyped(this.#ask, link, actor, v, command.question, command.text);
      }
      case 'away':
        return goAway(
          this.#away,
          await this.#identity.resolve(actor),
          v,
          command.until,
          command.note,
        );
      case 'back':
        return comeBack(this.#away, await this.#identity.resolve(actor), v);
    }
  }

  /** A question from a card's form: the task must wait in the actor's own list. */
  async ask(actor: ChatActor, taskId: string, question: string): Promise<Reply> {
    const v = this.voiceOf(actor);
    if (!(await this.mayAct(actor))) return slowDown(v);
    const ask = (link: IdentityLink) => askRequester(this.#ask, link, v, taskId, question);
    return this.#as(actor, ask, (reply) => reply);
  }

  /** An answer from the question's form: only its requester's, once. */
  async answer(actor: ChatActor, questionId: string, text: string): Promise<Reply> {
    const v = this.voiceOf(actor);
    if (!(await this.mayAct(actor))) return slowDown(v);
    const answer = (link: IdentityLink) => answerQuestion(this.#ask, link, v, questionId, text);
    return this.#as(actor, answer, (reply) => reply);
  }

  /**
   * Away until the day picked in a form (`2026-12-01`), or back (`undefined`): the App Home's
   * switch. The day is checked as `away until` checks it.
   */
  async setAway(actor: ChatActor, day: string | undefined, note?: string): Promise<Reply> {
    const v = this.voiceOf(actor);
    if (!(await this.mayAct(actor))) return slowDown(v);
    return this.#as(
      actor,
      async (link) => {
        if (day === undefined) return comeBack(this.#away, link, v);
        const checked = awayDay(this.#away, v, day);
        return 'year' in checked ? setAway(this.#away, link, v, checked, note) : checked;
      },
      (reply) => reply,
    );
  }

  /** The first day an away form offers: tomorrow in the actor's zone (`2026-11-23`). */
  awayFormDay(actor: ChatActor): string {
    const v = this.voiceOf(actor);
    return dayText(addDays(localDay(this.#now(), v.timeZone), 1));
  }

  /** The day an absence ends, as `v` writes it. */
  awayUntil(v: Voice, away: Pick<Away, 'untilDay'>): string {
    return untilText(v, away);
  }

  /** The actor's absence that lasts now, if any; undefined when they cannot be told apart. */
  async awayNow(actor: ChatActor) {
    const link = await this.#identity.resolve(actor).catch(() => undefined);
    return link && awayOf(this.#away, link.accessUserId);
  }

  /**
   * "Looking at it" on a card, or a decline form opened: the task's other approvers are shown who
   * is looking. Only its approvers may; the reply says what became of it.
   */
  async look(actor: ChatActor, taskId: string): Promise<Reply> {
    const v = this.voiceOf(actor);
    const held = await this.#held(actor);
    if (held) return held;
    return this.#as(
      actor,
      (link) => markLooking(this.#looks, link, v, taskId),
      (reply) => reply,
    );
  }

  /**
   * The actor's pending tasks as a numbered reply, and the tasks themselves. The numbers shown
   * are saved in the store before the list is answered, so `approve 2` means what the person saw,
   * on any replica; if they cannot be saved, no numbered list is shown at all.
   * A failure comes back as a reply with no tasks.
   */
  taskList(actor: ChatActor): Promise<{ reply: Reply; tasks: Task[] }> {
    const { store, pendingStatus } = this.#deps;
    const v = this.voiceOf(actor);
    const list = async (link: IdentityLink) => {
      const tasks = await this.#audience.pending(link);
      const shown = tasks.slice(0, MAX_TASKS_SHOWN);
      const ids = shown.map((t) => t.id);
      await store.saveTaskNumbering(actor.platform, actor.chatUserId, ids, this.#now());
      const [extras, notes] = await Promise.all([
        this.#deps.context?.sensitivities(shown),
        listNotes(store, shown, link.accessUserId, v),
      ]);
      return { reply: tasksReply(v, tasks, pendingStatus, extras, notes), tasks };
    };
    return this.#as(actor, list, (reply) => ({ reply, tasks: [] }));
  }

  /** The actor's own access requests, numbered (as `requests` answers); a failure says so. */
  requestList(actor: ChatActor): Promise<Reply> {
    const v = this.voiceOf(actor);
    return this.#as(
      actor,
      (link) => this.#requesters.list(link, actor, v),
      (reply) => reply,
    );
  }

  /**
   * A decision from a button, a form or a command; the task must be in the actor's own list.
   * `confirmation`: the code of a sensitive approval's confirmation, when this is one.
   */
  async decide(actor: ChatActor, ...args: DecideArgs): Promise<DecisionResult> {
    const held = await this.#held(actor);
    if (held) return kept('failed', held);
    return this.#decide(actor, ...args);
  }

  #decide(actor: ChatActor, ...args: DecideArgs): Promise<DecisionResult> {
    const v = this.voiceOf(actor);
    const decide = (link: IdentityLink) => this.#decider.decide(link, v, ...args);
    return this.#as(actor, decide, (reply) => kept('failed', reply));
  }

  /** "Approve all": each listed task once, in order, each checked like a single click. */
  async approveAll(
    actor: ChatActor,
    taskIds: readonly string[],
  ): Promise<{ reply: Reply; results: Decided[] }> {
    const v = this.voiceOf(actor);
    const held = await this.#held(actor);
    if (held) return { reply: held, results: [] };
    const results = await decideEach(taskIds, (taskId) => this.#decide(actor, taskId, 'approve'));
    return { reply: decidedReply(v, results), results };
  }

  /** The card the actor may see for a task; nothing about a task that never was theirs. */
  viewTask(actor: ChatActor, taskId: string): Promise<TaskView> {
    const { context } = this.#deps;
    const extras =
      context && (async (task: Task, v: Voice) => (await context.forApprover(task, v)).now);
    const v = this.voiceOf(actor);
    return this.#as(
      actor,
      (link) => {
        const looking = (task: Task) => lookLine(this.#looks, link, v, task);
        const notes = (task: Task) => cardNotes(this.#deps.store, task, link.accessUserId, v);
        return viewTask(
          { ...this.#deps, audience: this.#audience, extras, looking, notes },
          link,
          v,
          taskId,
        );
      },
      (reply, error) => ({ kind: error instanceof NotLinkedError ? 'refused' : 'failed', reply }),
    );
  }

  /** Applications for a picker, matching what the actor typed. */
  searchApps(actor: ChatActor, typed: string, limit: number): Promise<Answer<Choice[]>> {
    return this.#answer(actor, (link) => this.#catalog.search(link.accessUserId, typed, limit));
  }

  /** Permission levels of one application for a picker. */
  permissionLevels(actor: ChatActor, appId: string, typed = ''): Promise<Answer<Choice[]>> {
    return this.#answer(actor, (link) => this.#catalog.levels(link.accessUserId, appId, typed));
  }

  /** A submitted request form; the app and level are read again from the service. */
  async submitRequestForm(actor: ChatActor, form: RequestForm): Promise<FormOutcome> {
    const done = (reply: Reply) => ({ kind: 'done', reply }) as const;
    const v = this.voiceOf(actor);
    const held = await this.#held(actor);
    if (held) return done(held);
    const request = (link: IdentityLink) =>
      requestByForm(this.#request, v, link.accessUserId, form);
    return this.#as(actor, request, done);
  }

  /**
   * Confirm on a change's card — of a group's members, or of an application: carried out once,
   * only for the person who asked (or a second admin, where one confirms).
   */
  confirmChange(actor: ChatActor, code: string): Promise<SettledChange> {
    return this.#change(actor, code, 'confirm');
  }

  /** Cancel on a change's card. */
  cancelChange(actor: ChatActor, code: string): Promise<SettledChange> {
    return this.#change(actor, code, 'cancel');
  }

  async #change(actor: ChatActor, code: string, verb: Verb): Promise<SettledChange> {
    const v = this.voiceOf(actor);
    const held = await this.#held(actor);
    if (held) return kept('stale', held);
    const work = async (link: IdentityLink) =>
      (await this.#confirm.settle(link, v, code, verb)) ??
      kept('stale', warning(v, v.t('change.unknown')));
    return this.#as(actor, work, (reply) => kept('failed', reply));
  }

  /**
   * The actor's own recent actions (decisions, group changes, changes made to them), newest
   * first, and the Access user they are for; undefined when they cannot be read right now.
   */
  async recentActions(
    actor: ChatActor,
    limit: number,
  ): Promise<{ entries: PersonAuditEntry[]; viewer?: string } | undefined> {
    const link = await this.#identity.resolve(actor).catch(() => undefined);
    const entries = await readHistory(this.#deps, ownQuery(actor, link, limit));
    return entries && { entries, viewer: link?.accessUserId };
  }

  /**
   * Links the actor now (e.g. when they install the app), so notifications reach them before
   * they ever type a command; false when they cannot be linked yet (logged).
   */
  async link(actor: ChatActor): Promise<boolean> {
    try {
      await this.#identity.resolve(actor);
      return true;
    } catch (error) {
      this.#deps.log.info({ err: error, platform: actor.platform }, 'chat user not linked yet');
      return false;
    }
  }

  /** Where a platform keeps the references it needs to message people later. */
  conversations<Ref extends JsonObject>(platform: Platform, schema: z.ZodType<Ref>) {
    return new Conversations(this.#deps.store, platform, schema);
  }

  /**
   * Whether `actor` may act now, counted (opening the Slack App Home counts too); never rejects.
   * When not: `slow` — past their limit, to be told to slow down — or the store could not count
   * (nothing may be done then), and `reply` says which.
   */
  async mayAct(actor: ChatActor): Promise<MayAct> {
    const v = this.voiceOf(actor);
    try {
      if (await this.#rate(`${actor.platform}:${actor.chatUserId}`)) return { ok: true };
    } catch (error) {
      return { ok: false, slow: false, reply: replyForError(v, error, this.#deps.log) };
    }
    this.#deps.log.warn({ platform: actor.platform }, 'a person was asked to slow down');
    return { ok: false, slow: true, reply: slowDown(v) };
  }

  /** What the actor is told instead when they may not act now; undefined when they may. */
  async #held(actor: ChatActor): Promise<Reply | undefined> {
    const may = await this.mayAct(actor);
    return may.ok ? undefined : may.reply;
  }

  #answer<T>(actor: ChatActor, work: (link: IdentityLink) => Promise<T>): Promise<Answer<T>> {
    const answer = async (link: IdentityLink): Promise<Answer<T>> => ({
      ok: true,
      value: await work(link),
    });
    return this.#as(actor, answer, (reply) => ({ ok: false, reply }));
  }

  /** `work` for the actor's link; a failure, linking included, is told by `failed`. */
  async #as<T>(
    actor: ChatActor,
    work: (link: IdentityLink) => Promise<T>,
    failed: (reply: Reply, error: unknown) => T,
  ): Promise<T> {
    try {
      return await work(await this.#identity.resolve(actor));
    } catch (error) {
      return failed(replyForError(this.voiceOf(actor), error, this.#deps.log), error);
    }
  }

  /**
   * `approve 1 3`, `decline 3f2b8c -- why`: the tasks named by list numbers, id prefixes of the
   * actor's own tasks, or ids; one task's own reply, or a summary of several.
   */
  async #decideRefs(
    actor: ChatActor,
    v: Voice,
    refs: readonly TaskRef[],
    decision: Decision,
    reason?: string,
    confirmation?: string,
  ): Promise<Reply> {
    const ids = await this.#taskIds(actor, v, refs);
    if (!Array.isArray(ids)) return ids;
    return this.#decideIds(actor, v, ids, decision, reason, confirmation);
  }

  /** One task's own reply, or a summary of several. */
  async #decideIds(
    actor: ChatActor,
    v: Voice,
    ids: readonly string[],
    decision: Decision,
    reason?: string,
    confirmation?: string,
  ): Promise<Reply> {
    const decide = (taskId: string) => this.#decide(actor, taskId, decision, reason, confirmation);
    if (ids.length === 1) return (await decide(ids[0]!)).reply;
    return decidedReply(v, await decideEach(ids, decide), decision);
  }

  /**
   * `decline 1` without `--`: nothing is declined until the person says why. Where their next line
   * is heard, it is taken as the reason; elsewhere they are told how to give one.
   */
  async #askReason(actor: ChatActor, v: Voice, refs: readonly TaskRef[], place: Place) {
    if (!place.conversation) return askReason(v, refs);
    const ids = await this.#taskIds(actor, v, refs);
    if (!Array.isArray(ids)) return ids;
    return askReasonNext(this.#questions, actor, v, ids);
  }

  /** The tasks named by list numbers, id prefixes of the actor's own tasks, or ids. */
  async #taskIds(actor: ChatActor, v: Voice, refs: readonly TaskRef[]): Promise<string[] | Reply> {
    const needs = (kind: TaskRef['kind']) => refs.some((ref) => ref.kind === kind);
    const listed = needs('number')
      ? await this.#deps.store.getTaskNumbering(actor.platform, actor.chatUserId)
      : undefined;
    const pending = needs('prefix')
      ? await this.#audience.pending(await this.#identity.resolve(actor))
      : [];
    const resolved = refs.map((ref) => resolveRef(v, ref, listed, pending));
    const refused = resolved.find((id) => typeof id !== 'string');
    return refused ?? resolved.filter((id) => typeof id === 'string');
  }
}
