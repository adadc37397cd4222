/**
 * The poller: finds newly pending tasks for every linked user and pushes each once, keeps sent
 * messages true after a decision, reminds and escalates, and tells requesters the outcome. State
 * lives in the store, so a restart neither repeats nor loses a notification, and replicas on one
 * PostgreSQL share the work through leases on the poll schedule.
 *
 * `start()` runs the loop on the real schedule; tests drive `sweep()` with a fake clock instead.
 */
import { type TellAsks, tellAsks } from '../core/asks/tell.ts';
import { UsualWaits } from '../core/audit/index.ts';
import { applyAuditRetention } from '../core/audit/retention.ts';
import { systemClock } from '../core/clock.ts';
import type { StepCompleter } from '../core/completer.ts';
import type { DirectorySource } from '../core/directory-source.ts';
import { type TellApprovers, type TellPerson, tellPerson } from '../core/notices.ts';
import type { Notifier } from '../core/notifier.ts';
import { withFilers } from '../core/requests/filers.ts';
import { DEFAULT_REVIEW_DUE_DAYS } from '../core/reviews/index.ts';
import { completeStranded } from '../core/workflow/outcome.ts';
import type { TellWorkflow } from '../core/workflow/tell.ts';
import type { Away, Platform } from '../store/store.ts';
import { absences } from './absences.ts';
import { outboxApprovers } from './approvers.ts';
import { postAuditHead } from './audit-head.ts';
import type { CadenceSettings } from './cadence.ts';
import type { PollerContext } from './context.ts';
import { syncDirectory } from './directory-sync.ts';
import { countedGate, ServiceGate } from './gate.ts';
import { sweepOf } from './hooks.ts';
import { LinkedUsers } from './linked-users.ts';
import type { PollerOptions } from './options.ts';
import { Outbox } from './outbox.ts';
import { asPollerWork, type Pace, pacer } from './pace.ts';
import { noRules } from './rules.ts';
import type { SweepReport } from './sweep.ts';
import { sweepDue } from './sweep-due.ts';
import { outboxTending } from './tending.ts';
import { WebhookHealth } from './webhook-health.ts';
import { outboxWorkflows } from './workflows.ts';
import { anyTime } from './working-hours.ts';

/** How long `stop()` waits for polls in flight before it gives up the leases anyway. */
const STOP_WAIT_MS = 5_000;
const DIRECTORY_JOB = 'directory-sync';
const DEAD_MS = 5_000;

export class Poller {
  readonly #ctx: PollerContext;
  readonly #o: PollerOptions;
  readonly #users: LinkedUsers;
  readonly #notifiers: Map<Platform, Notifier>;
  readonly #completers = new Map<Platform, StepCompleter>();
  readonly #directories: DirectorySource[];
  /** Tells a person of a change to them, through this replica's outbox. */
  readonly notices: TellPerson;
  /** Nudges approvers, shows them "looking at it" marks and edits a decided task's messages. */
  readonly approvers: TellApprovers;
  /** Questions to requesters, their answers and absences, through this replica's outbox. */
  readonly asks: TellAsks;
  /** Completes workflow steps' runs, through this replica's outbox. */
  readonly workflows: TellWorkflow;
  readonly #absences: () => Promise<Map<string, Away>>;
  readonly #gate: ServiceGate;
  readonly #cadences: CadenceSettings;
  readonly #health: WebhookHealth;
  /** This replica's share of POLL_MAX_RPS on each HTTP attempt of the poller's work. */
  readonly #pace: Pace | undefined;
  #sweeping: Promise<SweepReport> | undefined;
  #loop: Promise<void> | undefined;
  #wake = new AbortController();
  #again = false;
  #stopping = false;
  readonly #tending: ReturnType<typeof outboxTending>;
  readonly #later = new Set<Promise<void>>();

