/**
 * POLL_MAX_RPS holds for every HTTP attempt the poller causes (each page, each retry, each call
 * through its gate), and never holds back the bot's own requests.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asPollerWork, pacePollerRequests, pacer } from '../../src/poller/pace.ts';
import { users } from '../../src/sandbox/seed.ts';
import { openStore } from '../../src/store/open.ts';
import { type Sandbox, startSandbox } from '../fakes/sandbox-faults.ts';
import { childEnv } from '../helpers/child-env.ts';
import { clientFor } from '../helpers/sandbox.ts';
import { FakeClock, link, nextSweep, RecordingNotifier, testPoller } from './fakes.ts';

/**
 * Only what the pace waits on is faked, and time moves on only to the last start expected: the
 * worker may run other files' work too (vitest's `isolate: false`), whose timers are not ours to
 * run.
 */
const paceTimers: Parameters<typeof vi.useFakeTimers>[0] = {
  toFake: ['setTimeout', 'clearTimeout', 'Date'],
};

describe('pacing the poller’s requests', () => {
  it('starts no more than POLL_MAX_RPS attempts in any second, 5% under it, inside the poller’s work only', async () => {
    vi.useFakeTimers(paceTimers);
    try {
      const start = Date.now();
      const starts: number[] = [];
      asPollerWork(pacer(5), () =>
        Array.from({ length: 9 }, () =>
          pacePollerRequests()?.then(() => void starts.push(Date.now() - start)),
        ),
      );
      expect(pacePollerRequests()).toBeUndefined();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(starts).toEqual([0, 0, 0, 0, 1_000, 1_000, 1_000, 1_000, 2_000]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes its share when replicas share the budget, a second after the last turn at the old one', async () => {
    vi.useFakeTimers(paceTimers);
    try {
      const start = Date.now();
      const starts: number[] = [];
      const pace = pacer(10);
      pace.share(2);
      Array.from({ length: 9 }, () => pace.turn().then(() => void starts.push(Date.now() - start)));
      await vi.advanceTimersByTimeAsync(3_000);
      // 10 ÷ 2 a second, 5% under: 4.
      expect(starts).toEqual([1_000, 1_000, 1_000, 1_000, 2_000, 2_000, 2_000, 2_000, 3_000]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds no process open while a new share waits for its second: a stopped replica ends at once', async () => {
    const pace = new URL('../../src/poller/pace.ts', import.meta.url).pathname;
    const script = `
      import { pacer } from ${JSON.stringify(pace)};
      const pace = pacer(10);
      pace.share(2);
      let started = false;
      void pace.turn().then(() => { started = true; });
      process.on('exit', () => console.log(started ? 'started' : 'waiting'));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', script],
      { env: childEnv() },
    );
    expect(stdout.trim()).toBe('waiting');
  });

  describe('the Access client’s hook', () => {
    let sandbox: Sandbox;
    beforeEach(async () => {
      sandbox = await startSandbox({ pageSize: 2 });
    });
    afterEach(async () => {
      await sandbox.close();
    });

    it('waits for a turn before each page and each retry', async () => {
      let turns = 0;
      const client = clientFor(sandbox, { pace: async () => void turns++ });
      // Ada has three pending tasks: two pages of two.
      const tasks = await Array.fromAsync(client.listTasks(users.ada.id, 'Pending'));
      expect(tasks).toHaveLength(3);
      expect(turns).toBe(2);
      sandbox.faults.failNext(1, 503);
      await Array.fromAsync(client.listTasks(users.ada.id, 'Pending'));
      expect(turns).toBe(5);
    });

    it('paces every request of a sweep, retries included, and not the bot’s', async () => {
      let paced = 0;
      const client = clientFor(sandbox, {
        pace: () => {
          const turn = pacePollerRequests();
          if (turn) paced++;
          return turn;
        },
      });
      const store = await openStore('sqlite::memory:');
      try {
        await link(store, ['ada', 'grace', 'alan']);
        const clock = new FakeClock();
        const notifiers = [new RecordingNotifier()];
        const { poller } = testPoller({ client, store, notifiers, clock, maxRps: 10_000 });
        sandbox.faults.failNext(1, 503);
        const report = await nextSweep(poller, clock);
        expect(report.polled).toHaveLength(3);
        expect(sandbox.requests.length).toBeGreaterThan(3);
        expect(paced).toBe(sandbox.requests.length);
        await Array.fromAsync(client.listTasks(users.ada.id, 'Pending'));
        expect(paced).toBe(sandbox.requests.length - 2);
      } finally {
        await store.close();
      }
    });
  });
});
