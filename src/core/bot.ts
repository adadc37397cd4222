/**
 * The platform-neutral bot, the only door adapters have: typed lines go through one command table,
 * clicks and forms straight to a feature's desk; both pass the actor pipeline (actor.ts) once.
 */
import type { z } from 'zod';
import type { Logger } from '../log.ts';
import type { IdentityLink, JsonObject, Platform, Store } from '../store/store.ts';
import { Actors } from './actor.ts';
import { AppCatalog } from './apps/catalog.ts';
import { appReads } from './apps/deps.ts';
import { AppDesk } from './apps/desk.ts';
import { AppRules } from './apps/rules.ts';
import { AskDesk } from './asks/desk.ts';
import { listNotes } from './asks/notes.ts';
import { AuditDesk } from './audit/desk.ts';
import { UsualWaits } from './audit/index.ts';
import { DEFAULT_REPORT_MAX_ROWS } from './audit/report-read.ts';
import { AwayDesk } from './away/desk.ts';
import type { BotDeps } from './bot-deps.ts';
import { type Command, parseCommand } from './commands.ts';
import { ChangeDesk } from './confirmations.ts';
import { Conversations } from './conversations.ts';
import { DigestDesk } from './digest/desk.ts';
import { groupCommands } from './groups/desk.ts';
import { GroupRules } from './groups/rules.ts';
import { helpReply } from './help.ts';
import { english, type Voice } from './i18n/voice.ts';
import { type ChatActor, Identity } from './identity.ts';
import type { Place } from './place.ts';
import { type Line, readTyped } from './read.ts';
import { type Reply, warning } from './reply.ts';
import { RequestDesk } from './requests/desk.ts';
import { filers, withFilers } from './requests/filers.ts';
import { Requesters } from './requests/requesters.ts';
import { ReviewDesk } from './reviews/desk.ts';
import { DEFAULT_REVIEW_DUE_DAYS } from './reviews/index.ts';
import { replyForError } from './service-errors.ts';
import {
  type AskStepUp,
  Ceremonies,
  passkeyCommands,
  relyingParty,
  stepUpLink,
} from './stepup/index.ts';
import { TaskAudience } from './tasks/audience.ts';
import { Decider } from './tasks/decide.ts';
import type { Decision } from './tasks/decision-result.ts';
import { TaskDesk } from './tasks/desk.ts';
import type { Handlers, Turn } from './turn.ts';
import { WorkflowDesk } from './workflow/step.ts';

export type { BotDeps } from './bot-deps.ts';
export type { SettledChange } from './confirmations.ts';

export class AccessBot {
  readonly #log: Logger;
  readonly #store: Store;
  readonly #commands: Handlers<Command>;
  readonly actors: Actors;
  readonly tasks: TaskDesk;
  readonly reviews: ReviewDesk;
  readonly requests: RequestDesk;
  readonly apps: AppDesk;
  readonly asks: AskDesk;
  readonly away: AwayDesk;
  readonly digest: DigestDesk;
  readonly audit: AuditDesk;
  readonly changes: ChangeDesk;
  /** Workflow steps (Slack's custom steps): a request filed, completed once decided. */
  readonly workflows: WorkflowDesk;
  /** STEP_UP=passkey: what the passkey page asks of the bot; unset: codes confirm. */
  readonly stepUp: Ceremonies | undefined;
  /** Where the bot may wait for an answer (the terminal, a Teams chat). */
  readonly read: (actor: ChatActor, text: string) => Promise<Line>;

