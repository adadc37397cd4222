/**
 * Prometheus metrics, one registry per process (tests make their own). Names and labels are
 * the contract with dashboards; labels never carry ids, names or anything secret.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * How often the event-loop lag metrics take a sample. prom-client's 10 ms default wakes an idle
 * process a hundred times a second, most of what it spends when nobody writes; a stall long
 * enough to matter spans several 100 ms samples.
 */
const LOOP_LAG_SAMPLE_MS = 100;

const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
/** From a minute to a week: how long people take to decide. */
const waits = [
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  DAY,
  2 * DAY,
  3 * DAY,
  7 * DAY,
];

export function createMetrics(options: { defaults?: boolean } = {}) {
  const registry = new Registry();
  if (options.defaults) {
    collectDefaultMetrics({
      register: registry,
      prefix: 'accessbot_',
      eventLoopMonitoringPrecision: LOOP_LAG_SAMPLE_MS,
    });
  }
  const metrics = {
    registry,
    commands: new Counter({
      name: 'accessbot_commands_total',
      help: 'Commands handled, by platform, command and reply tone',
      labelNames: ['platform', 'command', 'tone'] as const,
      registers: [registry],
    }),
    commandSeconds: new Histogram({
      name: 'accessbot_command_duration_seconds',
      help: 'Time from a command arriving to its answer being ready',
      labelNames: ['platform', 'command'] as const,
      buckets: seconds,
      registers: [registry],
    }),
    actions: new Counter({
      name: 'accessbot_actions_total',
      help: 'Button clicks and form submissions, by platform, action and outcome',
      labelNames: ['platform', 'action', 'outcome'] as const,
      registers: [registry],
    }),
    accessRequests: new Counter({
      name: 'accessbot_access_requests_total',
      help: 'HTTP requests to the Access Service, by endpoint and status',
      labelNames: ['endpoint', 'status'] as const,
      registers: [registry],
    }),
    accessSeconds: new Histogram({
      name: 'accessbot_access_request_duration_seconds',
      help: 'Latency of Access Service requests, by endpoint',
      labelNames: ['endpoint'] as const,
      buckets: seconds,
      registers: [registry],
    }),
    accessUp: new Gauge({
      name: 'accessbot_access_service_up',
      help: 'Whether the Access Service answered the last request (1) or not, or refused the credentials (0)',
      registers: [registry],
    }),
    platformCalls: new Counter({
      name: 'accessbot_platform_api_calls_total',
      help: 'Calls to a chat platform API (Slack Web API, Bot Connector), by method and outcome',
      labelNames: ['platform', 'method', 'outcome'] as const,
      registers: [registry],
    }),
    platformSeconds: new Histogram({
      name: 'accessbot_platform_api_call_duration_seconds',
      help: 'Latency of chat platform API calls',
      labelNames: ['platform', 'method'] as const,
      buckets: seconds,
      registers: [registry],
    }),
    decisionSeconds: new Histogram({
      name: 'accessbot_time_to_decision_seconds',
      help: 'Time from a task’s creation to its approval or decline through accessbot',
      buckets: waits,
      registers: [registry],
    }),
    errors: new Counter({
      name: 'accessbot_errors_total',
      help: 'Failures worth an operator’s attention, by kind',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    auditWriteFailures: new Counter({
      name: 'accessbot_audit_write_failures_total',
      help: 'Audit entries that could not be written (or completed), by kind of entry: alert on any',
      labelNames: ['entry'] as const,
      registers: [registry],
    }),
    webhooks: new Counter({
      name: 'accessbot_webhooks_total',
      help: 'Webhook deliveries received on /webhooks/access, by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
  };
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The Access Service client's observer, feeding the two Access Service metrics. */
export function observeAccess(metrics: Metrics) {
  return (event: { endpoint: string; status: number | 'error'; ms: number }) => {
    metrics.accessRequests.inc({ endpoint: event.endpoint, status: String(event.status) });
    metrics.accessSeconds.observe({ endpoint: event.endpoint }, event.ms / 1000);
  };
}
