/**
 * Sensitive applications: approving access to one takes a second step, a confirmation that
 * names the application, the level and the person. An application is sensitive when
 * SENSITIVE_APPS names it (by name or id), or when its custom field named SENSITIVE_FIELD holds
 * any value but a clear no. The field is read at most every five minutes per application, once
 * however many ask at the same time. When it cannot be read the answer is `unknown`, which asks
 * for the confirmation too: a service that hiccups must never make a sensitive approval one click.
 */
import { createHash } from 'node:crypto';
import type { AccessClient } from '../access/client.ts';
import type { Task } from '../access/schemas.ts';
import { TaskTypes, taskFacts } from '../access/task-facts.ts';
import type { Logger } from '../log.ts';
import { timedCache } from './cache.ts';

export interface SensitivityConfig {
  /** The custom field that marks an application sensitive; unset: none is read. */
  field?: string;
  /** Names (any case) or ids of applications that are sensitive whatever their fields say. */
  apps?: readonly string[];
}

export type Sensitivity = 'no' | 'yes' | 'unknown';

/** Field values that mean "not sensitive"; any other value means it is (fail closed). */
const NO = new Set(['', 'no', 'n', 'false', '0', 'off', 'none']);
const FIELD_TTL_MS = 5 * 60_000;

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
    this.#marked = timedCache({
      ttl: FIELD_TTL_MS,
      max: 10_000,
      now,
      load: async (appId: string) => {
        for await (const field of client.listCustomFields(appId)) {
          if (field.name.trim().toLowerCase() !== this.#field) continue;
          return meansSensitive(field.value);
        }
        return false;
      },
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

  /** Of the application a task asks access to; only access requests grant access. */
  async ofTask(task: Task): Promise<Sensitivity> {
    const app = appOf(task);
    return app ? this.of(app) : 'no';
  }

  /**
   * What `ofTask` would say, when it can be said without waiting (the field read recently);
   * undefined when the field must be read.
   */
  knownOfTask(task: Task): Sensitivity | undefined {
    const app = appOf(task);
    return app ? this.#known(app) : 'no';
  }

  #known(app: { id: string; name?: string }): Sensitivity | undefined {
    const named = [app.id, app.name].some((v) => v && this.#listed.has(v.trim().toLowerCase()));
    if (named) return 'yes';
    if (!this.#field) return 'no';
    const marked = this.#marked.get(app.id);
    return marked === undefined ? undefined : marked ? 'yes' : 'no';
  }
}

/** The application a task would grant access to; only access requests grant access. */
function appOf(task: Task): { id: string; name?: string } | undefined {
  const f = taskFacts(task);
  if (task.type !== TaskTypes.accessRequest || !f.workAppId) return undefined;
  return { id: f.workAppId, name: f.workAppName };
}

/**
 * The code a confirmation carries: short, and bound to what it confirms (the task, application,
 * level and person), so a confirmation of other facts — or none — approves nothing.
 */
export function confirmationCode(task: Task): string {
  const f = taskFacts(task);
  const facts = [task.id, f.workAppId, f.permissionLevelId, f.userId].map((v) => v ?? '');
  return createHash('sha256').update(facts.join('\n')).digest('hex').slice(0, 6);
}
