/**
 * One sweep of the people due, as the poller runs it: the webhook health and the overdue gauge
 * brought up to date, then each person polled (their requests counted under their cadence and
 * the reason of the poll) and rescheduled by their cadence (cadence.ts).
 */
import type { Away, BotRequest, DigestChoice, DuePoll } from '../store/store.ts';
import { type CadenceSettings, cadenceOf, nextDueAt, type PollFindings } from './cadence.ts';
import type { PollerContext } from './context.ts';
import type { Gate } from './gate.ts';
import type { LinkedUsers } from './linked-users.ts';
import { pollUser } from './poll-user.ts';
import { type SweepReport, sweep } from './sweep.ts';
import type { WebhookHealth } from './webhook-health.ts';

export interface DueSweep {
  ctx: PollerContext;
  users: LinkedUsers;
  /** Who is away now (absences.ts). */
  absences: () => Promise<Map<string, Away>>;
  health: WebhookHealth;
  cadences: CadenceSettings;
  /** The gate, counting each request under the poll's cadence and reason. */
  gateFor: (cadence: string, reason: string) => Gate;
  concurrency: number;
  leaseMs: number;
  /** The loop's rest: a person is due again early by it (cadence.ts), so it never stretches a period. */
  tickMs: number;
  /** With webhooks: how soon after its creation a task must have come with a delivery. */
  deliveredWithinMs: number | undefined;
  stopping: () => boolean;
}

export async function sweepDue(o: DueSweep): Promise<SweepReport> {
  const { ctx, users, health } = o;
  await health.refresh();
  await showOverdue(ctx);
  const requests = await openRequests(ctx);
  const away = await o.absences();
  const digests = await digestChoices(ctx);
  const settings = {
    next: (due: DuePoll, findings: PollFindings | undefined) => {
      const now = ctx.clock.now();
      const cadence = cadenceOf(health.healthy, findings?.active ? now : due.activeAt, now);
      const from = findings?.readAt ?? now;
      return {
        cadence,
        nextDueAt: nextDueAt(o.cadences, cadence, from, o.tickMs, findings?.nudgeAt),
      };
    },
    concurrency: o.concurrency,
    leaseMs: o.leaseMs,
    stopping: o.stopping,
    // A sweep may outlast a change of the webhook health: its polls follow the change.
    beforeLease: () => health.refreshIfOlder(o.tickMs),
  };
  return sweep(ctx, settings, async (due) => {
    const { accessUserId } = due;
    const findings = await pollUser(
      { ...ctx, gate: o.gateFor(due.cadence, due.reason) },
      {
        accessUserId,
        links: await users.linksOf(accessUserId),
        requests: requests.get(accessUserId) ?? [],
        away: away.get(accessUserId),
        digest: digests.get(accessUserId),
        due,
        deliveredWithinMs: o.deliveredWithinMs,
      },
    );
    if (findings.missed) {
      ctx.log.debug({ accessUserId }, 'a task came without the webhook delivery it needed');
      await health.missed(ctx.clock.now());
    }
    return findings;
  });
}

/** How long the person most overdue for a poll has waited, on the gauge. */
async function showOverdue({ store, clock, metrics, log }: PollerContext): Promise<void> {
  const now = clock.now();
  try {
    const oldest = await store.oldestDuePoll(now);
    metrics.overdueSeconds.set(Math.max(0, now.getTime() - (oldest ?? now).getTime()) / 1000);
  } catch (error) {
    log.warn({ err: error }, 'could not read the oldest due poll');
  }
}

/** Who chose a daily digest, by person: one read a sweep, not one a poll. */
async function digestChoices(ctx: PollerContext): Promise<Map<string, DigestChoice>> {
  try {
    return new Map((await ctx.store.listDigestChoices()).map((c) => [c.accessUserId, c]));
  } catch (error) {
    // Tasks go out one by one meanwhile, and the digests wait for the next sweep.
    ctx.log.error({ err: error }, 'could not read the digest choices');
    return new Map();
  }
}

/** The requests made through the bot that await their outcome, by requester and by filer. */
async function openRequests(ctx: PollerContext): Promise<Map<string, BotRequest[]>> {
  try {
    const open = await ctx.store.listOpenRequests();
    const byPerson = Map.groupBy(open, (r) => r.accessUserId);
    for (const r of open.filter((r) => r.filedBy && r.filedBy !== r.accessUserId)) {
      byPerson.set(r.filedBy!, [...(byPerson.get(r.filedBy!) ?? []), r]);
    }
    return byPerson;
  } catch (error) {
    // Tasks still go out; the outcomes wait for the next sweep.
    ctx.log.error({ err: error }, 'could not read the open requests');
    return new Map();
  }
}
