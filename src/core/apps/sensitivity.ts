/**
 * Sensitive applications: approving access to one takes a second step, a confirmation that
 * names the application, the level and the person. An application is sensitive when
 * SENSITIVE_APPS names it (by name or id), or when its custom field named SENSITIVE_FIELD holds
 * any value but a clear no. The field is read at most every five minutes per application, once
 * however many ask at the same time, within a deadline of its own (SENSITIVE_CHECK_TIMEOUT,
 * retries included), so no click waits past the platform's time-out. When it cannot be read in
 * time the answer is `unknown`, which asks for the confirmation too: a service that hiccups must
 * never make a sensitive approval one click. Only task types known to grant no access are
 * exempt; a task of another type, or one whose application cannot be told, is `unknown` as well.
 */
import type { AccessClient } from '../../access/client.ts';
import type { Task } from '../../access/schemas.ts';
import { TaskTypes, taskFacts } from '../../access/task-facts.ts';
import type { Logger } from '../../log.ts';
import { timedCache } from '../cache.ts';
import { SensitivityCheckTimedOut } from '../errors.ts';

export interface SensitivityConfig {
  /** The custom field that marks an application sensitive; unset: none is read. */
  field?: string;
  /** Names (any case) or ids of applications that are sensitive whatever their fields say. */
  apps?: readonly string[];
  /** How long reading the field may take, retries included; past it: `unknown`. 3 s unset. */
  checkWithinMs?: number;
  /** The deadline of one read, made as it starts; unset: `checkWithinMs` from then. */
  deadline?: () => AbortSignal;
}

export type Sensitivity = 'no' | 'yes' | 'unknown';

/** Field values that mean "not sensitive"; any other value means it is (fail closed). */
const NO = new Set(['', 'no', 'n', 'false', '0', 'off', 'none']);
const FIELD_TTL_MS = 5 * 60_000;
/** Below Teams' five seconds for a click, with room for the rest of the decision. */
export const CHECK_WITHIN_MS = 3_000;

/** Task types known to grant no access: a review keeps or takes away, offboarding takes away. */
const GRANTS_NOTHING: ReadonlySet<string> = new Set([
  TaskTypes.entitlementReview,
  TaskTypes.offboardingStep,
]);

/**
 * What a task asks about: the application it would grant access to, nothing (a type known to
 * grant none), or something that cannot be told (another type, or no application id), named
 * as far as the task names it.
 */
type Subject =
  | { kind: 'app'; app: { id: string; name?: string } }
  | { kind: 'none' }
  | { kind: 'unclear'; named: { id?: string; name?: string } };

/** Whether a value of the sensitivity field marks its application sensitive. */
export const meansSensitive = (value: string | null | undefined) =>
  !NO.has((value ?? '').trim().toLowerCase());

export class SensitiveApps {
  readonly #listed: ReadonlySet<string>;
  readonly #field: string | undefined;
  readonly #log: Logger;
  readonly #marked;

  constructor(client: AccessClient, config: SensitivityConfig, log: Logger, now: () => number) {
    this.#listed = new Set((config.apps ?? []).map((app) => app.trim().toLowerCase()));
    this.#field = config.field?.trim().toLowerCase();
    this.#log = log;
    const withinMs = config.checkWithinMs ?? CHECK_WITHIN_MS;
    const deadline = config.deadline ?? (() => AbortSignal.timeout(withinMs));
    this.#marked = timedCache({
      ttl: FIELD_TTL_MS,
      max: 10_000,
      now,
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

  /** Whether approving access to `app` takes a confirmation; never rejects. */
  async of(app: { id: string; name?: string }): Promise<Sensitivity> {
    const known = this.#known(app);
    if (known) return known;
    try {
      return (await this.#marked.forceFetch(app.id)) ? 'yes' : 'no';
    } catch (error) {
      this.#log.warn(
        { err: error, workAppId: app.id },
        'could not read whether an app is sensitive',
      );
      return 'unknown';
    }
  }

  /** Forgets what the field said of `appId`: it was just changed, and is read again at once. */
  forget(appId: string): void {
    this.#marked.delete(appId);
  }

  /** Of the application a task asks access to; never rejects. */
  async ofTask(task: Task): Promise<Sensitivity> {
    const subject = subjectOf(task);
    return subject.kind === 'app' ? this.of(subject.app) : this.#other(subject);
  }

  /**
   * What `ofTask` would say, when it can be said without waiting (the field read recently);
   * undefined when the field must be read.
   */
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

  /** A task that grants nothing, or one that cannot be checked: listed, or asked about. */
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

/**
 * `read` given until `deadline`: its answer, or `SensitivityCheckTimedOut` the moment the
 * deadline passes — the read (and any retry of it) is then told to stop, and nobody waits for it.
 */
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
