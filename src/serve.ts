/**
 * Server mode: the one HTTP server on `PORT` with every configured chat platform mounted on it.
 * Each platform adapter starts from the same context and hands back its notifier (for the
 * poller) and a stop function.
 */
import type { Config } from './config.ts';
import type { Notifier } from './core/notifier.ts';
import type { Logger } from './log.ts';
import type { Runtime } from './runtime.ts';
import { HttpServer } from './server/http-server.ts';

export interface PlatformContext {
  config: Config;
  runtime: Runtime;
  log: Logger;
  http: HttpServer;
}

export interface PlatformAdapter {
  notifier: Notifier;
  /** Stops taking platform requests; in-flight work finishes. */
  stop(): Promise<void>;
}

type PlatformStarter = (ctx: PlatformContext) => Promise<PlatformAdapter>;

/** The platforms this configuration turns on, in start order. */
function platformsFor(config: Config): Array<[name: string, start: PlatformStarter]> {
  const platforms: Array<[string, PlatformStarter]> = [];
  if (config.slack) platforms.push(['slack', async () => notBuilt('Slack')]);
  if (config.teams) platforms.push(['teams', async () => notBuilt('Teams')]);
  return platforms;
}

function notBuilt(name: string): never {
  throw new Error(`${name} support is not part of this build yet`);
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
  const close = async () => {
    await http.close();
    for (const adapter of adapters.reverse()) await adapter.stop();
  };
  try {
    for (const [name, start] of platformsFor(config)) {
      adapters.push(await start(ctx));
      log.info({ platform: name }, 'platform started');
    }
    const port = await http.listen(config.port);
    log.info({ port }, 'listening');
    return { port, adapters, close };
  } catch (error) {
    await close();
    throw error;
  }
}
