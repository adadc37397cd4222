/**
 * Sensitive applications (SENSITIVE_APPS, or SENSITIVE_FIELD not a clear no) take a confirmation
 * to approve. The field is read within its own deadline, so no click outwaits the platform; a
 * read that fails, or a task whose application cannot be told, is `unknown`, which asks too: a
 * service that hiccups must never make a sensitive approval one click (docs/security.md).
 * A mark made through any replica moves a generation in the store; every read checks it first,
 * so no replica decides on its cache of the field after a mark elsewhere.
 */
import type { AccessClient } from '../../access/client.ts';
import { type Task, TaskTypes, taskFacts } from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';
import type { GenerationStore } from '../../store/store.ts';
import { timedCache } from '../cache.ts';
import type { Clock } from '../clock.ts';
import { SensitivityCheckTimedOut } from '../errors.ts';

export interface SensitivityConfig {
  field?: string;
  /** Names (any case) or ids: sensitive whatever their fields say. */
  apps?: readonly string[];
  /** Retries included; past it: `unknown`. */
  checkWithinMs?: number;
  /** Made as a read starts; unset: `checkWithinMs` from then. */
  deadline?: () => AbortSignal;
}

export type Sensitivity = 'no' | 'yes' | 'unknown';

/** Any other value means sensitive (fail closed). */
const NO = new Set(['', 'no', 'n', 'false', '0', 'off', 'none']);
/** For changes made in the Access Service itself, which no replica hears of. */
const FIELD_TTL_MS = 5 * 60_000;
/** Moved on by a change of any application's fields through the bot, on any replica. */
const FIELDS_GENERATION = 'app-fields';
/** Below Teams' five seconds for a click, with room for the rest of the decision. */
export const CHECK_WITHIN_MS = 3_000;

/** A review keeps or takes away, offboarding takes away. */
const GRANTS_NOTHING: ReadonlySet<string> = new Set([
  TaskTypes.entitlementReview,
  TaskTypes.offboardingStep,
]);

type Subject =
  | { kind: 'app'; app: { id: string; name?: string } }
  | { kind: 'none' }
  | { kind: 'unclear'; named: { id?: string; name?: string } };

export const meansSensitive = (value: string | null | undefined) =>
  !NO.has((value ?? '').trim().toLowerCase());

export class SensitiveApps {
  readonly #listed: ReadonlySet<string>;
  readonly #field: string | undefined;
  readonly #log: Logger;
  readonly #store: GenerationStore;
  readonly #marked;
  /** The generation the cache holds fields of. */
  #generation = 0;

  constructor(
    client: AccessClient,
    store: GenerationStore,
    config: SensitivityConfig,
    log: Logger,
    clock: Pick<Clock, 'now'>,
  ) {
    this.#store = store;
    this.#listed = new Set((config.apps ?? []).map((app) => app.trim().toLowerCase()));
    this.#field = config.field?.trim().toLowerCase();
    this.#log = log;
    const withinMs = config.checkWithinMs ?? CHECK_WITHIN_MS;
    const deadline = config.deadline ?? (() => AbortSignal.timeout(withinMs));
    this.#marked = timedCache({
      ttl: FIELD_TTL_MS,
      max: 10_000,
      now: () => clock.now().getTime(),
      load: (appId: string) =>
        within(deadline(), withinMs, async (signal) => {
          for await (const field of client.listCustomFields(appId, signal)) {
            if (field.name.trim().toLowerCase() !== this.#field) continue;
            return meansSensitive(field.value);
          }
          return false;
        }),
    });
  }

  /** Never rejects. */
  async of(app: { id: string; name?: string }): Promise<Sensitivity> {
    if (this.#isListed(app)) return 'yes';
    if (!this.#field) return 'no';
    try {
      await this.#current();
      return (await this.#marked.forceFetch(app.id)) ? 'yes' : 'no';
    } catch (error) {
      this.#log.warn(
        { err: error, workAppId: app.id },
        'could not read whether an app is sensitive',
      );
      return 'unknown';
    }
  }

  /** A field was just changed here: every replica reads the fields again before it decides. */
  async changed(appId: string): Promise<void> {
    this.#marked.delete(appId);
    await this.#store.bumpGeneration(FIELDS_GENERATION).catch((error: unknown) => {
      this.#log.error(
        { err: error, workAppId: appId },
        'could not tell the other replicas of a changed field; they read it when their cache expires',
      );
    });
  }

  /** Empties the cache when a field changed through another replica since it was filled. */
  async #current(): Promise<void> {
    const generation = await this.#store.generation(FIELDS_GENERATION);
    if (generation === this.#generation) return;
    this.#generation = generation;
    this.#marked.clear();
  }

  /** Never rejects. */
  async ofTask(task: Task): Promise<Sensitivity> {
    const subject = subjectOf(task);
    return subject.kind === 'app' ? this.of(subject.app) : this.#other(subject);
  }

  /** What `ofTask` said last here, without waiting (a card); undefined when the field must be read. */
  knownOfTask(task: Task): Sensitivity | undefined {
    const subject = subjectOf(task);
    return subject.kind === 'app' ? this.#known(subject.app) : this.#other(subject);
  }

  #known(app: { id: string; name?: string }): Sensitivity | undefined {
    if (this.#isListed(app)) return 'yes';
    if (!this.#field) return 'no';
    const marked = this.#marked.get(app.id);
    return marked === undefined ? undefined : marked ? 'yes' : 'no';
  }

  #other(subject: Exclude<Subject, { kind: 'app' }>): Sensitivity {
    if (subject.kind === 'none') return 'no';
    return this.#isListed(subject.named) ? 'yes' : 'unknown';
  }

  #isListed(app: { id?: string; name?: string }): boolean {
    return [app.id, app.name].some((v) => v && this.#listed.has(v.trim().toLowerCase()));
  }
}

function subjectOf(task: Task): Subject {
  if (GRANTS_NOTHING.has(task.type)) return { kind: 'none' };
  const { workAppId: id, workAppName: name } = taskFacts(task);
  if (task.type === TaskTypes.accessRequest && id) return { kind: 'app', app: { id, name } };
  return { kind: 'unclear', named: { id, name } };
}

/** Rejects the moment `deadline` passes; the read (and its retries) is told to stop, unawaited. */
async function within<T>(
  deadline: AbortSignal,
  withinMs: number,
  read: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const stop = new AbortController();
  const { promise: timedOut, reject } = Promise.withResolvers<never>();
  const late = () => reject(new SensitivityCheckTimedOut(withinMs));
  deadline.addEventListener('abort', late, { once: true });
  if (deadline.aborted) late();
  try {
    return await Promise.race([read(stop.signal), timedOut]);
  } finally {
    deadline.removeEventListener('abort', late);
    stop.abort();
  }
}
