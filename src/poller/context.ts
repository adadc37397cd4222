import type { AccessClient } from '../access/client.ts';
import type { Clock } from '../core/clock.ts';
import type { Notifier } from '../core/notifier.ts';
import type { Logger } from '../log.ts';
import type {
  LinkStore,
  NotificationStore,
  Platform,
  PollScheduleStore,
  ReplicaStore,
  RequestStore,
  TaskAudienceStore,
} from '../store/store.ts';
import type { ServiceGate } from './gate.ts';
import type { PollerMetrics } from './metrics.ts';
import type { Outbox } from './outbox.ts';
import type { NotifyRules } from './rules.ts';
import type { WorkingHours } from './working-hours.ts';

/** Every role of the store the poller uses. */
export type PollerStore = LinkStore &
  NotificationStore &
  ReplicaStore &
  RequestStore &
  PollScheduleStore &
  TaskAudienceStore;

/**
 * What every part of the poller works with; built once by the Poller. Each part names the slice
 * of the store it uses as `S`.
 */
export interface PollerContext<S = PollerStore> {
  client: AccessClient;
  /** Every call to `client` goes through it. */
  gate: ServiceGate;
  store: S;
  notifiers: ReadonlyMap<Platform, Notifier>;
  clock: Clock;
  log: Logger;
  metrics: PollerMetrics;
  /** This replica's id, written on claims and leases. */
  owner: string;
  pendingStatus: string;
  rules: NotifyRules;
  /** How long a task waits between reminders; 0: never remind. */
  remindAfterMs: number;
  /** How long a task waits, after its first message, before it is escalated; 0: never. */
  escalateAfterMs: number;
  /** When reminders and escalations may go out, in each approver's time zone. */
  hours: WorkingHours;
  /**
   * A request outcome claimed but unsent after this long is taken for a send that crashed, and
   * is retried. Longer than any send takes, so a slow send is never doubled.
   */
  retryAfterMs: number;
  /** Carries out every send and edit of a task's messages. */
  outbox: Outbox;
}
