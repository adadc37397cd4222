/**
 * `npm run start:cluster`: accessbot on every core of one machine. One accessbot process is
 * single-threaded; this starts WORKERS of them (default: one per CPU) with node:cluster, each a
 * whole accessbot (src/app/main.ts) serving the same PORT — the primary accepts each connection
 * and hands it to the next worker in turn. The workers share the store (SQLite or PostgreSQL), so
 * their pollers split the work as replicas do, and any of them answers any request.
 *
 * SIGTERM or SIGINT stops every worker (each stops within 10 s) and exits 0. A worker that dies
 * is replaced after a second; when workers keep dying (a broken configuration, a store that is
 * gone), everything stops with exit code 1 instead of a crash loop.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../log.ts';
import type { Config } from './config.ts';
import { configOrExit, die } from './exit.ts';

const RESTART_AFTER_MS = 1_000;
/** More deaths than this within a minute: stop rather than loop. */
const MAX_DEATHS_PER_MINUTE = 5;
/** Workers stop within 10 s of SIGTERM; past this they are killed. */
const STOP_LIMIT_MS = 15_000;

/** The configuration, when it is one a cluster can serve; otherwise one clear line and exit 1. */
function clusterConfig(): Config {
  const config = configOrExit();
  if (!config.slack && !config.teams) {
    die('start:cluster serves Slack or Teams; the terminal chat runs in one process (npm start)');
  }
  if (!config.access) {
    die(
      'start:cluster needs a real ACCESS_API_URL: each worker would otherwise start a sandbox of its own',
    );
  }
  return config;
}

function primary(): void {
  const config = clusterConfig();
  const log = createLogger({ level: config.logLevel, file: config.logFile });
  const workers = config.workers ?? availableParallelism();
  const deaths: number[] = [];
  let stopping = false;
  let failed = false;

  cluster.setupPrimary({ exec: fileURLToPath(new URL('./main.ts', import.meta.url)) });
  const start = () => cluster.fork();

  const stopAll = (why: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ why }, 'stopping the workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      log.error('workers took longer than 15 s to stop; killing them');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
  };

  const listening = new Set<Worker>();
  cluster.on('listening', (worker: Worker) => listening.add(worker));
  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const started = listening.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a worker died');
    const now = Date.now();
    deaths.push(now);
    while (deaths[0]! < now - 60_000) deaths.shift();
    // One that never got as far as listening will not do better the next time.
    if (!started || deaths.length > MAX_DEATHS_PER_MINUTE) {
      failed = true;
      stopAll(started ? 'workers keep dying' : 'a worker could not start');
      return;
    }
    setTimeout(() => stopping || start(), RESTART_AFTER_MS);
  });
  process.once('SIGTERM', () => stopAll('SIGTERM'));
  process.once('SIGINT', () => stopAll('SIGINT'));

  for (let i = 0; i < workers; i++) start();
  log.info({ workers, port: config.port }, 'cluster started');
}

if (cluster.isPrimary) primary();
