/**
 * One run of the poller benchmark on one store (`node bench/poller-run.ts sqlite|postgres JSON`),
 * in a process of its own so that its peak RSS is the poller's alone. Prints one JSON line.
 *
 * 1. Sweep: every linked user due at once; one sweep, timed against the ideal
 *    users × latency / concurrency; then a second sweep, which must send nothing.
 * 2. Webhooks on: tasks created at random moments reach their approver through the webhook.
 * 3. Webhooks off: the same with polling alone, users spread over the interval.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Registry } from 'prom-client';
import { AccessClient } from '../src/access/client.ts';
import { systemClock } from '../src/core/clock.ts';
import type { Destination, Lookup, MessageRef, Notifier } from '../src/core/notifier.ts';
import type { Reply } from '../src/core/reply.ts';
import { createLogger } from '../src/log.ts';
import { createMetrics } from '../src/metrics.ts';
import { createPollerMetrics } from '../src/poller/metrics.ts';
import { Poller } from '../src/poller/poller.ts';
import { HttpServer } from '../src/server/http-server.ts';
import { openStore } from '../src/store/open.ts';
import type { Store } from '../src/store/store.ts';
import { accessWebhookHandler, WEBHOOK_PATH } from '../src/webhooks/access-webhook.ts';
import type { SandboxCommand, SandboxReport } from './poller-sandbox.ts';

export interface BenchSettings {
  users: number;
  tasks: number;
  pending: number;
  latencyMs: number;
  concurrency: number;
  /** Tasks created during each delay phase. */
  created: number;
  /** The poll interval of the webhooks-off phase. */
  intervalMs: number;
}

const log = createLogger({ level: 'warn' });

/** Counts the messages per task and remembers when each was first sent; keeps nothing else. */
class CountingNotifier implements Notifier {
  readonly platform = 'slack' as const;
  readonly sent = new Map<string, number>();
  readonly firstSentAt = new Map<string, number>();

  async post(to: Destination, message: Reply): Promise<MessageRef> {
    const card = message.blocks.find((b) => b.kind === 'task');
    const taskId = card?.kind === 'task' ? card.card.taskId : '?';
    this.sent.set(taskId, (this.sent.get(taskId) ?? 0) + 1);
    if (!this.firstSentAt.has(taskId)) this.firstSentAt.set(taskId, Date.now());
    return { platform: this.platform, destination: to, data: { ts: String(this.sent.size) } };
  }

  async update(): Promise<void> {}

  async followUp(): Promise<void> {}

  async find(): Promise<Lookup> {
    return { kind: 'unknown' };
  }

  async timeZoneOf(): Promise<string | undefined> {
    return undefined;
  }

  async localeOf(): Promise<string | undefined> {
    return undefined;
  }
}

function message<K extends SandboxReport['kind']>(child: ChildProcess, kind: K) {
  return new Promise<Extract<SandboxReport, { kind: K }>>((resolve) => {
    const listen = (m: SandboxReport) => {
      if (m.kind !== kind) return;
      child.off('message', listen);
      resolve(m as Extract<SandboxReport, { kind: K }>);
    };
    child.on('message', listen);
  });
}

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

/**
 * The baseline, measured in the same run: the same client listing every user's pending tasks,
 * `concurrency` requests at a time, with nothing else — no schedule, no store, no messages. It is
 * the fastest a sweep can be with these settings on this machine.
 */
