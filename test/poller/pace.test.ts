/**
 * POLL_MAX_RPS holds for every HTTP attempt the poller causes (each page, each retry), and never
 * holds back the bot's own requests.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asPollerWork, Pacer, pacePollerRequests } from '../../src/poller/pace.ts';
import { users } from '../../src/sandbox/seed.ts';
import { type Sandbox, startSandbox } from '../fakes/sandbox-faults.ts';
import { clientFor } from '../helpers/sandbox.ts';

describe('pacing the poller’s requests', () => {
  it('starts no more than POLL_MAX_RPS attempts in any second, 5% under it, inside the poller’s work only', async () => {
    vi.useFakeTimers();
    try {
      const start = Date.now();
      const starts: number[] = [];
      const pacer = new Pacer(5);
      const turns = asPollerWork(pacer, () =>
        Array.from({ length: 9 }, () =>
          pacePollerRequests()?.then(() => void starts.push(Date.now() - start)),
        ),
      );
      expect(pacePollerRequests()).toBeUndefined();
      await vi.runAllTimersAsync();
      await Promise.all(turns);
      expect(starts).toEqual([0, 0, 0, 0, 1_000, 1_000, 1_000, 1_000, 2_000]);
    } finally {
      vi.useRealTimers();
    }
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
  });
});
