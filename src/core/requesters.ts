/**
 * The requester's side: a person's own access requests — those submitted through the bot and
 * those accessbot was told of by an approver's task — as they stand (read from their tasks),
 * since when, and who is asked; and `nudge`, which reminds a waiting request's approvers once per
 * reminder period (claimed in the store, so it holds across replicas), through the outbox, in
 * each approver's working hours. Only the requester sees or nudges a request.
 */
import type { AccessClient } from '../access/client.ts';
import type { Task } from '../access/schemas.ts';
import { assigneeOf, taskFacts } from '../access/task-facts.ts';
import type { Logger } from '../log.ts';
import type { AuditStore, IdentityLink, KnownRequest, RequesterStore } from '../store/store.ts';
import { recordTaskEvent, taskNamesOf } from './audit/record.ts';
import { timedCache } from './cache.ts';
import type { RequestRef } from './commands.ts';
import type { ChatActor } from './identity.ts';
import type { NudgeDelivery, TellApprovers } from './notices.ts';
import type { Reply } from './reply.ts';
import { type RequestView, requesterText as say } from './requester-text.ts';
import { found } from './service-errors.ts';
import { stateOf, taskCard } from './task-card.ts';
import { inert } from './text.ts';

/** Requests one list shows, newest first. */
export const MAX_REQUESTS_SHOWN = 10;
/** Tasks of one request read at most. */
const MAX_TASKS_READ = 10;
const NAMES_TTL_MS = 5 * 60_000;

export interface RequesterDeps {
  client: AccessClient;
  store: RequesterStore & AuditStore;
  log: Logger;
  now: () => Date;
  pendingStatus: string;
  /** A request's approvers are nudged at most once per this (REMIND_AFTER); 0: never. */
  nudgeAfterMs: number;
  /** Unset: nobody can be nudged. */
  approvers?: TellApprovers;
}

/** A request with its tasks as the service has them now, and how it stands. */
interface Read {
  request: KnownRequest;
  tasks: Task[];
  view: RequestView;
}

export class Requesters {
  readonly #d: RequesterDeps;
  readonly #names;

