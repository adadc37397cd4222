/**
 * The poller, once the platforms have handed it their notifiers, and the `/webhooks/access`
 * handler, which the embedded sandbox's webhooks point at so a new task shows at once in the demo.
 */
import { randomBytes } from 'node:crypto';
import { systemClock } from '../core/clock.ts';
import type { Logger } from '../log.ts';
import type { Poller } from '../poller/poller.ts';
import { sendWebhooks, type WebhookSender } from '../sandbox/webhooks.ts';
import { HttpServer } from '../server/http-server.ts';
import type { Refusals } from '../server/refusals.ts';
import type { Route } from '../server/route.ts';
import { accessWebhookHandler, WEBHOOK_PATH } from '../webhooks/access-webhook.ts';
import type { Config } from './config.ts';
import type { Runtime } from './runtime.ts';

export interface PollingDeps {
  config: Config;
  runtime: Runtime;
  log: Logger;
}

/** `refusals`: the counter of the server the webhook is mounted on. */
type StartDeps = PollingDeps & { refusals: Refusals };

export interface Polling {
  poller: Poller;
  /** Mount on `WEBHOOK_PATH`. */
  webhook: Route;
  /** Points the embedded sandbox's webhooks at `url` (where `webhook` is mounted). */
  connectSandbox(url: string): void;
  stop(): Promise<void>;
}

export async function startPolling(deps: StartDeps): Promise<Polling> {
  const { config, runtime, log } = deps;
  const { poller, sandbox } = runtime;
  const secret = config.webhookSecret ?? (sandbox && randomBytes(24).toString('base64url'));
  const webhook = accessWebhookHandler({
    scheme: secret ? { secret, ...config.webhook } : undefined,
    trigger: poller,
    replays: runtime.store,
    everyoneEveryMs: config.poll.intervalMs,
    clock: systemClock,
    log: log.child({ component: 'webhooks' }),
    metrics: runtime.metrics,
    refusals: deps.refusals,
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
  const http = new HttpServer({ log: deps.log, metrics: deps.runtime.metrics, readiness: [] });
  const polling = await startPolling({ ...deps, refusals: http.refusals });
  if (!deps.runtime.sandbox) return polling;
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
