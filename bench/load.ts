/**
 * `npm run bench:load`: accessbot under a fixed arrival rate of signed Slack requests, against a
 * bare Bolt app doing the same outside work (load-bare.ts), in the same run, on the same
 * machine. Four kinds of process, so that nobody's work is charged to another: this one (it only directs),
 * the world (load-world.ts: the sandbox Access Service answering after a fixed latency, and
 * Slack's Web API and response_urls), the generator (load-generator.ts: Slack sending, a fresh
 * connection per request, only to 127.0.0.1, a fixed count, then it exits) and the target,
 * started afresh for every run — a run includes the target's first seconds.
 *
 * 1. CPU: `/access tasks` only, at BENCH_CPU_RATE, a fixed count after a warm-up; CPU time per
 *    request from /proc, accessbot side by side with the bare Bolt app (a ceiling of 2, reported, not a target)
 *    and then with the floor (load-floor.ts: the same outside work on `node:http` alone, the
 *    least any Node program spends on it here), BENCH_CPU_ROUNDS times; the median ratio kept.
 * 2. Steps: the mix (70 % `tasks`, 25 % `members`, 5 % Approve clicks on notifications) at each
 *    rate of BENCH_STEPS, for every target but the floor, in alternating order.
 * 3. Overload: BENCH_OVERLOAD multiples of the highest step accessbot sustained (accessbot and
 *    the bare app).
 *
 * Settings: BENCH_STEPS (100,200,400,1000), BENCH_STEP_SECONDS (20), BENCH_OVERLOAD (2,5; empty:
 * none), BENCH_CPU_REQUESTS (3000, after BENCH_CPU_WARMUP: 1000), BENCH_CPU_ROUNDS (3),
 * BENCH_CPU_RATE (100 requests a second each; lower it where a pair saturates the core),
 * BENCH_PEOPLE (200), BENCH_LATENCY_MS (20), BENCH_TARGETS (accessbot,bare,floor),
 * BENCH_DUMP (a directory for every run's raw samples), BENCH_NODE_FLAGS (added to the
 * targets' flags, e.g. --cpu-prof). A run whose generator fell more than 50 ms behind its
 * schedule (p99) is measured once more and the steadier one kept.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { GeneratorReport } from './load-generator.ts';
import { type Mix, planRequests, type RunPlan } from './load-plan.ts';
import type { Answered } from './load-slack.ts';
import { type RunResult, summarize, sustains, table } from './load-stats.ts';
import {
  forkPinned,
  next,
  OTHER_CPUS,
  PINNING,
  processCpuMs,
  startAccessbot,
  startYardstick,
  TARGET_CPU,
  type TargetName,
} from './load-targets.ts';
import type { WorldCommand, WorldReport } from './load-world.ts';
import { startFlags } from './start-flags.ts';

const list = (name: string, fallback: string) =>
  (process.env[name] ?? fallback).split(',').filter(Boolean);
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  steps: list('BENCH_STEPS', '100,200,400,1000').map(Number),
  seconds: num('BENCH_STEP_SECONDS', 20),
  overload: list('BENCH_OVERLOAD', '2,5').map(Number),
  cpuRequests: num('BENCH_CPU_REQUESTS', 3000),
  cpuWarmup: num('BENCH_CPU_WARMUP', 1000),
  cpuRounds: num('BENCH_CPU_ROUNDS', 3),
  cpuRate: num('BENCH_CPU_RATE', 100),
  people: num('BENCH_PEOPLE', 200),
  latencyMs: num('BENCH_LATENCY_MS', 20),
  targets: list('BENCH_TARGETS', 'accessbot,bare,floor') as TargetName[],
};
const REPLY_WAIT_MS = 10_000;
const DISTURBED_LAG_MS = 50;

const here = (file: string) => new URL(file, import.meta.url);

function start(name: TargetName, world: Extract<WorldReport, { kind: 'ready' }>) {
  switch (name) {
    case 'accessbot':
      return startAccessbot(world);
    case 'bare':
    case 'floor':
      return startYardstick(name, world);
  }
}

async function answeredBy(world: ChildProcess, ids: number[], untilMs: number) {
  let answered = new Map<number, Answered>();
  while (true) {
    world.send({ kind: 'collect' } satisfies WorldCommand);
    const got = await next<'collected', Extract<WorldReport, { kind: 'collected' }>>(
      world,
      'collected',
    );
    answered = new Map(got.answered);
    if (ids.every((id) => answered.has(id)) || Date.now() > untilMs) return answered;
    await delay(250);
  }
}

/**
 * One run made ready: a fresh world and target, `count` requests at `rate` planned; `go` sends
 * them and measures. CPU time is counted from the moment `warmup` requests have been acked (0:
 * from the start) to the last answer.
 */
