/**
 * One sweep: every user due when it starts is leased from the shared schedule in small batches
 * (so replicas split the work, and a batch never waits long under its lease), polled by a pool
 * of workers (a p-queue), and rescheduled in batches too (a store round trip per batch, not per
 * user). The workers outnumber the requests the gate lets through, so that one poll's store work
 * overlaps another's request. A sweep never throws: each user's failure is logged and the user
 * rescheduled.
 */
import PQueue from 'p-queue';
import type { CompletedPoll, DuePoll, PollScheduleStore } from '../store/store.ts';
import type { PollFindings } from './cadence.ts';
import type { PollerContext } from './context.ts';
import { serviceFailing } from './gate.ts';

export interface SweepSettings {
  /**
   * When, and at what cadence, a polled user is due again, given what their poll found (nothing:
   * it failed).
   */
  next: (
    due: DuePoll,
    findings: PollFindings | undefined,
  ) => Required<Pick<CompletedPoll, 'nextDueAt' | 'cadence'>>;
  /** Requests in flight, at most (the gate enforces it); twice as many polls run at once. */
  concurrency: number;
  /** How long a leased user stays ours; another replica takes it over after that. */
  leaseMs: number;
  /** Stops handing out users when it turns true (shutdown). */
  stopping: () => boolean;
  /** Before each batch is leased: what decides the cadences, brought up to date. */
  beforeLease?: () => Promise<void>;
}

export interface SweepReport {
  /** The users this replica polled, in the order they finished. */
  polled: string[];
  failed: number;
}

export async function sweep(
  ctx: PollerContext<PollScheduleStore>,
  settings: SweepSettings,
  poll: (due: DuePoll) => Promise<PollFindings>,
): Promise<SweepReport> {
  const { store, clock, owner } = ctx;
  const workers = settings.concurrency * 2;
  const dueBy = clock.now();
  const report: SweepReport = { polled: [], failed: 0 };
  const pool = new PQueue({ concurrency: workers });

  // The next due users, leased; none (or a failing store) ends the sweep.
  const lease = async () => {
    await settings.beforeLease?.();
    try {
      const now = clock.now();
      const leaseUntil = new Date(now.getTime() + settings.leaseMs);
      return await store.claimDuePollUsers(owner, dueBy, now, leaseUntil, workers);
    } catch (error) {
      ctx.log.error({ err: error }, 'could not lease users to poll');
      return [];
    }
  };

  // Finished polls, rescheduled a batch at a time, one batch after the other.
  const finished: CompletedPoll[] = [];
  let rescheduling = Promise.resolve();
  const reschedule = () => {
    const polls = finished.splice(0);
    rescheduling = rescheduling.then(async () => {
      try {
        if (polls.length) await store.completePolls(owner, polls);
      } catch (error) {
        // The leases run out by themselves and another poll picks these users up.
        ctx.log.warn({ err: error, users: polls.length }, 'could not reschedule polled users');
      }
    });
    return rescheduling;
  };

  const pollOne = async (due: DuePoll) => {
    // Stopping: the users not polled yet are left to their leases, which the poller gives up.
    if (settings.stopping()) return;
    const { accessUserId } = due;
    let done: CompletedPoll;
    try {
      const findings = await poll(due);
      ctx.metrics.userPolls.inc({ outcome: 'ok' });
      // What a later poll finds new was created after this one read the list.
      const polledAt = findings.readAt;
      const activeAt = findings.active ? polledAt : undefined;
      done = { accessUserId, ...settings.next(due, findings), activeAt, polledAt, reason: 'sweep' };
    } catch (error) {
      report.failed++;
      ctx.metrics.userPolls.inc({ outcome: 'failed' });
      const failing = serviceFailing(error);
      const polledAt = clock.now();
      done = { accessUserId, ...settings.next(due, undefined), polledAt, reason: 'sweep' };
      // Retried sooner than their cadence, but after this sweep: it takes users due at its
      // start only.
      const retryAt = polledAt.getTime() + Math.max(1, ctx.gate.backoffMs);
      if (failing && retryAt < done.nextDueAt.getTime()) {
        done = { ...done, nextDueAt: new Date(retryAt), reason: 'retry' };
      }
      ctx.log[failing ? 'warn' : 'error']({ err: error, accessUserId }, 'polling a user failed');
    }
    finished.push(done);
    if (finished.length >= workers) void reschedule();
    report.polled.push(accessUserId);
  };

  const started = clock.now().getTime();
  // The next batch is leased while half of this one still waits, so the workers never idle.
  for (let batch = await lease(); batch.length && !settings.stopping(); batch = await lease()) {
    for (const due of batch) void pool.add(() => pollOne(due));
    await pool.onSizeLessThan(workers / 2 + 1);
  }
  await pool.onIdle();
  await reschedule();
  ctx.metrics.sweepSeconds.observe((clock.now().getTime() - started) / 1000);
  return report;
}
