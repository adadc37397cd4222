/**
 * Server mode: the one HTTP server on `PORT` with every configured chat platform mounted on it.
 * Each platform adapter starts from the same context and hands back its notifier (for the
 * poller) and a stop function.
 */
import type { Config } from './config.ts';
import type { Notifier } from './core/notifier.ts';
import type { Logger } from './log.ts';
import type { DirectorySource } from './poller/directory-sync.ts';
import { type Polling, startPolling } from './poller/start.ts';
import type { Runtime } from './runtime.ts';
import { HttpServer } from './server/http-server.ts';
import { WEBHOOK_PATH } from './webhooks/access-webhook.ts';

export interface PlatformContext {
  config: Config;
  runtime: Runtime;
  log: Logger;
  http: HttpServer;
}

export interface PlatformAdapter {
  notifier: Notifier;
  /** The platform's member list, joined by e-mail to link people who never used the bot. */
  directory?: DirectorySource;
  /** Stops taking platform requests; in-flight work finishes. */
  stop(): Promise<void>;
}

type PlatformStarter = (ctx: PlatformContext) => Promise<PlatformAdapter>;

/** The platforms this configuration turns on, in start order. */
function platformsFor(config: Config): Array<[name: string, start: PlatformStarter]> {
  const platforms: Array<[string, PlatformStarter]> = [];
  if (config.slack) {
    platforms.push([
      'slack',
      async (ctx) => (await import('../adapters/slack/start.ts')).startSlack(ctx),
    ]);
  }
  if (config.teams) {
    // Loaded only when Teams is on: botbuilder is large, and the demo never needs it.
    platforms.push([
      'teams',
      async (ctx) => (await import('../adapters/teams/start.ts')).startTeams(ctx),
    ]);
  }
  return platforms;
}

export interface Served {
  port: number;
  adapters: PlatformAdapter[];
  close(): Promise<void>;
}

export async function serve(config: Config, runtime: Runtime, log: Logger): Promise<Served> {
  const http = new HttpServer({
    log,
    metrics: runtime.metrics,
    readiness: [
      { name: 'store', check: () => runtime.store.ping() },
      {
        name: 'access_service',
        check: async () => {
          for await (const _ of runtime.client.listWorkApps()) break;
        },
      },
    ],
  });
  const adapters: PlatformAdapter[] = [];
  const ctx: PlatformContext = { config, runtime, log, http };
  let polling: Polling | undefined;
  const close = async () => {
    await http.close();
    await polling?.stop();
    for (const adapter of adapters.reverse()) await adapter.stop();
  };
  try {
    for (const [name, start] of platformsFor(config)) {
      adapters.push(await start(ctx));
      log.info({ platform: name }, 'platform started');
    }
    polling = await startPolling({
      config,
      runtime,
      log,
      notifiers: adapters.map((adapter) => adapter.notifier),
      directories: adapters.flatMap((adapter) => adapter.directory ?? []),
    });
    http.mount(WEBHOOK_PATH, polling.webhook);
    const port = await http.listen(config.port, config.host);
    polling.connectSandbox(`http://127.0.0.1:${port}${WEBHOOK_PATH}`);
    log.info({ port }, 'listening');
    return { port, adapters, close };
  } catch (error) {
    await close();
    throw error;
  }
}