async function prepare(name: TargetName, rate: number, count: number, mix: Mix, warmup = 0) {
  const world = forkPinned(here('./load-world.ts'), [
    JSON.stringify({ people: settings.people, latencyMs: settings.latencyMs }),
  ]);
  try {
    const ready = await next<'ready', Extract<WorldReport, { kind: 'ready' }>>(world, 'ready');
    const requests = planRequests(count, settings.people, mix);
    const clicked = requests.filter((r) => r.kind === 'click');
    if (clicked.length) {
      const assignees = clicked.map((r) => ready.people[r.person]!.accessUserId);
      world.send({ kind: 'tasks', assignees } satisfies WorldCommand);
      const { ids } = await next<'tasks', Extract<WorldReport, { kind: 'tasks' }>>(world, 'tasks');
      for (const [i, r] of clicked.entries()) r.taskId = ids[i];
    }
    const target = await start(name, ready);
    const plan: RunPlan = {
      url: target.url,
      slackOrigin: ready.slackOrigin,
      rate,
      requests,
      people: ready.people,
      healthzEveryMs: 200,
      markAfter: warmup || undefined,
    };
    return { go: () => drive(name, world, target, plan, warmup) };
  } catch (error) {
    world.disconnect();
    throw error;
  }
}

async function drive(
  name: TargetName,
  world: ChildProcess,
  target: Awaited<ReturnType<typeof start>>,
  plan: RunPlan,
  warmup: number,
) {
  try {
    let cpuBefore = target.cpu();
    const worldBefore = processCpuMs(world.pid!);
    const generator = forkPinned(here('./load-generator.ts'));
    generator.on('message', (m: { kind: string }) => {
      if (m.kind === 'mark') cpuBefore = target.cpu();
    });
    generator.send(plan);
    const report = await next<'report', GeneratorReport & { kind: 'report' }>(generator, 'report');
    const expected = report.acked.filter((a) => a.status === 200 && !a.busy).map((a) => a.id);
    const answered = await answeredBy(world, expected, Date.now() + REPLY_WAIT_MS);
    if (process.env.BENCH_DUMP) {
      const file = `${process.env.BENCH_DUMP}/${name}-${plan.rate}-${Date.now()}.json`;
      writeFileSync(file, JSON.stringify({ acked: report.acked, answered: [...answered] }));
    }
    const cpuAfter = target.cpu();
    const cpuMs = cpuAfter.total - cpuBefore.total;
    const share = (part: number) => `${((100 * part) / cpuMs).toFixed(0)} %`;
    const seconds = plan.requests.length / plan.rate;
    const worldMs = (processCpuMs(world.pid!) - worldBefore) / seconds;
    process.stderr.write(
      `    ${name}: CPU system ${share(cpuAfter.system - cpuBefore.system)}, main thread ${share(cpuAfter.main - cpuBefore.main)}; ` +
        `per second: target ${(cpuMs / seconds).toFixed(0)} ms, world ${worldMs.toFixed(0)} ms, generator ${(report.cpuMs / seconds).toFixed(0)} ms\n`,
    );
    const peakRssMb = target.peakRssMb();
    const exitCode = await target.stop();
    return summarize({
      target: name,
      rate: plan.rate,
      acked: report.acked,
      answered,
      cpuMs,
      measured: report.acked.slice(warmup),
      peakRssMb,
      healthzMs: report.healthzMs,
      exitCode,
    });
  } finally {
    world.disconnect();
  }
}

