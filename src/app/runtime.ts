/**
 * Wires the parts together from a parsed configuration: the Access Service (or the embedded
 * sandbox when none is configured), the store, the client and the bot. Returns one `close`
 * that releases everything in reverse order.
 */
import { AccessClient } from '../access/client.ts';
import { AccessBot } from '../core/bot.ts';
import { systemClock } from '../core/clock.ts';
import { DecisionContext } from '../core/decision-context.ts';
import type { TellApprovers, TellPerson } from '../core/notices.ts';
import type { Logger } from '../log.ts';
import { createMetrics, type Metrics, observeAccess } from '../metrics.ts';
import { startSandbox } from '../sandbox/server.ts';
import { openStore } from '../store/open.ts';
import type { Store } from '../store/store.ts';
import { AccessHealth, firstWorkApp } from './access-health.ts';
import type { Config } from './config.ts';

export interface Runtime {
  bot: AccessBot;
  client: AccessClient;
  store: Store;
  metrics: Metrics;
  /** Where the poller, once started, takes over telling people of changes (its outbox sends). */
  notices: LateNotices;
  /** Whether the Access Service answers, for /healthz and metrics (never for readiness). */
  health: AccessHealth;
  /** Sensitive applications and what approvers see beside a task: the bot's and the poller's. */
  context: DecisionContext;
  /** Set when the embedded sandbox serves as the Access Service. */
  sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  close(): Promise<void>;
}

/**
 * The bot's way to tell people and approvers, built before the poller that sends (which needs
 * the platforms' notifiers, started after the bot): what is asked before then waits for it.
 */
export interface LateNotices extends TellPerson, TellApprovers {
  attach(teller: TellPerson, approvers: TellApprovers): void;
}

export function lateNotices(): LateNotices {
  const ready = Promise.withResolvers<[TellPerson, TellApprovers]>();
  return {
    attach: (...both) => ready.resolve(both),
    tell: async (...args) => (await ready.promise)[0].tell(...args),
    nudge: async (...args) => (await ready.promise)[1].nudge(...args),
    showLook: async (...args) => (await ready.promise)[1].showLook(...args),
  };
}

/** The decision context of a configuration, on the system clock. */
export function decisionContext(
  config: Pick<Config, 'sensitive' | 'contextWaitMs'>,
  deps: { client: AccessClient; store: Store; log: Logger },
): DecisionContext {
  const { sensitive, contextWaitMs: waitMs } = config;
  return new DecisionContext({ ...deps, clock: systemClock, sensitive, waitMs });
}

export async function startRuntime(config: Config, log: Logger): Promise<Runtime> {
  const closers: Array<() => Promise<void>> = [];
  const metrics = createMetrics({ defaults: true });
  const close = async () => {
    for (const fn of closers.reverse()) {
      await fn().catch((error: unknown) => log.warn({ err: error }, 'error while closing'));
    }
  };
  try {
    let sandbox: Runtime['sandbox'];
    let access = config.access;
    if (!access) {
      sandbox = await startSandbox({
        statusParam: config.tasks.statusParam,
        emailMap: config.sandboxEmailMap,
      });
      closers.push(() => sandbox!.close());
      access = { url: sandbox.url, apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret };
    }
    const store = await openStore(config.databaseUrl);
    closers.push(() => store.close());
    const observe = observeAccess(metrics);
    const health = new AccessHealth(metrics.accessUp, () => firstWorkApp(client));
    const client = new AccessClient({
      baseUrl: access.url,
      apiKey: access.apiKey,
      apiSecret: access.apiSecret,
      timeoutMs: config.accessTimeoutMs,
      limits: config.accessLimits,
      statusParam: config.tasks.statusParam,
      observe: (event) => {
        observe(event);
        health.seen(event.status);
      },
    });
    const notices = lateNotices();
    const context = decisionContext(config, { client, store, log });
    const bot = new AccessBot({
      client,
      store,
      log,
      pendingStatus: config.tasks.pendingStatus,
      allowSelfApproval: config.allowSelfApproval,
      rateLimit: config.rateLimit,
      groups: config.groups,
      notices,
      approvers: notices,
      nudgeAfterMs: config.poll.remindAfterMs,
      metrics,
      context,
      voices: config.voices,
    });
    return { bot, client, store, metrics, notices, health, context, sandbox, close };
  } catch (error) {
    await close();
    throw error;
  }
}
