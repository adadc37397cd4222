/**
 * The poller's Prometheus metrics, registered on the process's registry (src/metrics.ts). Labels
 * never carry ids or names.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export function createPollerMetrics(registry: Registry) {
  const registers = [registry];
  return {
    userPolls: new Counter({
      name: 'accessbot_poller_user_polls_total',
      help: 'Polls of one user’s pending tasks, by outcome (ok, failed)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    notifications: new Counter({
      name: 'accessbot_notifications_total',
      help: 'Messages the poller posted or updated, by platform, kind and outcome',
      labelNames: ['platform', 'kind', 'outcome'] as const,
      registers,
    }),
    deliveryGiveUps: new Counter({
      name: 'accessbot_delivery_give_ups_total',
      help: 'Sends and edits given up after every retry failed (the message is missing or stale)',
      labelNames: ['platform', 'kind'] as const,
      registers,
    }),
    deliveryRecoveries: new Counter({
      name: 'accessbot_delivery_recoveries_total',
      help: 'Unfinished sends and edits taken over from a replica that died, stopped or is stuck, by what was found',
      labelNames: ['platform', 'outcome'] as const,
      registers,
    }),
    lostTrack: new Counter({
      name: 'accessbot_delivery_lost_track_total',
      help: 'Messages that may have been posted but could not be looked for on the platform (e.g. a missing history scope): never posted again; a decision is told in a note',
      labelNames: ['platform', 'kind'] as const,
      registers,
    }),
    unrecordedSeconds: new Histogram({
      name: 'accessbot_delivery_unrecorded_seconds',
      help: 'Time from the platform’s answer to a post to its reference being stored: the window in which a replica dying leaves a message it must look for (on Teams, post again)',
      labelNames: ['platform'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    }),
    notifyDelay: new Histogram({
      name: 'accessbot_notification_delay_seconds',
      help: 'Time from a task’s creation to its first message being sent',
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 3600],
      registers,
    }),
    sweepSeconds: new Histogram({
      name: 'accessbot_poller_sweep_duration_seconds',
      help: 'Duration of one sweep over the users due',
      buckets: [0.01, 0.1, 0.5, 1, 5, 10, 30, 60, 120, 300],
      registers,
    }),
    accessRequests: new Counter({
      name: 'accessbot_poller_access_requests_total',
      help: 'Calls the poller made to the Access Service (a list counts once, whatever its pages), by the cadence of the person polled (active, quiet, safety; none outside a poll) and the reason of the poll (sweep, webhook, chat, retry, new; directory, other outside a poll)',
      labelNames: ['cadence', 'reason'] as const,
      registers,
    }),
    webhookState: new Gauge({
      name: 'accessbot_poller_webhook_state',
      help: 'Webhook health, 1 for the current state: healthy (deliveries arrive: safety sweep), silent (none for ACCESS_WEBHOOK_SILENCE), missed (a poll found a task no delivery announced), off (no secret)',
      labelNames: ['state'] as const,
      registers,
    }),
    webhookChanges: new Counter({
      name: 'accessbot_poller_webhook_state_changes_total',
      help: 'Changes of the webhook health seen by this replica, by the state entered',
      labelNames: ['to'] as const,
      registers,
    }),
    overdueSeconds: new Gauge({
      name: 'accessbot_poller_overdue_seconds',
      help: 'How long the person most overdue for a poll (due and not being polled) has waited; 0 when nobody is',
      registers,
    }),
    polledUsers: new Gauge({
      name: 'accessbot_poller_polled_users',
      help: 'Access users linked to a chat identity on a served platform, and so polled',
      registers,
    }),
    unlinkedUsers: new Gauge({
      name: 'accessbot_poller_unlinked_users',
      help: 'Access users with no chat identity, so not polled (as of the last directory sync)',
      registers,
    }),
    unmatchedMembers: new Gauge({
      name: 'accessbot_directory_unmatched_members',
      help: 'Chat directory members whose e-mail matches no Access user (last sync)',
      labelNames: ['platform'] as const,
      registers,
    }),
  };
}

export type PollerMetrics = ReturnType<typeof createPollerMetrics>;