async function bareSweep(client: AccessClient, userIds: string[], concurrency: number) {
  let next = 0;
  const worker = async () => {
    while (next < userIds.length) {
      const userId = userIds[next++]!;
      await Array.fromAsync(client.listTasks(userId, 'Pending'));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}

async function openBenchStore(db: string): Promise<{ store: Store; drop: () => Promise<void> }> {
  if (db === 'sqlite') {
    const file = join(mkdtempSync(join(tmpdir(), 'accessbot-bench-')), 'bench.db');
    return { store: await openStore(file), drop: async () => {} };
  }
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) for PostgreSQL');
  const schema = `accessbot_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Pool({ connectionString: base });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const store = await openStore(url.href, { poolSize: 20 });
  return {
    store,
    drop: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

async function run(db: string, s: BenchSettings) {
  const child = fork(new URL('./poller-sandbox.ts', import.meta.url), [JSON.stringify(s)]);
  const ready = await message(child, 'ready');
  const send = (command: SandboxCommand) => child.send(command);
  const { store, drop } = await openBenchStore(db);
  for (let n = 0; n < ready.userIds.length; n += 500) {
    const chunk = ready.userIds.slice(n, n + 500);
    await Promise.all(
      chunk.map((accessUserId, i) =>
        store.saveLink({
          platform: 'slack',
          chatUserId: `U${n + i}`,
          accessUserId,
          email: `user${n + i}@bench.example`,
          displayName: null,
          linkedAt: new Date(),
        }),
      ),
    );
  }
  const { url: baseUrl, apiKey, apiSecret } = ready;
  const client = new AccessClient({ baseUrl, apiKey, apiSecret, timeoutMs: 10_000 });
  const notifier = new CountingNotifier();
  const poller = (owner: string, intervalMs: number) =>
    new Poller({
      client,
      store,
      notifiers: [notifier],
      log,
      metrics: createPollerMetrics(new Registry()),
      owner,
      pendingStatus: 'Pending',
      intervalMs,
      concurrency: s.concurrency,
      remindAfterMs: 0,
      directorySyncMs: 0,
    });

  // What one request really takes here, one at a time: the latency plus HTTP on both sides.
  const probe = ready.userIds.slice(0, 100);
  const probeStarted = performance.now();
  for (const id of probe) await Array.fromAsync(client.listTasks(id, 'Pending'));
  const roundTripMs = (performance.now() - probeStarted) / probe.length;

  const bareMs = await bareSweep(client, ready.userIds, s.concurrency);

  // 1. One sweep over everyone, then one that must find nothing new.
  const sweeper = poller('bench-sweep', 3_600_000);
  await sweeper.refresh();
  await store.markPollDue('all', new Date());
  let started = performance.now();
  const first = await sweeper.sweep();
  const sweepMs = performance.now() - started;
  const notified = notifier.sent.size;
  await store.markPollDue('all', new Date());
  started = performance.now();
  await sweeper.sweep();
  const secondSweepMs = performance.now() - started;
  const idealMs = (s.users * s.latencyMs) / s.concurrency;

  // 2. Webhooks on: the sweeper (due again only in an hour) hears of each task at once.
  const http = new HttpServer({ log, metrics: createMetrics(), readiness: [] });
  const secret = randomUUID();
  const headers = { signatureHeader: 'X-Access-Signature', timestampHeader: 'X-Access-Timestamp' };
  http.mount(
    WEBHOOK_PATH,
    accessWebhookHandler({
      scheme: { secret, ...headers, toleranceMs: 300_000 },
      trigger: sweeper,
      replays: store,
      clock: systemClock,
      log,
      metrics: createMetrics(),
    }),
  );
  const port = await http.listen(0, '127.0.0.1');
  send({ kind: 'webhooks', url: `http://127.0.0.1:${port}${WEBHOOK_PATH}`, secret });
  await sweeper.start();
  const withWebhooks = await delays(child, notifier, s.created, 10_000, 30_000);
  await sweeper.stop();
  send({ kind: 'webhooks-off' });

  // 3. Webhooks off: a fresh schedule, spread over the interval, and polling alone.
  await store.syncPollUsers([]);
  const polling = poller('bench-poll', s.intervalMs);
  await polling.start();
  const withPolling = await delays(child, notifier, s.created, s.intervalMs, 3 * s.intervalMs);
  await polling.stop();

  const duplicates = [...notifier.sent.values()].reduce((sum, n) => sum + n - 1, 0);
  const result = {
    db,
    ...s,
    sweepMs: Math.round(sweepMs),
    idealMs: Math.round(idealMs),
    ratio: Number((idealMs / sweepMs).toFixed(3)),
    roundTripMs: Number(roundTripMs.toFixed(1)),
    roundTripRatio: Number(((s.users * roundTripMs) / s.concurrency / sweepMs).toFixed(3)),
    bareMs: Math.round(bareMs),
    bareRatio: Number((bareMs / sweepMs).toFixed(3)),
    polled: first.polled.length,
    failed: first.failed,
    notified,
    notificationsPerSecond: Math.round(notified / (sweepMs / 1000)),
    secondSweepMs: Math.round(secondSweepMs),
    duplicates,
    webhookDelayMs: withWebhooks,
    pollingDelayMs: withPolling,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  await http.close();
  child.disconnect();
  await store.close();
  await drop();
  return result;
}

/** Creates `count` tasks over `overMs` and measures creation → first message (ms). */
async function delays(
  child: ChildProcess,
  notifier: CountingNotifier,
  count: number,
  overMs: number,
  waitMs: number,
) {
  child.send({ kind: 'create', count, overMs } satisfies SandboxCommand);
  const { tasks } = await message(child, 'created');
  await until(() => tasks.every((t) => notifier.firstSentAt.has(t.id)), waitMs);
  const ms = tasks.flatMap((t) => {
    const sent = notifier.firstSentAt.get(t.id);
    return sent === undefined ? [] : [sent - t.createdAt];
  });
  return {
    delivered: ms.length,
    of: tasks.length,
    p50: Math.round(quantile(ms, 0.5)),
    p99: Math.round(quantile(ms, 0.99)),
    max: Math.round(Math.max(...ms)),
  };
}

const [db, json] = process.argv.slice(2);
process.stdout.write(`${JSON.stringify(await run(db ?? 'sqlite', JSON.parse(json ?? '{}')))}\n`);
