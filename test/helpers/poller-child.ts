/**
 * A replica for the crash and soak runs: the real Poller with the real Slack notifier, against
 * the sandbox and the Slack Web API fake named in its environment, on the store DATABASE_URL
 * names. ACCESSBOT_CRASH_AT (src/poller/crash-points.ts) makes it kill itself at one step.
 */
import { Registry } from 'prom-client';
import { SlackApi } from '../../adapters/slack/api.ts';
import { SlackNotifier } from '../../adapters/slack/notifier.ts';
import { AccessClient } from '../../src/access/client.ts';
import { createLogger } from '../../src/log.ts';
import { createMetrics } from '../../src/metrics.ts';
import { createPollerMetrics } from '../../src/poller/metrics.ts';
import { Poller } from '../../src/poller/poller.ts';
import { openStore } from '../../src/store/open.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const ms = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const log = createLogger({ level: process.env.LOG_LEVEL ?? 'warn' });
const metrics = createMetrics();
const store = await openStore(env('DATABASE_URL'), { poolSize: 4 });
const client = new AccessClient({
  baseUrl: env('SANDBOX_URL'),
  apiKey: env('SANDBOX_API_KEY'),
  apiSecret: env('SANDBOX_API_SECRET'),
  timeoutMs: 5_000,
  retry: { limit: 2, baseDelayMs: 50, maxDelayMs: 200, maxRetryAfterMs: 1_000 },
});
const api = new SlackApi({
  token: 'xoxb-crash-test',
  apiUrl: env('SLACK_API_URL'),
  log,
  metrics,
  retries: 0,
  timeoutMs: 5_000,
  maxRateLimitWaitMs: 0,
});
const poller = new Poller({
  client,
  store,
  notifiers: [new SlackNotifier(api)],
  log,
  metrics: createPollerMetrics(new Registry()),
  owner: env('REPLICA'),
  pendingStatus: 'Pending',
  intervalMs: ms('POLL_INTERVAL_MS', 500),
  concurrency: 4,
  remindAfterMs: ms('REMIND_AFTER_MS', 0),
  directorySyncMs: 0,
  heartbeatMs: ms('HEARTBEAT_MS', 200),
  deadAfterMs: ms('DEAD_AFTER_MS', 1_500),
  retryAfterMs: ms('RETRY_AFTER_MS', 120_000),
});
await poller.start();
process.stdout.write('started\n');
process.on('SIGTERM', () => {
  void poller.stop().then(() => store.close().then(() => process.exit(0)));
});