/** Runs every target of `names` at once, each with its own world and generator. */
async function together(names: TargetName[], rate: number, count: number, mix: Mix, warmup = 0) {
  const runs = [];
  for (const name of names) runs.push(await prepare(name, rate, count, mix, warmup));
  return Promise.all(runs.map((run) => run.go()));
}

const note = (r: RunResult) =>
  process.stderr.write(
    `  ${r.target} @ ${r.rate} rps: ack p99 ${r.ackP99.toFixed(1)} ms, busy ${r.busy}, CPU ${r.cpuMsPerRequest.toFixed(2)} ms/req, lag p99 ${r.lagP99.toFixed(1)} ms, load ${loadavg()[0]!.toFixed(2)}\n`,
  );

/**
 * Measures `names` running at once (one alone for the steps); once more when a generator could
 * not keep its schedule, the steadier run kept.
 */
async function measure(names: TargetName[], rate: number, count: number, mix: Mix, warmup = 0) {
  const lag = (rs: RunResult[]) => Math.max(...rs.map((r) => r.lagP99));
  // Two targets never have the very same acks; a pair that came back so (it happened once,
  // unexplained: one run's figures under both names) is measured again.
  const twins = (rs: RunResult[]) =>
    rs.some((a, i) => rs.some((b, j) => i < j && a.ackP99 === b.ackP99 && a.lagP99 === b.lagP99));
  const first = await together(names, rate, count, mix, warmup);
  first.forEach(note);
  if (lag(first) <= DISTURBED_LAG_MS && !twins(first)) return first;
  const again = await together(names, rate, count, mix, warmup);
  again.forEach(note);
  if (twins(again)) throw new Error('two targets answered with the very same acks twice');
  return twins(first) || lag(again) < lag(first) ? again : first;
}

/** Each step for every target, the order alternating so that neither always goes first. */
async function steps(rates: number[], targets: TargetName[]): Promise<RunResult[]> {
  const results: RunResult[] = [];
  for (const [i, rate] of rates.entries()) {
    const order = i % 2 ? [...targets].reverse() : targets;
    for (const name of order) {
      results.push(...(await measure([name], rate, Math.round(rate * settings.seconds), 'all')));
    }
  }
  return results;
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1]!;

/**
 * CPU per `/access tasks`: accessbot and each other target run side by side, at the same moment
 * and on the same CPU, BENCH_CPU_ROUNDS times, and the ratio is taken within each pair; the
 * median pair's ratio counts. This shared machine's speed changes from minute to minute (the
 * same build measured 1.9 ms and 2.7 ms per request a few minutes apart), which runs one after
 * the other would count as a difference between the targets. Without accessbot among the
 * targets, each runs alone. Prints every run and the ratios that matter.
 */
async function cpuPhase(targets: TargetName[]): Promise<Map<TargetName, number>> {
  const count = settings.cpuWarmup + settings.cpuRequests;
  const others = targets.filter((name) => name !== 'accessbot');
  const groups: TargetName[][] = !targets.includes('accessbot')
    ? others.map((other) => [other])
    : others.length
      ? others.map((other) => ['accessbot', other])
      : [['accessbot']];
  const runs = new Map<TargetName, RunResult[]>(targets.map((name) => [name, []]));
  const ratios = new Map<TargetName, number[]>(others.map((name) => [name, []]));
  for (let round = 0; settings.cpuRequests && round < settings.cpuRounds; round++) {
    for (const group of groups) {
      const results = await measure(group, settings.cpuRate, count, 'tasks', settings.cpuWarmup);
      for (const r of results) runs.get(r.target as TargetName)!.push(r);
      const bot = results.find((r) => r.target === 'accessbot');
      for (const r of results) {
        if (bot && r !== bot)
          ratios.get(r.target as TargetName)!.push(bot.cpuMsPerRequest / r.cpuMsPerRequest);
      }
    }
  }
  console.log(
    `CPU per \`/access tasks\` at ${settings.cpuRate} rps (${settings.cpuRequests} requests after ${settings.cpuWarmup} to warm up; ${settings.cpuRounds} rounds, accessbot side by side with each other target):`,
  );
  for (const [name, results] of runs) {
    if (!results.length) continue;
    const ms = results.map((r) => r.cpuMsPerRequest);
    const rss = Math.max(...results.map((r) => r.peakRssMb));
    console.log(
      `  ${name}: median ${median(ms).toFixed(2)} ms (runs: ${ms.map((m) => m.toFixed(2)).join(', ')}), RSS peak ${rss.toFixed(0)} MB`,
    );
  }
  const ratio = new Map<TargetName, number>();
  for (const [name, values] of ratios) {
    if (!values.length) continue;
    ratio.set(name, median(values));
    console.log(
      `  accessbot ÷ ${name}: ${median(values).toFixed(2)} (each pair: ${values.map((v) => v.toFixed(2)).join(', ')})`,
    );
  }
  return ratio;
}

