/** The bounded work queue on its own: slots, waiting room, per-person limit, idle; and the loop pressure that closes it. */
import { describe, expect, it } from 'vitest';
import { LoopPressure } from '../adapters/slack/loop-pressure.ts';
import { WorkQueue } from '../adapters/slack/work-queue.ts';

/** A job that runs until its `finish` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let started = false;
  return {
    work: async () => {
      started = true;
      await done;
    },
    finish,
    get started() {
      return started;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkQueue', () => {
  it('runs up to its concurrency, queues up to its waiting room, refuses past both', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 1, perPerson: 5 });
    const a = held();
    const b = held();
    const ranA = queue.admit('ada')!.run(a.work);
    const ranB = queue.admit('grace')!.run(b.work);
    await tick();
    expect([a.started, b.started]).toEqual([true, false]);
    expect(queue.full).toBe(true);
    expect(queue.admit('alan')).toBeUndefined();

    a.finish();
    await ranA;
    await tick();
    // The slot went to the waiting job, not to a newcomer.
    expect(b.started).toBe(true);
    expect(queue.full).toBe(false);
    b.finish();
    await ranB;
    await queue.idle();
  });

  it('refuses a person past their own limit while others still get in', () => {
    const queue = new WorkQueue({ concurrency: 10, maxWaiting: 10, perPerson: 2 });
    expect(queue.admit('ada')).toBeDefined();
    expect(queue.admit('ada')).toBeDefined();
    expect(queue.admit('ada')).toBeUndefined();
    expect(queue.admit('grace')).toBeDefined();
  });

  it('frees a slot and the person’s share when a job fails', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 0, perPerson: 1 });
    const failing = queue.admit('ada')!.run(async () => {
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    expect(queue.admit('ada')).toBeDefined();
  });

  it('is idle once every admitted job has run', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 5, perPerson: 5 });
    const jobs = [held(), held(), held()];
    const runs = jobs.map((job) => queue.admit('ada')!.run(job.work));
    let idle = false;
    const waiting = queue.idle().then(() => {
      idle = true;
    });
    for (const job of jobs) {
      await tick();
      expect(idle).toBe(false);
      job.finish();
    }
    await Promise.all(runs);
    await waiting;
    expect(idle).toBe(true);
  });

  it('refuses everyone while the event loop is overloaded, and takes work again after', () => {
    let overloaded = true;
    const queue = new WorkQueue(
      { concurrency: 10, maxWaiting: 10, perPerson: 2 },
      () => overloaded,
    );
    expect(queue.admit('ada')).toBeUndefined();
    overloaded = false;
    expect(queue.admit('ada')).toBeDefined();
  });

  it('takes back a cancelled place, the person’s share too, and is idle after', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 0, perPerson: 1 });
    const ticket = queue.admit('ada')!;
    expect(queue.full).toBe(true);
    expect(queue.admit('ada')).toBeUndefined();
    ticket.cancel();
    expect(() => ticket.cancel()).toThrow(/used twice/);
    await queue.idle();
    expect(queue.admit('ada')).toBeDefined();
  });
});

describe('LoopPressure', () => {
  /** Holds the thread, as a burst of work would: the next tick of the timer comes late. */
  const hold = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // busy
    }
  };
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Polls until `check` holds or `ms` have passed; true if it held. */
  const within = async (ms: number, check: () => boolean) => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      if (check()) return true;
      await wait(20);
    }
    return check();
  };

  it('cuts new work back once the event loop has been held up past its limit twice in a row', async () => {
    const pressure = new LoopPressure({ maxLagMs: 150, utilization: () => 0, random: () => 0.99 });
    try {
      expect(pressure.high).toBe(false);
      hold(400);
      await wait(60);
      // One stall (a long GC pause, a slow disk write) is not overload.
      expect(pressure.high).toBe(false);
      // Stalls back to back are: the timer is late at one tick and at the next.
      hold(400);
      await new Promise((resolve) => setTimeout(resolve, 0));
      hold(400);
      await wait(60);
      expect(pressure.high).toBe(true);
      expect(pressure.admits()).toBe(false);
    } finally {
      pressure.stop();
    }
  });

  it('turns away a growing share while the loop stays busy, and takes everything again after', async () => {
    let busy = 1;
    let draw = 0.5;
    const pressure = new LoopPressure({ utilization: () => busy, random: () => draw });
    try {
      expect(await within(5_000, () => pressure.high)).toBe(true);
      // Half the draws are turned away once the share taken is below one half.
      expect(await within(5_000, () => !pressure.admits())).toBe(true);
      draw = 0.01;
      expect(pressure.admits()).toBe(true);
      busy = 0.2;
      expect(await within(10_000, () => !pressure.high)).toBe(true);
      draw = 0.99;
      expect(pressure.admits()).toBe(true);
    } finally {
      pressure.stop();
    }
  });

  it('turns nobody away for a short burst of busy time', async () => {
    const shares = [1, 1, 1, 1];
    const pressure = new LoopPressure({
      utilization: () => shares.shift() ?? 0.1,
      random: () => 0.99,
    });
    try {
      let turnedAway = false;
      const watching = within(600, () => {
        turnedAway ||= pressure.high;
        return false;
      });
      await watching;
      expect(turnedAway).toBe(false);
    } finally {
      pressure.stop();
    }
  });
});
