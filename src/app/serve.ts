/**
 * Server mode: one HTTP server on `PORT` with every configured chat platform mounted on it, each
 * started from a narrow context and handing back its notifier and a stop function.
 */
import type { PlatformAdapter, PlatformContext } from '../core/platform.ts';
import { mountStepUp } from '../core/stepup/index.ts';
import type { Logger } from '../log.ts';
import { HttpServer } from '../server/http-server.ts';
import { WEBHOOK_PATH } from '../webhooks/access-webhook.ts';
import type { Config } from './config.ts';
import { type Polling, startPolling } from './polling.ts';
import type { Runtime } from './runtime.ts';

type Starter = (common: Omit<PlatformContext<never>, 'settings'>) => Promise<PlatformAdapter>;

/**
 * Teams starts first: it takes nothing before the server listens, while Slack in Socket Mode takes
 * events at once, when the poller must already hold every other notifier.
 */
function platformsFor(config: Config): Array<[name: string, start: Starter]> {
  const platforms: Array<[string, Starter]> = [];
  const { slack, teams } = config;
  if (teams) {
    // Loaded only when Teams is on: botbuilder is large, and the demo never needs it.
    platforms.push([
      'teams',
      async (common) =>
        (await import('../../adapters/teams/start.ts')).startTeams({ ...common, settings: teams }),
    ]);
  }
  if (slack) {
    platforms.push([
      'slack',
      async (common) =>
        (await import('../../adapters/slack/start.ts')).startSlack({ ...common, settings: slack }),
    ]);
  }
  return platforms;
}

export interface Served {
  port: number;
  /** Where `/healthz`, `/readyz` and `/metrics` are answered whatever the public port bears. */
  healthPort: number;
  adapters: PlatformAdapter[];
  close(): Promise<void>;
}

export async function serve(config: Config, runtime: Runtime, log: Logger): Promise<Served> {
  const http = new HttpServer({
    log,
    metrics: runtime.metrics,
    // Readiness is what this process needs to serve; the Access Service is reported, not gated.
    readiness: [{ name: 'store', check: () => runtime.store.ping() }],
    health: () => runtime.health.report(),
    now: () => runtime.clock.now().getTime(),
  });
  const adapters: PlatformAdapter[] = [];
  const common = {
    bot: runtime.bot,
    routes: http,
    replays: runtime.store,
    log,
    metrics: runtime.metrics,
    clock: runtime.clock,
  };
  let polling: Polling | undefined;
  const close = async () => {
    await http.close();
    await polling?.stop();
    for (const adapter of adapters.reverse()) await adapter.stop();
  };
  try {
    for (const [name, start] of platformsFor(config)) {
      const adapter = await start(common);
      adapters.push(adapter);
      runtime.poller.serve(adapter.notifier, adapter.directory, adapter.completer);
      if (adapter.busy) http.reportBusy(name, adapter.busy);
      log.info({ platform: name }, 'platform started');
    }
    polling = await startPolling({ config, runtime, log, refusals: http.refusals });
    http.mount(WEBHOOK_PATH, polling.webhook);
    const { bot } = runtime;
    if (bot.stepUp) mountStepUp(http, bot.stepUp, bot.voiceOf({}));
    const port = await http.listen(config.port, config.host);
    const healthPort = await http.listenOperator(config.healthPort, config.host);
    polling.connectSandbox(`http://127.0.0.1:${port}${WEBHOOK_PATH}`);
    log.info({ healthPort, port }, 'listening');
    return { port, healthPort, adapters, close };
  } catch (error) {
    await close();
    throw error;
  }
}
