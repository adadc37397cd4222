/** A person's own access requests as their tasks stand, and `nudge`; only the requester's. */
import type { AccessClient } from '../../access/client.ts';
import { assigneeOf, type Task, taskFacts } from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';
import type {
  AuditStore,
  Away,
  AwayStore,
  IdentityLink,
  KnownRequest,
  RequesterStore,
  TaskQuestionStore,
} from '../../store/store.ts';
import { approversOf, awaySentence, questionSentence } from '../asks/index.ts';
import { recordTaskEvent, taskNamesOf, type UsualWaits } from '../audit/index.ts';
import { timedCache } from '../cache.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { type ChatActor, nameOf } from '../identity.ts';
import type { NudgeDelivery, TellApprovers } from '../notices.ts';
import { info, listBlock, type Reply, success, type TaskCard, warning } from '../reply.ts';
import { found } from '../service-errors.ts';
import { stateOf, taskCard } from '../tasks/index.ts';
import { inert } from '../text.ts';
import type { RequestRef } from './commands.ts';
import { usualNotes } from './usual-wait.ts';

export const MAX_REQUESTS_SHOWN = 10;
const MAX_TASKS_READ = 10;
const NAMES_TTL_MS = 5 * 60_000;

export interface RequesterDeps {
  client: AccessClient;
  store: RequesterStore & AuditStore & TaskQuestionStore & AwayStore;
  log: Logger;
  now: () => Date;
  pendingStatus: string;
  /** 0: nobody can be nudged. */
  nudgeAfterMs: number;
  approvers?: TellApprovers;
  usual: UsualWaits;
}

interface RequestView {
  app: string | undefined;
  level: string | undefined;
  state: 'waiting' | 'approved' | 'declined' | 'other' | 'unknown';
  /** Waiting: who is asked; decided: who decided (when known). */
  people: string[];
  /** Waiting: Access id → name. */
  assignees: Map<string, string>;
  /** A decline's reason; another state's name. */
  said?: string;
  since: Date;
  nudgedAt: Date | null;
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

