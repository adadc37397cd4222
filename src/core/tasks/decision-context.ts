/**
 * What an access request's approver sees beside what is asked (what the person has, recent
 * decisions, sensitivity). Each piece is cached; one not given in time is left out, never an
 * error. Only the task's own approvers' cards show these, never a channel's.
 */
import type { AccessClient } from '../../access/client.ts';
import {
  type Access,
  isHeld,
  type Task,
  type TaskFacts,
  TaskTypes,
  taskFacts,
} from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';
import type { AuditStore, GenerationStore } from '../../store/store.ts';
import {
  AppGroups,
  SensitiveApps,
  type Sensitivity,
  type SensitivityConfig,
} from '../apps/index.ts';
import { RECENT_DAYS, recentDecisions } from '../audit/index.ts';
import { timedCache } from '../cache.ts';
import type { Clock } from '../clock.ts';
import type { Voice } from '../i18n/voice.ts';
import type { Field } from '../reply.ts';
import { inert } from '../text.ts';

export interface CardExtras {
  sensitivity?: Sensitivity;
  context: Field[];
}

/** What came within the wait, and all of it later when some was still coming. */
export interface Looked {
  now: CardExtras;
  later?: Promise<CardExtras>;
}

export interface DecisionContextDeps {
  client: AccessClient;
  store: AuditStore & GenerationStore;
  log: Logger;
  clock: Clock;
  sensitive: SensitivityConfig;
  /** How long a card waits for its extras before it goes without them. */
  waitMs: number;
}

/** `level`: a level not known by name; `none`: no level. */
type Held = { name: string } | { kind: 'level' | 'none' };

type Pieces = {
  sensitivity: Sensitivity;
  has: readonly Held[];
  defaults: readonly string[];
  decided: { approved: number; declined: number };
};

const TTL_MS = 60_000;
const LEVELS_TTL_MS = 5 * 60_000;
const NONE: CardExtras = { context: [] };

export class DecisionContext {
  readonly sensitive: SensitiveApps;
  readonly #d: DecisionContextDeps;
  readonly #defaults: AppGroups;
  readonly #accesses;
  readonly #levels;
  readonly #decided;

  constructor(deps: DecisionContextDeps) {
    this.#d = deps;
    const { client, clock } = deps;
    const now = () => clock.now().getTime();
    this.sensitive = new SensitiveApps(client, deps.store, deps.sensitive, deps.log, clock);
    this.#defaults = new AppGroups(client, now);
    const cache = <V extends {}>(ttl: number, load: (appId: string) => Promise<V>) =>
      timedCache({ ttl, max: 1_000, now, load });
    this.#accesses = cache(TTL_MS, (id) => Array.fromAsync(client.listWorkAppAccesses(id)));
    this.#levels = cache(LEVELS_TTL_MS, async (id) => {
      const levels = await Array.fromAsync(client.listPermissionLevels(id));
      return new Map(levels.map((level) => [level.id, level.name]));
    });
    this.#decided = cache(TTL_MS, (id) => recentDecisions(deps.store, id, clock.now()));
  }

  /** Other tasks than access requests get only their sensitivity. */
  async forApprover(task: Task, v: Voice): Promise<Looked> {
    const f = taskFacts(task);
    const appId = f.workAppId;
    if (task.type !== TaskTypes.accessRequest || !appId) {
      const sensitivity = await this.sensitive.ofTask(task);
      return { now: sensitivity === 'no' ? NONE : { sensitivity, context: [] } };
    }
    const got: Partial<Pieces> = {};
    const piece = <K extends keyof Pieces>(key: K, work: () => Promise<Pieces[K]>) =>
      work().then(
        (value) => {
          got[key] = value;
        },
        (error: unknown) =>
          this.#d.log.warn({ err: error, taskId: task.id, piece: key }, 'no decision context'),
      );
    const userId = f.userId;
    const all = Promise.all([
      piece('sensitivity', () => this.sensitive.of({ id: appId, name: f.workAppName })),
      piece('decided', () => this.#decided.forceFetch(appId)),
      userId && piece('has', () => this.#has(appId, userId)),
      userId && piece('defaults', () => this.#defaults.groupsGiving(userId, appId)),
    ]);
    const extras = () => this.#extras(v, f, got);
    return (await this.#within(all))
      ? { now: extras() }
      : { now: extras(), later: all.then(extras) };
  }

  /** The groups that give the person the application by default (cached with the rest). */
  defaultGroups(accessUserId: string, appId: string): Promise<readonly string[]> {
    return this.#defaults.groupsGiving(accessUserId, appId);
  }

  /** As far as it is known within the wait. */
  async sensitivities(tasks: readonly Task[]): Promise<Map<string, CardExtras>> {
    const found = new Map<string, CardExtras>();
    const note = (id: string, sensitivity: Sensitivity) => {
      if (sensitivity !== 'no') found.set(id, { sensitivity, context: [] });
    };
    // What is known already is set at once (no wait at all when that is everything); the rest
    // as it comes.
    const unknown = tasks.filter((task) => {
      const known = this.sensitive.knownOfTask(task);
      if (known !== undefined) note(task.id, known);
      return known === undefined;
    });
    const rest = unknown.map(async (task) => note(task.id, await this.sensitive.ofTask(task)));
    if (rest.length) await this.#within(Promise.all(rest));
    return new Map(found);
  }

  async #within(work: Promise<unknown>): Promise<boolean> {
    let settled = false;
    const stop = new AbortController();
    const done = work.then(() => {
      settled = true;
    });
    await Promise.race([done, this.#d.clock.sleep(this.#d.waitMs, stop.signal)]);
    stop.abort();
    return settled;
  }

  async #has(appId: string, userId: string): Promise<Held[]> {
    const [accesses, levels] = await Promise.all([
      this.#accesses.forceFetch(appId),
      this.#levels.forceFetch(appId),
    ]);
    const held = accesses.filter((a: Access) => a.userId === userId && isHeld(a));
    return held.map((a): Held => {
      if (!a.permissionLevelId) return { kind: 'none' };
      const name = levels.get(a.permissionLevelId);
      return name === undefined ? { kind: 'level' } : { name };
    });
  }

  #extras(v: Voice, f: TaskFacts, got: Partial<Pieces>): CardExtras {
    const { has, defaults, decided } = got;
    const waited = f.createdAt
      ? v.age(this.#d.clock.now().getTime() - Date.parse(f.createdAt))
      : undefined;
    const days = RECENT_DAYS;
    const decisions =
      decided &&
      (decided.approved || decided.declined
        ? v.t('context.decided', { ...decided, days })
        : v.t('context.noneDecided', { days }));
    const held = has?.map((h) =>
      'name' in h
        ? inert(h.name, 200)
        : v.t(h.kind === 'level' ? 'context.aLevel' : 'context.access'),
    );
    const lines: Array<[string, string | undefined]> = [
      [
        v.t('context.has'),
        held && (held.length ? [...new Set(held)].join(', ') : v.t('context.nothing')),
      ],
      [v.t('context.defaults'), defaults?.map((g) => inert(g, 200)).join(', ') || undefined],
      [v.t('context.waiting'), waited],
      [v.t('context.recent'), decisions],
    ];
    return {
      sensitivity: got.sensitivity,
      context: lines.flatMap(([label, value]) => (value ? [{ label, value }] : [])),
    };
  }
}
