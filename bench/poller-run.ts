/**
 * One run of the poller benchmark on one store (`node bench/poller-run.ts sqlite|postgres JSON`),
 * in a process of its own, started with `npm start`'s node flags, so that its peak RSS is the
 * poller's alone; the Access Service stand-in runs in another (stand-in.ts). The poller is built
 * from a configuration the way `npm start` builds it (loadConfig, startRuntime, startPolling),
 * so every POLL_… and ACCESS_WEBHOOK_… setting it knows applies. Prints one JSON line.
 *
 * 1. Everyone due at once: one sweep, which sends every pending task.
 * 2. Webhooks on: tasks created at random moments reach their approver through the webhook.
 * 3. A quiet window with webhooks on: requests per person, and messages sent (none).
 * 4. Webhooks off (the stand-in stops delivering): tasks for people already active and for the
 *    others, and how long each takes to be sent.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AccessClient } from '../src/access/client.ts';
import { loadConfig } from '../src/app/config.ts';
import { parseDuration } from '../src/app/env-values.ts';
import { startPolling } from '../src/app/polling.ts';
import { startRuntime } from '../src/app/runtime.ts';
import { createLogger } from '../src/log.ts';
import { HttpServer } from '../src/server/http-server.ts';
import type { Store } from '../src/store/store.ts';
import { WEBHOOK_PATH } from '../src/webhooks/access-webhook.ts';
import { benchDatabase } from './bench-store.ts';
import { benchUserId } from './bulk-seed.ts';
import { CountingNotifier } from './counting-notifier.ts';
import type { Assignees } from './poller-sandbox.ts';
import { StandIn } from './stand-in.ts';

export interface BenchSettings {
  users: number;
  tasks: number;
  pending: number;
  latencyMs: number;
  concurrency: number;
  /** Tasks created in each delay phase (webhooks off: as many for active people as for others). */
  created: number;
  /** POLL_INTERVAL_SECONDS of the run. */
  intervalSeconds: number;
  /** POLL_MAX_RPS of the run. */
  maxRps: number;
  /** The poller's other settings of the run, as environment variables (POLL_QUIET_INTERVAL, …). */
  pollerEnv: Record<string, string>;
  /** How long the quiet window with webhooks on lasts. */
  quietWindowMs: number;
  /** How long after the last delivery the webhooks-off tasks are created. */
  settleMs: number;
  /** People in the baseline's sample (the same requests, no poller). */
  baselineUsers: number;
}

const log = createLogger({ level: process.env.LOG_LEVEL ?? 'warn' });

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done() && Date.now() < end) await sleep(20);
}

/** The q-quantile; null when some of the values are missing (not delivered in time). */
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return value === undefined || !Number.isFinite(value) ? null : Math.round(value);
};

/**
 * The baseline, measured in the same run: the same client listing the pending tasks of the
 * first `users` people, `concurrency` requests at a time, with nothing else — no schedule, no
 * store, no messages, no bound on the rate. It is the fastest a sweep can be on this machine.
 */