  constructor(deps: RequesterDeps) {
    this.#d = deps;
    this.#names = timedCache({
      ttl: NAMES_TTL_MS,
      max: 1_000,
      now: () => deps.now().getTime(),
      load: async (id: string) => (await found(deps.client.getUser(id)))?.displayName ?? '',
    });
  }

  /** `requests`: the person's requests, numbered (the numbers saved for `nudge 2`). */
  async list(link: IdentityLink, actor: ChatActor): Promise<Reply> {
    const { store } = this.#d;
    const requests = await store.listRequestsOf(link.accessUserId, MAX_REQUESTS_SHOWN);
    const ids = requests.map((r) => r.accessId);
    await store.saveRequestNumbering(actor.platform, actor.chatUserId, ids, this.#d.now());
    if (!requests.length) return say.noRequests();
    const read = await Promise.all(requests.map((r) => this.#read(r)));
    return say.requests(
      read.map((r) => r.view),
      this.#d.now(),
    );
  }

  /** `nudge 2`: the approvers of the person's own waiting request, once per period. */
  async nudge(link: IdentityLink, actor: ChatActor, ref: RequestRef): Promise<Reply> {
    const { store, approvers, nudgeAfterMs } = this.#d;
    if (!approvers || nudgeAfterMs <= 0) return say.nudgesOff();
    let accessId = ref.kind === 'id' ? ref.id : undefined;
    if (ref.kind === 'number') {
      const listed = await store.getRequestNumbering(actor.platform, actor.chatUserId);
      accessId = listed?.[ref.n - 1];
      if (!accessId) return say.noNumber(ref.n, listed?.length);
    }
    const request = accessId ? await store.getRequest(accessId) : undefined;
    // Someone else's request is refused with nothing about it.
    if (request?.accessUserId !== link.accessUserId) return say.notYours();
    const { tasks, view } = await this.#read(request);
    if (view.state !== 'waiting') return say.notWaiting(view);
    const now = this.#d.now();
    const next = new Date(now.getTime() + nudgeAfterMs);
    const lastBefore = new Date(now.getTime() - nudgeAfterMs);
    if (!(await store.claimNudge(request.accessId, now, lastBefore))) {
      const last = (await store.getRequest(request.accessId))?.nudgedAt ?? now;
      const again = new Date(last.getTime() + nudgeAfterMs);
      return say.tooSoon({ ...view, nudgedAt: last }, again, now);
    }
    const sent = await this.#send(link, actor, tasks, String(now.getTime()));
    return sent.length ? say.nudged(view, sent, next, now) : say.nobody(view);
  }

  /** Each waiting task's approvers get the nudge; each task nudged is audited once. */
  async #send(link: IdentityLink, actor: ChatActor, tasks: Task[], round: string) {
    const { pendingStatus, approvers } = this.#d;
    const requester = link.displayName ?? link.email;
    const sent: NudgeDelivery[] = [];
    for (const task of tasks.filter((t) => stateOf(t, pendingStatus) === 'pending')) {
      const card = taskCard(task, { pendingStatus, actionable: false });
      const { createdAt } = taskFacts(task);
      const waited = createdAt ? this.#d.now().getTime() - Date.parse(createdAt) : 0;
      const assignee = assigneeOf(task);
      const reached = await approvers!.nudge({
        taskId: task.id,
        approvers: assignee ? [assignee] : [],
        round,
        message: say.nudge(card, requester, waited),
      });
      if (!reached.length) continue;
      sent.push(...reached);
      const who = {
        platform: actor.platform,
        chatUserId: actor.chatUserId,
        accessUserId: link.accessUserId,
      };
      const event = { action: 'nudge', outcome: 'queued' } as const;
      await recordTaskEvent(this.#d, who, { taskId: task.id, ...taskNamesOf(task), ...event });
    }
    return sent;
  }

  async #read(request: KnownRequest): Promise<Read> {
    const { client, pendingStatus } = this.#d;
    const ids = request.taskIds.slice(0, MAX_TASKS_READ);
    const tasks = (await Promise.all(ids.map((id) => found(client.getTask(id))))).filter(
      (t) => t !== undefined,
    );
    const decided = tasks.find((t) => stateOf(t, pendingStatus) !== 'pending');
    const shown = decided ?? tasks[0];
    const f = shown ? taskFacts(shown) : {};
    const app = f.workAppName ?? (await this.#appName(request.workAppId));
    const what = `${inert(app)}${f.permissionLevelName ? ` (${inert(f.permissionLevelName)})` : ''}`;
    const since = f.createdAt ? new Date(f.createdAt) : request.requestedAt;
    const base = { what, since, nudgedAt: request.nudgedAt };
    if (!tasks.length) return { request, tasks, view: { ...base, state: 'unknown', people: [] } };
    if (decided) {
      const state = stateOf(decided, pendingStatus);
      const known = state === 'approved' || state === 'declined' ? state : 'other';
      const said = known === 'declined' ? f.reason : known === 'other' ? decided.status : undefined;
      const people = f.decidedByName ? [f.decidedByName] : [];
      return { request, tasks, view: { ...base, state: known, people, said } };
    }
    const assignees = [...new Set(tasks.flatMap((t) => assigneeOf(t) ?? []))];
    const names = await Promise.all(assignees.map((id) => this.#names.fetch(id).catch(() => '')));
    const people = names.filter((name): name is string => !!name);
    return { request, tasks, view: { ...base, state: 'waiting', people } };
  }

  async #appName(workAppId: string): Promise<string> {
    const app = await found(this.#d.client.getWorkApp(workAppId)).catch(() => undefined);
    return app?.name ?? 'an application';
  }
}