  /** Numbered, and the numbers saved for `nudge 2`. */
  async list(link: IdentityLink, actor: ChatActor, v: Voice): Promise<Reply> {
    const { store } = this.#d;
    const requests = await store.listRequestsOf(link.accessUserId, MAX_REQUESTS_SHOWN);
    const ids = requests.map((r) => r.accessId);
    await store.saveRequestNumbering(actor.platform, actor.chatUserId, ids, this.#d.now());
    if (!requests.length) return info(v, v.t('requests.none'));
    const [read, away, asked, behalf] = await Promise.all([
      Promise.all(requests.map((r) => this.#read(r))),
      store.listAway(this.#d.now()),
      store.questionsFor(link.accessUserId, MAX_REQUESTS_SHOWN),
      Promise.all(requests.map((r) => this.#onBehalf(v, r, link.accessUserId))),
    ]);
    const now = this.#d.now().getTime();
    const items = read.map(({ view }, i) => {
      const nudged = view.nudgedAt ? v.ago(now - view.nudgedAt.getTime()) : '';
      const at = { n: i + 1, what: whatOf(v, view), stateText: stateText(v, view) };
      const age = v.ago(now - view.since.getTime());
      const said = v.t('requests.item', { ...at, age, nudged, withNudged: flag(nudged) });
      const item = behalf[i] ? `${said} ${behalf[i]}` : said;
      if (view.state !== 'waiting') return item;
      // While it waits: its approvers away and who else decides, its question for them.
      const question = asked.find((q) => q.subject === requests[i]!.accessId && !q.answeredAt);
      const around = [awayText(v, view, away), question && questionSentence(v, question, i + 1)];
      return [item, ...around].filter(Boolean).join(' ');
    });
    const title = v.t('requests.title');
    // How to nudge, with the number of a request that waits; none waits, nothing to nudge.
    const waiting = read.findIndex(({ view }) => view.state === 'waiting');
    // How long the waiting ones' applications usually take, each said once.
    const apps = read.flatMap(({ view }, i) =>
      view.state === 'waiting' && view.app ? [[requests[i]!.workAppId, view.app] as const] : [],
    );
    const blocks = [
      listBlock(items, items.length),
      ...(await usualNotes(this.#d.usual, v, new Map(apps))),
      ...(waiting < 0
        ? []
        : [{ kind: 'note' as const, text: v.t('requests.howToNudge', { n: waiting + 1 }) }]),
    ];
    return info(v, title, { title, blocks });
  }

  /** Through the outbox, in the approvers' hours; claimed in the store, so once across replicas. */
  async nudge(link: IdentityLink, actor: ChatActor, v: Voice, ref: RequestRef): Promise<Reply> {
    const { store, approvers, nudgeAfterMs } = this.#d;
    if (!approvers || nudgeAfterMs <= 0) return warning(v, v.t('nudge.off'));
    let accessId = ref.kind === 'id' ? ref.id : undefined;
    if (ref.kind === 'number') {
      const listed = await store.getRequestNumbering(actor.platform, actor.chatUserId);
      accessId = listed?.[ref.n - 1];
      if (!accessId) {
        const said = listed
          ? v.t('nudge.noNumberListed', { n: ref.n, count: listed.length })
          : v.t('nudge.noNumberNoList', { n: ref.n });
        return warning(v, said);
      }
    }
    const request = accessId ? await store.getRequest(accessId) : undefined;
    // Someone else's request is refused with nothing about it; its filer's is theirs too.
    const mine = request && [request.accessUserId, request.filedBy].includes(link.accessUserId);
    if (!mine) return warning(v, v.t('nudge.notYours'));
    const { tasks, view } = await this.#read(request);
    const what = whatOf(v, view);
    if (view.state !== 'waiting') {
      return info(v, v.t('nudge.notWaiting', { what, stateText: stateText(v, view) }));
    }
    const now = this.#d.now();
    const lastBefore = new Date(now.getTime() - nudgeAfterMs);
    if (!(await store.claimNudge(request.accessId, now, lastBefore))) {
      const last = (await store.getRequest(request.accessId))?.nudgedAt ?? now;
      const age = v.ago(now.getTime() - last.getTime());
      const said = v.t('nudge.tooSoon', { what, age, ...this.#next(v, last, now) });
      return warning(v, said, { title: v.t('nudge.tooSoonTitle') });
    }
    const away = await store.listAway(now);
    const awayNow = awayText(v, view, away);
    const skipped = new Set(away.map((a) => a.accessUserId));
    const sent = await this.#send(link, actor, tasks, String(now.getTime()), skipped);
    if (!sent.length) {
      // Nobody was nudged, so nothing counts against the period: the next try says the same.
      await store.releaseNudge(request.accessId, now, request.nudgedAt);
      if (awayNow) return warning(v, v.t('nudge.allAway', { what, away: awayNow }));
      return warning(v, v.t('nudge.nobody', { what }));
    }
    const atOnce = sent.filter((s) => !s.waitsUntil).map((s) => inert(s.name));
    const lines = [
      ...(atOnce.length ? [v.t('nudge.sent', { who: v.list(atOnce), what })] : []),
      ...(awayNow ? [v.t('nudge.awaySkipped', { away: awayNow })] : []),
      ...sent.flatMap(({ name, waitsUntil }) =>
        waitsUntil ? [v.t('nudge.later', { name: inert(name), at: v.time(waitsUntil) })] : [],
      ),
      v.t('nudge.next', this.#next(v, now, now)),
    ];
    // One paragraph; a title could only say the first sentence again.
    const said = lines.reduce((first, then) => v.t('nudge.andThen', { first, then }));
    return success(v, said);
  }

  #next(v: Voice, last: Date, now: Date) {
    const next = last.getTime() + this.#d.nudgeAfterMs;
    return { next: v.time(new Date(next)), wait: v.fromNow(next - now.getTime()) };
  }

  /** Skips approvers away, as reminders do; each task nudged is audited once. */
  async #send(
    link: IdentityLink,
    actor: ChatActor,
    tasks: Task[],
    round: string,
    skipped: ReadonlySet<string>,
  ) {
    const { pendingStatus, approvers } = this.#d;
    const requester = nameOf(link);
    const sent: NudgeDelivery[] = [];
    for (const task of tasks.filter((t) => stateOf(t, pendingStatus) === 'pending')) {
      const { createdAt } = taskFacts(task);
      const waited = createdAt ? this.#d.now().getTime() - Date.parse(createdAt) : 0;
      const assignee = assigneeOf(task);
      if (assignee && skipped.has(assignee)) continue;
      const reached = await approvers!.nudge({
        taskId: task.id,
        approvers: assignee ? [assignee] : [],
        round,
        message: (v) =>
          nudgeMessage(
            v,
            taskCard(v, task, { pendingStatus, actionable: false }),
            requester,
            waited,
          ),
      });
      if (!reached.length) continue;
      sent.push(...reached);
      const { platform, chatUserId } = actor;
      const who = { platform, chatUserId, accessUserId: link.accessUserId };
      const event = { action: 'nudge', outcome: 'queued' } as const;
      await recordTaskEvent(this.#d, who, { taskId: task.id, ...taskNamesOf(task), ...event });
    }
    return sent;
  }

  /** "(for B)" in its filer's list, "(filed by A)" in B's; '' for one's own. */
  async #onBehalf(v: Voice, request: KnownRequest, viewer: string): Promise<string> {
    const { filedBy, filedByName, accessUserId } = request;
    if (!filedBy || filedBy === accessUserId) return '';
    const filer = filedBy === viewer;
    const name = filer
      ? await this.#names.fetch(accessUserId).catch(() => '')
      : (filedByName ?? filedBy);
    return v.t('requests.onBehalf', { filer: flag(filer), name: inert(name || accessUserId) });
  }

  async #read(request: KnownRequest): Promise<{ tasks: Task[]; view: RequestView }> {
    const { client, pendingStatus } = this.#d;
    const ids = request.taskIds.slice(0, MAX_TASKS_READ);
    const tasks = (await Promise.all(ids.map((id) => found(client.getTask(id))))).filter(
      (t) => t !== undefined,
    );
    const decided = tasks.find((t) => stateOf(t, pendingStatus) !== 'pending');
    const shown = decided ?? tasks[0];
    const f = shown ? taskFacts(shown) : {};
    const app =
      f.workAppName ??
      (await found(client.getWorkApp(request.workAppId)).catch(() => undefined))?.name;
    const since = f.createdAt ? new Date(f.createdAt) : request.requestedAt;
    const base = {
      app,
      level: f.permissionLevelName,
      since,
      nudgedAt: request.nudgedAt,
      assignees: new Map<string, string>(),
    };
    if (!tasks.length) return { tasks, view: { ...base, state: 'unknown', people: [] } };
    if (decided) {
      const state = stateOf(decided, pendingStatus);
      const known = state === 'approved' || state === 'declined' ? state : 'other';
      const said = known === 'declined' ? f.reason : known === 'other' ? decided.status : undefined;
      const people = f.decidedByName ? [f.decidedByName] : [];
      return { tasks, view: { ...base, state: known, people, said } };
    }
    const assignees = [...new Set(tasks.flatMap((t) => assigneeOf(t) ?? []))];
    const names = await Promise.all(assignees.map((id) => this.#names.fetch(id).catch(() => '')));
    const people = names.filter((name): name is string => !!name);
    const named = new Map(assignees.map((id, i) => [id, names[i] ?? '']));
    return { tasks, view: { ...base, state: 'waiting', people, assignees: named } };
  }
}

const awayText = (v: Voice, view: RequestView, away: readonly Away[]) =>
  awaySentence(v, approversOf([...view.assignees.keys()], view.assignees, away));

/** `GitHub (Write)`: the application and level, made inert. */
function whatOf(v: Voice, r: RequestView): string {
  const app = r.app === undefined ? v.t('card.anApplication') : inert(r.app);
  return r.level ? v.t('request.appLevel', { app, level: inert(r.level) }) : app;
}

function stateText(v: Voice, r: RequestView): string {
  const names = r.people.map((name) => inert(name));
  const by = r.state === 'waiting' ? '' : v.list(names);
  return v.t('requests.state', {
    state: r.state,
    who: names.length ? v.list(names) : v.t('poller.itsApprovers'),
    by,
    withBy: flag(by),
    reason: inert(r.said ?? ''),
    withReason: flag(r.state === 'declined' && r.said),
    status: inert(r.said ?? ''),
  });
}

function nudgeMessage(v: Voice, card: TaskCard, requester: string, waitedMs: number): Reply {
  const text = v.t('nudge.message', {
    requester: inert(requester),
    title: card.title,
    age: v.age(waitedMs),
  });
  return warning(v, text, {
    title: v.t('nudge.messageTitle', { requester: inert(requester, 100) }),
    blocks: [
      { kind: 'text', text },
      { kind: 'task', card },
    ],
  });
}
