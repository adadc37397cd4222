import type { RetentionStore } from '../core/audit/retention.ts';
import type { DirectorySource } from '../core/directory-source.ts';
import type { Notifier } from '../core/notifier.ts';
import type { HeadChannel } from './audit-head.ts';
import type { PollerContext, PollerStore } from './context.ts';

/**
 * The context's own settings; unset: no rules, never escalate, at any time, retried after two
 * minutes, the system clock, reviews due in 14 days, no application owners but those named.
 */
export interface PollerOptions
  extends Pick<PollerContext, 'client' | 'log' | 'metrics' | 'owner' | 'pendingStatus'>,
    Pick<PollerContext, 'remindAfterMs'>,
    Partial<
      Pick<
        PollerContext,
        | 'rules'
        | 'escalateAfterMs'
        | 'hours'
        | 'retryAfterMs'
        | 'clock'
        | 'context'
        | 'voices'
        | 'reviewDueDays'
        | 'appOwners'
      >
    > {
  store: PollerStore & RetentionStore;
  /** The platforms served from the start; more are added by `serve`. */
  notifiers?: readonly Notifier[];
  intervalMs: number;
  /** The cadence of people with no reason to be polled often; unset: the interval. */
  quietIntervalMs?: number;
  /** Webhooks configured: how their health is watched and how slow polling gets while they work. */
  webhooks?: {
    /** No delivery for this long: silent, full polling. */
    silenceMs: number;
    /** Everyone's cadence while they are healthy. */
    safetySweepMs: number;
    /** A task found this long after its creation, with no delivery for it: one was missed. */
    deliveredWithinMs: number;
  };
  /** Requests to the Access Service in flight at once, at most. */
  concurrency: number;
  /** Requests per second to the Access Service, at most, of all replicas; unset: no bound. */
  maxRps?: number;
  directories?: readonly DirectorySource[];
  /** Default: an hour; 0: never (nor counting the unlinked users). */
  directorySyncMs?: number;
  /** Days the audit log keeps an entry (0: for ever); unset: no housekeeping at all. */
  auditRetentionDays?: number;
  /** Where the audit chain's head is posted once a day; unset: only the log has it. */
  auditHeadChannel?: HeadChannel;
  random?: () => number;
  /** How often the replica renews its heartbeat and looks at the outbox. Default: 1 s. */
  heartbeatMs?: number;
  /** A replica silent this long is taken for dead and its sends taken over. Default: 5 s. */
  deadAfterMs?: number;
  /** Default: the interval. A dead replica's users are taken over once their lease ends. */
  leaseMs?: number;
}
