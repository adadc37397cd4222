/**
 * Sensitive applications (SENSITIVE_APPS, or SENSITIVE_FIELD not a clear no) take a confirmation
 * to approve. The field is read within its own deadline, so no click outwaits the platform; a
 * read that fails, or a task whose application cannot be told, is `unknown`, which asks too: a
 * service that hiccups must never make a sensitive approval one click (docs/security.md).
 */
import type { AccessClient } from '../../access/client.ts';
import type { Task } from '../../access/schemas.ts';
import { TaskTypes, taskFacts } from '../../access/task-facts.ts';
import type { Logger } from '../../log.ts';
import { timedCache } from '../cache.ts';
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
const FIELD_TTL_MS = 5 * 60_000;
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

  /** Never rejects. */
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

  /** The field was just changed: read it again at once. */
  forget(appId: string): void {
    this.#marked.delete(appId);
  }

  /** Never rejects. */
  async ofTask(task: Task): Promise<Sensitivity> {
    const subject = subjectOf(task);
    return subject.kind === 'app' ? this.of(subject.app) : this.#other(subject);
  }

  /** What `ofTask` would say without waiting; undefined when the field must be read. */
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
