/**
 * How long an application's access requests usually wait for a decision here, from the last
 * USUAL_DAYS of decisions through accessbot: told to requesters and in reminders to approvers.
 * Fewer than USUAL_MIN_DECISIONS say nothing, rather than a figure that misleads.
 */
import { type Task, TaskTypes, taskFacts } from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';
import type { AuditStore, DecisionWaits } from '../../store/store.ts';
import { timedCache } from '../cache.ts';
import type { Voice } from '../i18n/voice.ts';
import { inert } from '../text.ts';

export const USUAL_DAYS = 90;
export const USUAL_MIN_DECISIONS = 5;
/** A list of requests reads each application once. */
const TTL_MS = 5 * 60_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Up to the whole unit the voice says it in (days from two days on, hours from two hours, else
 * minutes), so "within" holds: 2 hours 10 minutes is "3 hours", 50 hours "3 days".
 */
function roundedUp(ms: number): number {
  const unit = ms > 2 * DAY ? DAY : ms > 2 * HOUR ? HOUR : MINUTE;
  return Math.max(MINUTE, Math.ceil(ms / unit) * unit);
}

const within = (v: Voice, w: DecisionWaits) => ({
  median: v.age(roundedUp(w.medianMs)),
  p90: v.age(roundedUp(w.p90Ms)),
});

export class UsualWaits {
  readonly #log: Logger;
  readonly #now: () => Date;
  readonly #waits;

  constructor(store: AuditStore, now: () => Date, log: Logger) {
    this.#log = log;
    this.#now = now;
    this.#waits = timedCache({
      ttl: TTL_MS,
      max: 1_000,
      now: () => now().getTime(),
      load: async (appId: string) => {
        const since = new Date(now().getTime() - USUAL_DAYS * DAY);
        const taskType = TaskTypes.accessRequest;
        const waits = await store.decisionWaits({ appId, taskType, since });
        return { waits: waits && waits.count >= USUAL_MIN_DECISIONS ? waits : undefined };
      },
    });
  }

  /** Unknown, too few, or unreadable now: nothing is said, and nothing fails for it. */
  async #of(appId: string): Promise<DecisionWaits | undefined> {
    try {
      return (await this.#waits.forceFetch(appId)).waits;
    } catch (error) {
      this.#log.warn({ err: error, appId }, 'could not read how long requests usually wait');
      return undefined;
    }
  }

  /** "Requests for GitHub are usually decided within 3 hours here (9 in 10 within 2 days)." */
  async sentence(v: Voice, app: { id: string; name: string }): Promise<string | undefined> {
    const waits = await this.#of(app.id);
    return waits && v.t('usual.line', { app: inert(app.name), ...within(v, waits) });
  }

  /** For an access request's approver: "Waiting 2 days; requests for GitHub are usually …". */
  async against(v: Voice, task: Task): Promise<string | undefined> {
    const f = taskFacts(task);
    if (task.type !== TaskTypes.accessRequest || !f.workAppId || !f.workAppName) return undefined;
    if (!f.createdAt) return undefined;
    const waits = await this.#of(f.workAppId);
    if (!waits) return undefined;
    const waited = v.age(this.#now().getTime() - Date.parse(f.createdAt));
    return v.t('usual.waited', { waited, app: inert(f.workAppName), ...within(v, waits) });
  }
}
