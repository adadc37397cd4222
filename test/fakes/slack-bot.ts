/**
 * accessbot's Slack adapter running for real in this process: the configuration parsed from an
 * environment, the bot over a sandbox Access Service and an in-memory SQLite store, `serve`
 * mounting Slack on the one HTTP server (port 0), and Slack's Web API replaced by the fake.
 * Requests reach it signed exactly as Slack signs them. No test framework here: the benchmark
 * uses it too.
 */
import { createHmac } from 'node:crypto';
import { AccessClient } from '../../src/access/client.ts';
import { AccessHealth } from '../../src/app/access-health.ts';
import { loadConfig } from '../../src/app/config.ts';
import { decisionContext, pollerFor } from '../../src/app/runtime.ts';
import { type Served, serve } from '../../src/app/serve.ts';
import { AccessBot, type BotDeps } from '../../src/core/bot.ts';
import { type Clock, systemClock } from '../../src/core/clock.ts';
import { createLogger } from '../../src/log.ts';
import { createMetrics, observeAccess } from '../../src/metrics.ts';
import type { Sandbox } from '../../src/sandbox/server.ts';
import { openStore } from '../../src/store/open.ts';
import type { Store } from '../../src/store/store.ts';
import { captureLog } from '../helpers/bot.ts';
import { idleLoop } from '../helpers/idle-loop.ts';
import type { FakeSlack } from './slack-api.ts';

export const SIGNING_SECRET = 'test-signing-secret';
export const BOT_TOKEN = 'xoxb-test-bot-token';
export const APP_TOKEN = 'xapp-test-app-token';

export function signedHeaders(body: string, secret = SIGNING_SECRET, ts = Date.now() / 1000) {
  const stamp = String(Math.floor(ts));
  const mac = createHmac('sha256', secret).update(`v0:${stamp}:${body}`).digest('hex');
  return { 'x-slack-signature': `v0=${mac}`, 'x-slack-request-timestamp': stamp };
}

export interface Sent {
  status: number;
  body: string;
}

export async function post(
  url: string,
  body: string,
  type: 'form' | 'json',
  headers: Record<string, string>,
): Promise<Sent> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
      ...headers,
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text };
}

export interface RunningSlackBot {
  /** The bot's `/slack/events` URL. */
  url: string;
  served: Served;
  store: Store;
  metrics: ReturnType<typeof createMetrics>;
  logLines: string[];
  close(): Promise<void>;
}

export async function startSlackBot(
  sandbox: Sandbox,
  fake: FakeSlack,
  env: Record<string, string> = {},
  options: {
    quiet?: boolean;
    onAccess?: (ms: number) => void;
    /** E.g. the bot's clock (`now`) or its change ids. */
    bot?: Partial<BotDeps>;
    /** The platform's clock: when requests are checked, how often refusals are logged. */
    clock?: Clock;
    /** The store as the bot and the platform see it, e.g. one that fails (failing-store.ts). */
    wrapStore?: (store: Store) => Store;
  } = {},
): Promise<RunningSlackBot> {
  const config = loadConfig({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: fake.apiUrl,
    ACCESS_API_URL: sandbox.url,
    ACCESS_API_KEY: sandbox.apiKey,
    ACCESS_API_SECRET: sandbox.apiSecret,
    DATABASE_URL: 'sqlite::memory:',
    PORT: '0',
    // The poller runs in `serve` too; these tests drive the adapter alone.
    POLL_INTERVAL_SECONDS: '86400',
    DIRECTORY_SYNC_INTERVAL: '0',
    ...env,
  });
  idleLoop();
  const metrics = createMetrics();
  const { lines, log } = options.quiet
    ? { lines: [], log: createLogger({ level: 'silent' }) }
    : captureLog();
  const opened = await openStore(config.databaseUrl);
  const store = options.wrapStore?.(opened) ?? opened;
  const observe = observeAccess(metrics);
  const client = new AccessClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    apiSecret: sandbox.apiSecret,
    timeoutMs: 1_500,
    retry: { limit: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 5_000 },
    observe: (event) => {
      observe(event);
      options.onAccess?.(event.ms);
    },
  });
  const context = decisionContext(config, { client, store, log });
  const poller = pollerFor(config, { client, store, log, metrics, context });
  const bot = new AccessBot({
    client,
    store,
    log,
    pendingStatus: 'Pending',
    groups: config.groups,
    apps: config.apps,
    notices: poller.notices,
    approvers: poller.approvers,
    context,
    stepUp: config.stepUp,
    ...options.bot,
  });
  const runtime = {
    bot,
    client,
    store,
    metrics,
    poller,
    context,
    health: new AccessHealth({
      gauge: metrics.accessUp,
      probe: async () => {},
      log,
      clock: systemClock,
      url: sandbox.url,
    }),
    clock: options.clock ?? systemClock,
    sandbox: undefined,
    close: () => store.close(),
  };
  const served = await serve(config, runtime, log);
  return {
    url: `http://127.0.0.1:${served.port}/slack/events`,
    served,
    store,
    metrics,
    logLines: lines,
    close: async () => {
      await served.close();
      await opened.close();
    },
  };
}
