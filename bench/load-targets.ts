/**
 * The programs the load benchmark measures, each started in processes of its own: accessbot
 * exactly as `npm start` runs it (the node flags are read from package.json's start script),
 * configured by environment variables against the benchmark's world, with a SQLite store in
 * which the benchmark's people are already linked; and the bare Bolt app (load-bare.ts) and
 * the floor (load-floor.ts) with the same node flags. Their CPU time and peak RSS are read from
 * /proc, from outside.
 */
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { openStore } from '../src/store/open.ts';
import type { BareConfig } from './load-bare.ts';
import { BOT_TOKEN, type Person, SIGNING_SECRET } from './load-plan.ts';
import type { WorldReport } from './load-world.ts';
import { startFlags } from './start-flags.ts';

export type TargetName = 'accessbot' | 'bare' | 'floor';

export interface CpuTime {
  total: number;
  system: number;
  main: number;
}
type World = Extract<WorldReport, { kind: 'ready' }>;

export interface Target {
  name: TargetName;
  child: ChildProcess;
  url: string;
  /** CPU time so far, in ms: user + system (`total`), system alone, and the main thread's. */
  cpu(): CpuTime;
  /** Peak resident set size so far, in MB. */
  peakRssMb(): number;
  /** SIGTERM, then the exit code (null when it had to be killed). */
  stop(): Promise<number | null>;
}

const root = new URL('..', import.meta.url);
const path = (relative: string) => fileURLToPath(new URL(relative, root));

/** npm start's flags, and BENCH_NODE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=prof`) after them. */
const targetFlags = () => [
  ...startFlags(),
  ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
];

/**
 * With BENCH_PIN (the default on two or more CPUs), a single-process target runs alone on the
 * last CPU and the benchmark's own processes (the world, the generator) on the others, as a
 * replica has its own core in production: otherwise the target's share of the CPU, and so what
 * it measures, depends on how busy the generator is.
 */
export const PINNING = process.env.BENCH_PIN !== '0' && availableParallelism() >= 2;
export const TARGET_CPU = String(availableParallelism() - 1);
export const OTHER_CPUS = `0-${availableParallelism() - 2}`;

/** A benchmark process (the world, the generator), on the CPUs the target does not use. */
export function forkPinned(file: URL, args: string[] = []): ChildProcess {
  const child = fork(file, args);
  if (PINNING) execFileSync('taskset', ['-a', '-p', '-c', OTHER_CPUS, String(child.pid)]);
  return child;
}

/** The next IPC message of `child` (of `kind`, when given); rejects if it exits first. */
export function next<K extends string, M extends { kind: K }>(
  child: ChildProcess,
  kind?: K,
): Promise<M> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => {
      child.off('message', listen);
      reject(new Error(`a benchmark process exited (${code})`));
    };
    const listen = (m: M) => {
      if (kind && m.kind !== kind) return;
      child.off('message', listen);
      child.off('exit', exited);
      resolve(m);
    };
    child.on('message', listen);
    child.once('exit', exited);
  });
}

/** `node args`, on `cpu` alone when pinning (taskset execs node: the pid is node's). */
function pinned(cpu: string, args: string[]): [string, string[]] {
  if (!PINNING) return [process.execPath, args];
  return ['taskset', ['-c', cpu, process.execPath, ...args]];
}

const ticksToMs = 1000 / 100;
/** utime and stime of a process or of one of its threads, in ms. */
function cpuOf(file: string): { user: number; system: number } {
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) * ticksToMs, system: Number(fields[12]) * ticksToMs };
}

/** User + system CPU time of one process so far, in ms. */
export function processCpuMs(pid: number): number {
  const { user, system } = cpuOf(`/proc/${pid}/stat`);
  return user + system;
}

function cpuTimeOf(pid: number): CpuTime {
  const all = cpuOf(`/proc/${pid}/stat`);
  const main = cpuOf(`/proc/${pid}/task/${pid}/stat`);
  return { total: all.user + all.system, system: all.system, main: main.user + main.system };
}

function peakRssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function answers(url: string, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return true;
    await delay(50);
  }
  return false;
}

function target(name: TargetName, child: ChildProcess, url: string, scratch?: string): Target {
  const pid = child.pid!;
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  return {
    name,
    child,
    url,
    cpu: () => cpuTimeOf(pid),
    peakRssMb: () => peakRssMbOf(pid),
    stop: async () => {
      if (exited !== undefined) return exited;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const [code] = (await gone) as [number | null];
      clearTimeout(killed);
      if (scratch) rmSync(scratch, { recursive: true, force: true });
      return code;
    },
  };
}

/** A SQLite store in which every benchmark person is linked, as after their first command. */
async function linkedStore(people: Person[]): Promise<string> {
  const dir = process.env.BENCH_DB_DIR ?? tmpdir();
  const file = join(mkdtempSync(join(dir, 'accessbot-load-')), 'accessbot.db');
  const store = await openStore(`sqlite:${file}`);
  for (const p of people) {
    await store.saveLink({
      platform: 'slack',
      chatUserId: p.slackId,
      accessUserId: p.accessUserId,
      email: p.email,
      displayName: null,
      linkedAt: new Date(),
    });
  }
  await store.close();
  return file;
}

/** accessbot as npm start runs it; `env`: settings of the run on top of the benchmark's. */
export async function startAccessbot(world: World, env: Record<string, string> = {}) {
  const database = await linkedStore(world.people);
  const args = [...targetFlags(), path('src/app/main.ts')];
  const port = await freePort();
  // Its own free port for probes too: the default, the port after PORT, may be taken.
  const healthPort = await freePort();
  const log = openSync(join(database, '..', 'accessbot.log'), 'a');
  const [file, argv] = pinned(TARGET_CPU, args);
  const child = spawn(file, argv, {
    cwd: path('.'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HEALTH_PORT: String(healthPort),
      DATABASE_URL: `sqlite:${database}`,
      ACCESS_API_URL: world.access.url,
      ACCESS_API_KEY: world.access.apiKey,
      ACCESS_API_SECRET: world.access.apiSecret,
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: world.slackApiUrl,
      // The poller runs, spread over a day: the commands are measured here, the poller by
      // bench:poller (a first sweep would send a DM for each of the 600 seeded tasks).
      POLL_INTERVAL_SECONDS: '86400',
      DIRECTORY_SYNC_INTERVAL: '0',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  if (!(await answers(`${base}/healthz`, 30_000))) throw new Error('accessbot did not start');
  return target('accessbot', child, `${base}/slack/events`, dirname(database));
}

/** The bare Bolt app (load-bare.ts) or the floor (load-floor.ts), with npm start's node flags. */
export async function startYardstick(name: 'bare' | 'floor', world: World) {
  const config: BareConfig = {
    access: world.access,
    slackApiUrl: world.slackApiUrl,
    people: world.people,
  };
  const [file, argv] = pinned(TARGET_CPU, [
    ...targetFlags(),
    path(`bench/load-${name}.ts`),
    JSON.stringify(config),
  ]);
  const child = spawn(file, argv, {
    cwd: path('.'),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env },
  });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  const { port } = JSON.parse(line.toString('utf8')) as { port: number };
  child.stdout!.resume();
  return target(name, child, `http://127.0.0.1:${port}/slack/events`);
}