const highest = (results: RunResult[], name: string) =>
  Math.max(0, ...results.filter((r) => r.target === name && sustains(r)).map((r) => r.rate));

async function main() {
  if (PINNING) execFileSync('taskset', ['-a', '-p', '-c', OTHER_CPUS, String(process.pid)]);
  const flags = startFlags().join(' ') || '(none)';
  console.log(
    `Load benchmark: node ${process.version}, ${availableParallelism()} CPUs, load ${loadavg()[0]!.toFixed(2)}, ` +
      `npm start's node flags: ${flags}; Access Service latency ${settings.latencyMs} ms, ` +
      `${settings.people} people, ${settings.seconds} s per step, a fresh process per run` +
      `${PINNING ? `; one-process targets pinned to CPU ${TARGET_CPU}, the benchmark's own processes to CPU ${OTHER_CPUS}` : ''}.\n`,
  );

  process.stderr.write(`CPU per \`/access tasks\` at ${settings.cpuRate} rps\n`);
  const cpuRatio = (await cpuPhase(settings.targets)).get('bare') ?? Number.NaN;

  process.stderr.write('Steps\n');
  const results = await steps(
    settings.steps,
    settings.targets.filter((name) => name !== 'floor'),
  );
  const sustained = highest(results, 'accessbot');
  const overload = sustained ? settings.overload.map((m) => m * sustained) : [];
  if (overload.length) {
    process.stderr.write(`Overload (× ${settings.overload.join(', ')} of ${sustained} rps)\n`);
    const overloaded = settings.targets.filter((name) => name !== 'floor');
    results.push(...(await steps(overload, overloaded)));
  }
  console.log(`\n${table(results)}\n`);

  const bare = highest(results, 'bare');
  const ratio = bare ? sustained / bare : Number.NaN;
  const late = results.filter((r) => r.target === 'accessbot').reduce((n, r) => n + r.lateAcks, 0);
  const lateAt = (rate: number) =>
    results
      .filter((r) => r.target === 'accessbot' && r.rate === rate)
      .reduce((n, r) => n + r.lateAcks, 0);
  const rss = Math.max(...results.filter((r) => r.target === 'accessbot').map((r) => r.peakRssMb));
  console.log(
    `Capacity (highest sustained step): accessbot ${sustained} rps, bare Bolt ${bare} rps, ratio ${ratio.toFixed(2)}`,
  );
  const checks = [
    [`capacity ≥ 0.8 of the bare app (${ratio.toFixed(2)})`, ratio >= 0.8],
    [
      `no ack at or over 3 s at any step (${late}; at 400 rps ${lateAt(400)}, at 1,000 rps ${lateAt(1000)})`,
      late === 0,
    ],
    [`RSS < 250 MB (${rss.toFixed(0)} MB)`, rss < 250],
    [
      `CPU per \`/access tasks\` under the ceiling of 2× the bare Bolt app (${cpuRatio.toFixed(2)}×)`,
      cpuRatio < 2,
    ],
  ] as const;
  for (const [what, met] of checks) console.log(`  ${met ? 'met' : 'NOT met'}: ${what}`);
}

await main();
