/**
 * The poller of a running accessbot: one per process, with a replica id of its own, the
 * configured schedule and rules, and the notifiers of the platforms it serves; plus the handler
 * of `/webhooks/access`. With the embedded sandbox, the sandbox's webhooks are pointed at that
 * handler (signed with a secret made up here when none is configured), so a new task shows up
 * at once in the demo.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { systemClock } from '../core/clock.ts';
import type { DirectorySource } from '../core/directory-source.ts';
import type { Notifier } from '../core/notifier.ts';
import type { Logger } from '../log.ts';
import { createPollerMetrics } from '../poller/metrics.ts';
import { Poller } from '../poller/poller.ts';
import { sendWebhooks, type WebhookSender } from '../sandbox/webhooks.ts';
import { type Handler, HttpServer } from '../server/http-server.ts';
import { accessWebhookHandler, WEBHOOK_PATH } from '../webhooks/access-webhook.ts';
import type { Config } from './config.ts';
import type { Runtime } from './runtime.ts';

export interface PollingDeps {
  config: Config;
  runtime: Runtime;
  log: Logger;
  notifiers: Notifier[];
  directories?: DirectorySource[];
}

export interface Polling {
  poller: Poller;
  /** Mount on `WEBHOOK_PATH`. */
  webhook: Handler;
  /** Points the embedded sandbox's webhooks at `url` (where `webhook` is mounted). */
  connectSandbox(url: string): void;
  /** Stops the poller and gives up its leases. */
  stop(): Promise<void>;
}

/** Unique among replicas: host and pid say where it runs, the random part tells restarts apart. */
export function replicaId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export async function startPolling({
  config,
  runtime,
  log,
  notifiers,
  directories,
}: PollingDeps): Promise<Polling> {
  const metrics = createPollerMetrics(runtime.metrics.registry);
  const poll = config.poll;
  const poller = new Poller({
    client: runtime.client,
    store: runtime.store,
    notifiers,
    log: log.child({ component: 'poller' }),
    metrics,
    owner: replicaId(),
    pendingStatus: config.tasks.pendingStatus,
    intervalMs: poll.intervalMs,
    concurrency: config.pollConcurrency,
    maxRps: poll.maxRps,
    remindAfterMs: poll.remindAfterMs,
    escalateAfterMs: poll.escalateAfterMs,
    hours: poll.hours,
    rules: config.notifyRules,
    directories,
    directorySyncMs: config.directorySyncMs,
    auditRetentionDays: config.auditRetentionDays,
    context: runtime.context,
    voices: config.voices,
  });
  runtime.notices.attach(poller.notices, poller.approvers);
  const sandbox = runtime.sandbox;
  const secret = config.webhookSecret ?? (sandbox && randomBytes(24).toString('base64url'));
  const webhook = accessWebhookHandler({
    scheme: secret ? { secret, ...config.webhook } : undefined,
    trigger: poller,
    replays: runtime.store,
    clock: systemClock,
    log: log.child({ component: 'webhooks' }),
    metrics,
  });
  let sender: WebhookSender | undefined;
  await poller.start();
  return {
    poller,
    webhook,
    connectSandbox(url) {
      if (sandbox && secret)
        sender = sendWebhooks(sandbox.state, { url, secret, ...config.webhook });
    },
    async stop() {
      await sender?.close();
      await poller.stop();
    },
  };
}

/**
 * For the terminal chat, which has no HTTP server: the poller, and with the embedded sandbox a
 * loopback server that only takes its webhooks.
 */
export async function startLocalPolling(deps: PollingDeps): Promise<{ stop(): Promise<void> }> {
  const polling = await startPolling(deps);
  if (!deps.runtime.sandbox) return polling;
  const http = new HttpServer({ log: deps.log, metrics: deps.runtime.metrics, readiness: [] });
  http.mount(WEBHOOK_PATH, polling.webhook);
  const port = await http.listen(0, '127.0.0.1');
  polling.connectSandbox(`http://127.0.0.1:${port}${WEBHOOK_PATH}`);
  return {
    stop: async () => {
      await polling.stop();
      await http.close();
    },
  };
}