  constructor(deps: BotDeps) {
    const now = deps.now ?? (() => new Date());
    const nowMs = () => now().getTime();
    const { store, log, context } = deps;
    const client = withFilers(deps.client, store);
    this.#log = log;
    this.#store = store;
    const base = { ...deps, client, now };
    const identity = new Identity(client, store, now);
    const actors = new Actors({ ...base, identity });
    this.actors = actors;
    // The raw client: the audience looks filers up only for the tasks it is asked for.
    const audience = new TaskAudience({ ...base, client: deps.client, filed: filers(store) });
    const publicUrl = deps.stepUp?.publicUrl.replace(/\/+$/, '');
    const stepUp: AskStepUp | undefined =
      publicUrl === undefined
        ? undefined
        : (link, v, asking) => stepUpLink({ ...base, publicUrl }, link, v, asking);
    const decider = new Decider({
      ...base,
      audience,
      allowSelfApproval: deps.allowSelfApproval ?? false,
      sensitive: context?.sensitive,
      stepUp,
    });
    const catalog = new AppCatalog(client, nowMs);
    const groupRules = new GroupRules(client, log, deps.groups);
    const groups = {
      ...base,
      identity,
      rules: groupRules,
      reportMaxRows: deps.reportMaxRows ?? DEFAULT_REPORT_MAX_ROWS,
      reviewDueDays: deps.reviewDueDays ?? DEFAULT_REVIEW_DUE_DAYS,
    };
    const apps = {
      ...base,
      ...appReads(client, nowMs),
      rules: new AppRules(groupRules, deps.apps),
      catalog,
      sensitive: context?.sensitive,
    };
    const looks = { ...base, audience };
    this.tasks = new TaskDesk({
      ...base,
      actors,
      audience,
      decider,
      looks,
      questions: base,
      notes: listNotes.bind(undefined, store),
    });
    const usual = new UsualWaits(store, now, log);
    const filing = {
      ...base,
      actors,
      identity,
      mayFileFor: groupRules.mayFileFor.bind(groupRules),
      catalog,
      requests: store,
      usual,
    };
    this.requests = new RequestDesk({
      ...filing,
      requesters: new Requesters({ ...base, usual, nudgeAfterMs: deps.nudgeAfterMs ?? 0 }),
    });
    this.workflows = new WorkflowDesk(filing);
    this.apps = new AppDesk(apps, actors);
    this.asks = new AskDesk({ ...base, actors, audience, taskIds: (t, r) => this.tasks.ids(t, r) });
    this.away = new AwayDesk({ ...base, actors });
    this.digest = new DigestDesk({ ...base, actors });
    const mayAudit = groupRules.mayAudit.bind(groupRules);
    this.audit = new AuditDesk({ ...groups, actors, mayAudit });
    const batches = {
      ...base,
      decide: (link: IdentityLink, id: string, d: Decision, reason?: string, batchId?: string) =>
        decider.decide(link, english, id, d, reason, undefined, batchId),
    };
    const defaultGroups =
      context && ((userId: string, appId: string) => context.defaultGroups(userId, appId));
    this.reviews = new ReviewDesk({ actors, audience, batches, defaultGroups, log });
    this.changes = new ChangeDesk({
      groups,
      apps,
      actors,
      batches,
      approve: (link, v, taskId, found) =>
        decider.decide(link, v, taskId, 'approve', undefined, found),
      stepUp,
    });
    const changes = this.changes;
    this.stepUp =
      publicUrl === undefined
        ? undefined
        : new Ceremonies({
            ...base,
            rp: relyingParty(publicUrl),
            voiceOf: (who) => actors.voiceOf(who),
            confirm: (link, v, found, passkey) => changes.byPasskey(link, v, found, passkey),
          });
    this.read = (actor, text) =>
      readTyped({ questions: base, actors, tasks: this.tasks }, actor, text);
    this.#commands = {
      help: async ({ v }) => helpReply(v),
      ...this.tasks.commands,
      ...this.reviews.commands,
      ...this.requests.commands,
      ...groupCommands(groups),
      ...this.apps.commands,
      ...this.asks.commands,
      ...this.away.commands,
      ...this.digest.commands,
      ...this.audit.commands,
      ...this.changes.commands,
      ...passkeyCommands({ ...groups, isAdmin: (link) => groupRules.isAdmin(link), stepUp }),
    };
  }

  voiceOf(actor: Pick<ChatActor, 'locale' | 'timeZone'>): Voice {
    return this.actors.voiceOf(actor);
  }

  async handle(actor: ChatActor, text: string, place: Place = {}): Promise<Reply> {
    const v = this.voiceOf(actor);
    const parsed = parseCommand(text, v);
    if (!parsed.ok) return warning(v, parsed.message);
    return this.run(actor, parsed.command, place);
  }

  async run(actor: ChatActor, command: Command, place: Place = {}): Promise<Reply> {
    const v = this.voiceOf(actor);
    const held = await this.actors.held(actor);
    if (held) return held;
    const link = () => this.actors.link(actor);
    const handler = this.#commands[command.name] as (
      turn: Turn,
      command: Command,
    ) => Promise<Reply>;
    try {
      return await handler({ actor, v, place, link }, command);
    } catch (error) {
      return replyForError(v, error, this.#log);
    }
  }

  /** On install, so notifications reach them before their first command; false: not yet. */
  async link(actor: ChatActor): Promise<boolean> {
    try {
      await this.actors.link(actor);
      return true;
    } catch (error) {
      this.#log.info({ err: error, platform: actor.platform }, 'chat user not linked yet');
      return false;
    }
  }

  conversations<Ref extends JsonObject>(platform: Platform, schema: z.ZodType<Ref>) {
    return new Conversations(this.#store, platform, schema);
  }
}