  constructor(options: PollerOptions) {
    this.#o = options;
    const clock = options.clock ?? systemClock;
    const random = options.random ?? Math.random;
    const retryAfterMs = options.retryAfterMs ?? 120_000;
    this.#notifiers = new Map(options.notifiers?.map((n) => [n.platform, n]));
    this.#directories = [...(options.directories ?? [])];
    this.#pace = options.maxRps ? pacer(options.maxRps) : undefined;
    this.#gate = new ServiceGate(clock, {
      ...options,
      pace: this.#pace,
      maxBackoffMs: Math.min(options.intervalMs, 60_000),
      random,
    });
    const ctx = {
      ...options,
      client: withFilers(options.client, options.store),
      gate: this.#countedGate('none', 'other'),
      notifiers: this.#notifiers,
      completers: this.#completers,
      clock,
      rules: options.rules ?? noRules,
      escalateAfterMs: options.escalateAfterMs ?? 0,
      reviewDueDays: options.reviewDueDays ?? DEFAULT_REVIEW_DUE_DAYS,
      appOwners: options.appOwners ?? {},
      hours: options.hours ?? anyTime,
      retryAfterMs,
      usual: new UsualWaits(options.store, () => clock.now(), options.log),
      later: (work: Promise<void>) => {
        const tracked = work.finally(() => this.#later.delete(tracked));
        this.#later.add(tracked);
      },
    };
    const deadAfterMs = options.deadAfterMs ?? DEAD_MS;
    const outbox = new Outbox(ctx, { deadAfterMs, stuckAfterMs: retryAfterMs, random });
    this.#ctx = { ...ctx, outbox };
    this.#tending = outboxTending(this.#ctx, this.#pace, deadAfterMs);
    const sweep = sweepOf(this.#ctx);
    this.notices = tellPerson(sweep);
    this.approvers = outboxApprovers(this.#ctx, (ids) => this.#pollSoon(ids, 'chat'));
    this.asks = tellAsks(sweep, (ids) => this.#pollSoon(ids, 'chat'));
    this.workflows = outboxWorkflows(this.#ctx);
    this.#absences = absences(this.#ctx, this.asks);
    this.#users = new LinkedUsers(this.#ctx, options.intervalMs);
    this.#cadences = {
      intervalMs: options.intervalMs,
      quietMs: options.quietIntervalMs ?? options.intervalMs,
      safetyMs: options.webhooks?.safetySweepMs ?? options.intervalMs,
    };
    this.#health = new WebhookHealth(this.#ctx, options.webhooks, this.#cadences);
  }

  /** The gate, counting each request under a cadence and a reason. */
  #countedGate(cadence: string, reason: string) {
    return countedGate(this.#gate, this.#o.metrics.accessRequests, { cadence, reason });
  }

  /** Sends and edits messages on `notifier`'s platform from now on (and syncs `directory`). */
  serve(notifier: Notifier, directory?: DirectorySource, completer?: StepCompleter): void {
    this.#notifiers.set(notifier.platform, notifier);
    if (completer) this.#completers.set(notifier.platform, completer);
    if (directory) this.#directories.push(directory);
  }

  /**
   * Polls every user due now (after refreshing who is linked) and resolves with what this
   * replica did. Sweeps never overlap: a call during one waits for it, then sweeps again.
   */
  sweep(): Promise<SweepReport> {
    return asPollerWork(this.#pace, () =>
      this.#alone(async () => {
        await this.#users.refresh();
        await this.#tending.turn();
        const stranded = { workflows: this.workflows, voices: this.#ctx.voices };
        await completeStranded(this.#ctx, stranded).catch((error: unknown) => {
          this.#ctx.log.error({ err: error }, 'could not complete stranded workflow runs');
        });
        return this.#sweepDue();
      }),
    );
  }

  async #alone(run: () => Promise<SweepReport>): Promise<SweepReport> {
    while (this.#sweeping) await this.#sweeping.catch(() => {});
    this.#sweeping = run().finally(() => {
      this.#sweeping = undefined;
    });
    return this.#sweeping;
  }

  /**
   * A signed webhook delivery, the fast path: remembered as the latest (so every replica knows
   * webhooks work), and these users (or all) due now; wakes the loop.
   */
  async pollNow(accessUserIds?: readonly string[]): Promise<void> {
    await this.#health.delivered(this.#ctx.clock.now());
    await this.#pollSoon(accessUserIds ? [...accessUserIds] : 'all', 'webhook');
  }

  async #pollSoon(accessUserIds: string[] | 'all', reason: 'webhook' | 'chat'): Promise<void> {
    await this.#ctx.store.markPollDue(accessUserIds, this.#ctx.clock.now(), reason);
    this.#again = true;
    this.#wake.abort();
  }

  /** Re-reads who is linked and brings the poll schedule in step; users new to it are due soon. */
  refresh(): Promise<void> {
    return this.#users.refresh();
  }

  /** Links from the chat directories now, instead of at the next sync period. */
  syncDirectory() {
    const ctx = { ...this.#ctx, gate: this.#countedGate('none', 'directory') };
    return syncDirectory(ctx, this.#directories);
  }

  /**
   * Starts the loop once the schedule holds every linked user, so that a webhook arriving right
   * after start-up finds the users it names.
   */
  async start(): Promise<void> {
    if (this.#loop) return;
    await this.#users.refresh().catch((error: unknown) => {
      this.#ctx.log.error({ err: error }, 'could not read the linked users; the loop retries');
    });
    // Alive before it claims anything: the others take over what a replica with no heartbeat holds.
    await this.#ctx.outbox.beat();
    this.#loop ??= asPollerWork(this.#pace, () => this.#run());
    await this.#tending.start(this.#o.heartbeatMs ?? 1_000);
  }

  /** Stops handing out users, waits a little for polls in flight, and gives up its leases. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#wake.abort();
    const inFlight = Promise.all([
      this.#loop ?? this.#sweeping,
      this.#tending.stop(),
      ...this.#later,
    ]);
    await Promise.race([inFlight.catch(() => {}), this.#ctx.clock.sleep(STOP_WAIT_MS)]);
    await this.#ctx.outbox.retire();
    await this.#ctx.store.releasePollLeases(this.#o.owner).catch((error: unknown) => {
      this.#ctx.log.warn(
        { err: error },
        'could not release poll leases; they expire by themselves',
      );
    });
  }

  /** How long the loop rests when nothing is due; a quarter interval at most. */
  get #tickMs(): number {
    return Math.min(1_000, this.#o.intervalMs / 4);
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      this.#again = false;
      let busy = false;
      try {
        await this.#maintain();
        // More users may have fallen due while it ran: under load, sweeps follow each other.
        busy = (await this.#alone(() => this.#sweepDue())).polled.length > 0;
      } catch (error) {
        // Never stops: the store or the service may be back at the next tick.
        this.#ctx.log.error({ err: error }, 'poller tick failed');
      }
      if (this.#again || this.#stopping || busy) continue;
      this.#wake = new AbortController();
      await this.#ctx.clock.sleep(this.#tickMs, this.#wake.signal);
    }
  }

  /** The directory sync when its period is up (on one replica), and a fresh link snapshot. */
  async #maintain(): Promise<void> {
    const { store, clock } = this.#ctx;
    const syncMs = this.#o.directorySyncMs ?? 3_600_000;
    const now = clock.now();
    const due =
      syncMs > 0 &&
      (await store.claimScheduledRun(DIRECTORY_JOB, now, new Date(now.getTime() + syncMs)));
    if (due) {
      await this.syncDirectory().catch((error: unknown) => {
        this.#ctx.log.warn({ err: error }, 'directory sync failed; retried next period');
      });
      await this.#users.refresh();
    }
    await this.#users.refreshIfOlder(Math.min(this.#o.intervalMs, 60_000));
    await applyAuditRetention({ ...this.#ctx, store: this.#o.store }, this.#o.auditRetentionDays);
    await postAuditHead(this.#ctx, this.#o.auditHeadChannel);
  }

  #sweepDue(): Promise<SweepReport> {
    return sweepDue({
      ctx: this.#ctx,
      users: this.#users,
      absences: this.#absences,
      health: this.#health,
      cadences: this.#cadences,
      gateFor: (cadence, reason) => this.#countedGate(cadence, reason),
      concurrency: this.#o.concurrency,
      leaseMs: this.#o.leaseMs ?? this.#o.intervalMs,
      tickMs: this.#tickMs,
      deliveredWithinMs: this.#o.webhooks?.deliveredWithinMs,
      stopping: () => this.#stopping,
    });
  }
}
