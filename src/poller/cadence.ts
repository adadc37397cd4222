/**
 * How often each person is polled. While webhook deliveries arrive, everyone is polled at the
 * safety sweep (deliveries bring what happens at once). Otherwise a person something happened to
 * in the last 30 days (a task in their list, a request of theirs awaiting its outcome) is
 * `active`, polled at the poll interval; everyone else is `quiet`, polled at the slow cadence,
 * which bounds how late a first-ever task can be. A reminder or escalation falling due brings a
 * poll forward, so that its timing holds at every cadence.
 */
import type { Cadence, DuePoll } from '../store/store.ts';

/** How long after something happened to a person they stay active. */
const ACTIVE_FOR_MS = 30 * 86_400_000;

export interface CadenceSettings {
  /** The active cadence (POLL_INTERVAL_SECONDS). */
  intervalMs: number;
  /** The quiet cadence (POLL_QUIET_INTERVAL); never shorter than the interval. */
  quietMs: number;
  /** Everyone's cadence while webhooks are healthy (ACCESS_WEBHOOK_SAFETY_SWEEP). */
  safetyMs: number;
}

/** What one poll found out about its person. */
export interface PollFindings {
  /**
   * When their task list was asked for: what was created after it waits for the next poll, so
   * their period counts from here, not from when the poll ended.
   */
  readAt: Date;
  /** Something is happening to them: a pending task, or a request awaiting its outcome. */
  active: boolean;
  /** A task reached them that a webhook delivery should have announced, and none did. */
  missed: boolean;
  /** When the next reminder or escalation of their tasks, or their daily digest, falls due. */
  nudgeAt?: Date;
}

export function cadenceOf(healthy: boolean, activeAt: Date | null, now: Date): Cadence {
  if (healthy) return 'safety';
  const active = activeAt !== null && now.getTime() - activeAt.getTime() < ACTIVE_FOR_MS;
  return active ? 'active' : 'quiet';
}

export function periodOf(s: CadenceSettings, cadence: Cadence): number {
  if (cadence === 'active') return s.intervalMs;
  return Math.max(s.intervalMs, cadence === 'quiet' ? s.quietMs : s.safetyMs);
}

/**
 * When a person polled at `now` is next due: their cadence's period, or the poll interval after a
 * nudge falls due, if sooner; two ticks early, so that neither the loop's rest (up to a tick)
 * nor the time a sweep takes to reach them (leasing, the gate's queue) stretches a period.
 */
export function nextDueAt(
  s: CadenceSettings,
  cadence: Cadence,
  now: Date,
  tickMs: number,
  nudgeAt?: Date,
): Date {
  const at = now.getTime() - 2 * tickMs;
  const period = at + periodOf(s, cadence);
  const nudge = nudgeAt ? Math.max(nudgeAt.getTime(), at + s.intervalMs) : period;
  return new Date(Math.min(period, nudge));
}

/**
 * A poll that was not a delivery's finds a task that no one in the store knew of, created since
 * the person's previous poll and longer than `graceMs` ago: a delivery should have brought it.
 */
export function missedDelivery(
  due: Pick<DuePoll, 'reason' | 'polledAt'>,
  createdAt: Date | undefined,
  now: Date,
  graceMs: number,
): boolean {
  if (due.reason === 'webhook' || !due.polledAt || !createdAt) return false;
  return createdAt > due.polledAt && now.getTime() - createdAt.getTime() > graceMs;
}