async function bareRate(client: AccessClient, users: number, concurrency: number) {
  let next = 0;
  const worker = async () => {
    while (next < users) await Array.fromAsync(client.listTasks(benchUserId(next++), 'Pending'));
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return users / ((performance.now() - started) / 1000);
}

/** Every person linked on the benchmark's platform, a batch at a time. */
async function linkEveryone(store: Store, users: number) {
  const linkedAt = new Date();
  for (let n = 0; n < users; n += 1_000) {
    const batch = Array.from({ length: Math.min(1_000, users - n) }, (_, i) => n + i);
    await Promise.all(
      batch.map((k) =>
        store.saveLink({
          platform: 'slack',
          chatUserId: `U${k}`,
          accessUserId: benchUserId(k),
          email: `user${k}@bench.example`,
          displayName: null,
          linkedAt,
        }),
      ),
    );
  }
}

async function run(db: string, s: BenchSettings) {
  const started = performance.now();
  // On stderr, so that a long run shows where it is.
  const step = (what: string) => {
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    const m = process.memoryUsage();
    const cpu = process.cpuUsage();
    const at = Math.round((performance.now() - started) / 1000);
    const memory = `rss ${mb(m.rss)} MB (peak ${Math.round(process.resourceUsage().maxRSS / 1024)}), heap ${mb(m.heapUsed)}/${mb(m.heapTotal)}, external ${mb(m.external)}`;
    const used = `cpu ${Math.round((cpu.user + cpu.system) / 1e6)} s`;
    process.stderr.write(`${db} +${at} s: ${what} [${memory}, ${used}]\n`);
  };
  const { standIn, url, apiKey, apiSecret, seedMs } = await StandIn.start(s);
  const database = await benchDatabase(db);
  const webhookSecret = randomUUID();
  const config = loadConfig({
    ACCESS_API_URL: url,
    ACCESS_API_KEY: apiKey,
    ACCESS_API_SECRET: apiSecret,
    ACCESS_WEBHOOK_SECRET: webhookSecret,
    DATABASE_URL: database.url,
    POLL_INTERVAL_SECONDS: String(s.intervalSeconds),
    POLL_MAX_RPS: String(s.maxRps),
    POLL_CONCURRENCY: String(s.concurrency),
    REMIND_AFTER: '0',
    DIRECTORY_SYNC_INTERVAL: '0',
    ...s.pollerEnv,
  });
  for (const line of config.ignoredSettings) log.warn(line);
  const runtime = await startRuntime(config, log);
  const { client, store, poller } = runtime;
  const notifier = new CountingNotifier();
  poller.serve(notifier);
  let t = performance.now();
  await linkEveryone(store, s.users);
  const linkMs = performance.now() - t;
  const setupMs = performance.now() - started;
  step(`stand-in seeded, ${s.users} people linked; measuring the baseline`);
  const rssBeforeMb = Math.round(process.resourceUsage().maxRSS / 1024);

  // What one request really takes here, one at a time: the latency plus HTTP on both sides.
  t = performance.now();
  for (let n = 0; n < 100; n++) await Array.fromAsync(client.listTasks(benchUserId(n), 'Pending'));
  const roundTripMs = (performance.now() - t) / 100;
  const baselineRps = await bareRate(client, Math.min(s.users, s.baselineUsers), s.concurrency);
  // From here on every request to the stand-in is the poller's.
  standIn.send({ kind: 'count-rate' });

  // 1. Everyone due at once.
  step('first sweep');
  await poller.refresh();
  await store.markPollDue('all', new Date());
  t = performance.now();
  const first = await poller.sweep();
  const sweepMs = performance.now() - t;
  const notified = notifier.posted;
  step(`first sweep done, ${notified} sent`);
  // Where the memory and the CPU go, a line a minute, until the run ends.
  const ticking = setInterval(() => step('running'), 60_000).unref();

  // 2. Webhooks on, the poller running as in production.
  const http = new HttpServer({ log, metrics: runtime.metrics, readiness: [] });
  const polling = await startPolling({ config, runtime, log, refusals: http.refusals });
  http.mount(WEBHOOK_PATH, polling.webhook);
  const port = await http.listen(0, '127.0.0.1');
  standIn.send({
    kind: 'webhooks',
    url: `http://127.0.0.1:${port}${WEBHOOK_PATH}`,
    secret: webhookSecret,
  });
  const delays = async (label: string, who: Assignees, overMs: number, waitMs: number) => {
    const count = label === 'webhooks' ? s.created : Math.ceil(s.created / 2);
    const tasks = await standIn.create(label, count, overMs, who);
    await until(() => tasks.every((task) => notifier.firstSentAt.has(task.id)), waitMs);
    const ms = tasks.map(
      (task) => (notifier.firstSentAt.get(task.id) ?? Infinity) - task.createdAt,
    );
    const unsent = tasks.filter((task) => !notifier.firstSentAt.has(task.id)).map((t) => t.id);
    const [p50, p99] = [quantile(ms, 0.5), quantile(ms, 0.99)];
    return { delivered: tasks.length - unsent.length, of: tasks.length, p50, p99, waitMs, unsent };
  };
  step('webhooks on');
  const withWebhooks = await delays(
    'webhooks',
    'anyone',
    Math.min(10_000, s.quietWindowMs),
    30_000,
  );

  standIn.send({ kind: 'webhooks-off' });
  const lastDelivery = performance.now();

  // 3. Quiet, webhooks on: nothing new for a while. Everyone's next poll was set at the cadence
  // they had before webhooks were healthy (the quiet one at the longest): after that long, all
  // are on the safety sweep, and the window measures it alone.
  const quietIntervalMs = parseDuration(s.pollerEnv.POLL_QUIET_INTERVAL ?? '') ?? 0;
  step(`settling into the safety sweep, ${quietIntervalMs / 1000} s`);
  await sleep(quietIntervalMs);
  step(`quiet window, ${s.quietWindowMs / 1000} s`);
  standIn.send({ kind: 'count-window' });
  // What the webhooks phase still owes is not news; anything else sent now would be.
  const owed = withWebhooks.unsent.length;
  const owedNow = withWebhooks.unsent.filter((id) => !notifier.firstSentAt.has(id));
  const postedBefore = notifier.posted;
  await sleep(s.quietWindowMs);
  const quiet = await standIn.count();
  const paid = owedNow.filter((id) => notifier.firstSentAt.has(id)).length;
  const sentWhenQuiet = notifier.posted - postedBefore - paid;

  // 4. Webhooks off: once silent for long enough, tasks for active people and for the others.
  await sleep(Math.max(0, s.settleMs - (performance.now() - lastDelivery)));
  step('webhooks off');
  standIn.send({ kind: 'count-window' });
  const slowestMs = Math.max(s.intervalSeconds * 1000, quietIntervalMs);
  const overMs = Math.min(s.intervalSeconds * 1000, 30_000);
  const [active, others] = await Promise.all([
    delays('active', 'active', overMs, slowestMs * 1.2 + 10_000),
    delays('quiet', 'quiet', overMs, slowestMs * 1.2 + 10_000),
  ]);
  const off = await standIn.count();
  step('webhooks off done');
  clearInterval(ticking);

  const duplicates = [...notifier.sent.values()].reduce((sum, n) => sum + n - 1, 0);
  const schedule = await database.scheduleStats();
  await polling.stop();
  await http.close();
  await runtime.close();
  standIn.stop();
  await database.drop();
  return {
    db,
    ...s,
    /** Settings of the run this build does not know (a line each, naming the setting). */
    unknownSettings: config.ignoredSettings,
    seedMs,
    linkMs: Math.round(linkMs),
    setupMs: Math.round(setupMs),
    roundTripMs: Number(roundTripMs.toFixed(1)),
    baselineRps: Math.round(baselineRps),
    sweepMs: Math.round(sweepMs),
    polled: first.polled.length,
    failed: first.failed,
    notified,
    webhookDelayMs: { ...withWebhooks, unsent: owed },
    quiet,
    sentWhenQuiet,
    activeDelayMs: { ...active, unsent: active.unsent.length },
    quietDelayMs: { ...others, unsent: others.unsent.length },
    quietIntervalMs,
    off,
    duplicates,
    /** Who vacuumed PostgreSQL's tables, and the poll schedule's row counters at the end. */
    vacuumedBy: database.vacuumedBy,
    schedule,
    rssBeforeMb,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    totalMs: Math.round(performance.now() - started),
    /** The machine's load average over the last 15 minutes at the end: others' work shares it. */
    load: Number(loadavg()[2]?.toFixed(1)),
  };
}

export type BenchResult = Awaited<ReturnType<typeof run>>;

const [db, json] = process.argv.slice(2);
process.stdout.write(`${JSON.stringify(await run(db ?? 'sqlite', JSON.parse(json ?? '{}')))}\n`);
