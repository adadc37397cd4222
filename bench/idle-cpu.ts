/**
 * What accessbot and the bare Bolt app spend while nobody writes: each started as bench:load
 * starts it, against the benchmark's world, left alone for 5 s, then its CPU over 20 s.
 * accessbot's poller, outbox heartbeat and load sampler tick while idle; the bare app has
 * nothing to do. Spread over the commands of a run, it is part of CPU per command.
 *
 *   node bench/idle-cpu.ts
 */
import { fork } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { startAccessbot, startYardstick, type Target } from './load-targets.ts';
import type { WorldReport } from './load-world.ts';

const SETTLE_MS = 5_000;
const MEASURE_MS = 20_000;

const world = fork(new URL('./load-world.ts', import.meta.url), [
  JSON.stringify({ people: 200, latencyMs: 20 }),
]);
const ready = await new Promise<Extract<WorldReport, { kind: 'ready' }>>((resolve) =>
  world.once('message', resolve),
);
try {
  const starts: Array<() => Promise<Target>> = [
    () => startAccessbot(ready),
    () => startYardstick('bare', ready),
  ];
  for (const start of starts) {
    const target = await start();
    await delay(SETTLE_MS);
    const before = target.cpu().total;
    await delay(MEASURE_MS);
    const perSecond = (target.cpu().total - before) / (MEASURE_MS / 1000);
    console.log(`${target.name}: ${perSecond.toFixed(1)} ms of CPU a second while idle`);
    await target.stop();
  }
} finally {
  world.disconnect();
}
