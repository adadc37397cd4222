/**
 * Wires the parts together from a parsed configuration: the Access Service (or the embedded
 * sandbox), read once to check the settings (access-health.ts), the store, the client, the poller
 * and the bot. Returns one `close` that releases everything in reverse order.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { AccessClient } from '../access/client.ts';
import { AccessBot } from '../core/bot.ts';
import { type Clock, systemClock } from '../core/clock.ts';
import { DecisionContext } from '../core/tasks/decision-context.ts';
import type { Logger } from '../log.ts';
import { createMetrics, type Metrics, observeAccess } from '../metrics.ts';
import { createPollerMetrics } from '../poller/metrics.ts';
import { pacePollerRequests } from '../poller/pace.ts';
import { Poller } from '../poller/poller.ts';
import { type Sandbox, startSandbox } from '../sandbox/server.ts';
import { openStore } from '../store/open.ts';
import type { Store } from '../store/store.ts';
import { AccessHealth } from './access-health.ts';
import type { Config } from './config.ts';
import { shownUrl } from './start-line.ts';

export interface Runtime {
  bot: AccessBot;
  client: AccessClient;
  store: Store;
  metrics: Metrics;
  /** Not started: each platform hands it its notifier as it starts, then polling.ts starts it. */
  poller: Poller;
  /** Whether the Access Service answers, for /healthz and metrics (never for readiness). */
  health: AccessHealth;
  /** Sensitive applications and what approvers see beside a task: the bot's and the poller's. */
  context: DecisionContext;
  /** The time the platforms and the health watch go by. */
  clock: Clock;
  /** Set when the embedded sandbox serves as the Access Service. */
  sandbox: Sandbox | undefined;
  close(): Promise<void>;
}

/** Unique among replicas: host and pid say where it runs, the random part tells restarts apart. */
const replicaId = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** The decision context of a configuration, on the system clock. */
export function decisionContext(
  config: Pick<Config, 'sensitive' | 'contextWaitMs'>,
  deps: { client: AccessClient; store: Store; log: Logger },
): DecisionContext {
  const { sensitive, contextWaitMs: waitMs } = config;
  return new DecisionContext({ ...deps, clock: systemClock, sensitive, waitMs });
}

/** The poller of a configuration, not started: the platforms hand it their notifiers first. */
export function pollerFor(
  config: Config,
  deps: Pick<Runtime, 'client' | 'store' | 'metrics' | 'context'> & { log: Logger },
): Poller {
  const { poll } = config;
  return new Poller({
    ...deps,
    log: deps.log.child({ component: 'poller' }),
    metrics: createPollerMetrics(deps.metrics.registry),
    owner: replicaId(),
    pendingStatus: config.tasks.pendingStatus,
    intervalMs: poll.intervalMs,
    quietIntervalMs: poll.quietIntervalMs,
    // The embedded sandbox always sends webhooks (polling.ts signs them with a secret of its own).
    webhooks:
      config.webhookSecret || !config.access
        ? {
            silenceMs: config.webhook.silenceMs,
            safetySweepMs: config.webhook.safetySweepMs,
            deliveredWithinMs: config.webhook.toleranceMs,
          }
        : undefined,
    concurrency: config.pollConcurrency,
    maxRps: poll.maxRps,
    remindAfterMs: poll.remindAfterMs,
    escalateAfterMs: poll.escalateAfterMs,
    reviewDueDays: config.reviewDueDays,
    appOwners: config.apps.owners ?? {},
    hours: poll.hours,
    rules: config.notifyRules,
    directorySyncMs: config.directorySyncMs,
    auditRetentionDays: config.auditRetentionDays,
    auditHeadChannel: config.auditHeadChannel,
    voices: config.voices,
  });
}

export async function startRuntime(config: Config, log: Logger): Promise<Runtime> {
  const closers: Array<() => Promise<void>> = [];
  const clock = systemClock;
  const metrics = createMetrics({ defaults: true });
  const close = async () => {
    for (const fn of closers.reverse()) {
      await fn().catch((error: unknown) => log.warn({ err: error }, 'error while closing'));
    }
  };
  try {
    const { statusParam } = config.tasks;
    const sandbox = config.access
      ? undefined
      : await startSandbox({ statusParam, emailMap: config.sandboxEmailMap });
    if (sandbox) closers.push(() => sandbox.close());
    const access = config.access ?? sandbox!;
    const store = await openStore(config.databaseUrl, {
      onError: (err) => log.warn({ err }, 'a pooled database connection failed; reconnecting'),
      onWarning: (warning) => log.warn(warning),
    });
    closers.push(() => store.close());
    const observe = observeAccess(metrics);
    const health = new AccessHealth({
      gauge: metrics.accessUp,
      probe: () => client.probe(),
      log,
      clock,
      url: shownUrl(access.url),
    });
    closers.push(async () => health.stop());
    const client = new AccessClient({
      baseUrl: access.url,
      apiKey: access.apiKey,
      apiSecret: access.apiSecret,
      timeoutMs: config.accessTimeoutMs,
      limits: config.accessLimits,
      statusParam,
      // The poller's requests wait for their turn under POLL_MAX_RPS; the bot's do not.
      pace: pacePollerRequests,
      observe: (event) => {
        observe(event);
        health.seen(event);
      },
    });
    // Read once before anything is served: a wrong address or key stops start-up here.
    await health.start();
    const context = decisionContext(config, { client, store, log });
    const poller = pollerFor(config, { client, store, log, metrics, context });
    const bot = new AccessBot({
      client,
      store,
      log,
      pendingStatus: config.tasks.pendingStatus,
      allowSelfApproval: config.allowSelfApproval,
      stepUp: config.stepUp,
      rateLimit: config.rateLimit,
      groups: config.groups,
      reportMaxRows: config.reportMaxRows,
      reviewDueDays: config.reviewDueDays,
      apps: config.apps,
      notices: poller.notices,
      approvers: poller.approvers,
      asks: poller.asks,
      workflows: poller.workflows,
      nudgeAfterMs: config.poll.remindAfterMs,
      metrics,
      context,
      voices: config.voices,
    });
    return { bot, client, store, metrics, poller, health, context, clock, sandbox, close };
  } catch (error) {
    await close();
    throw error;
  }
}
