/**
 * Start-up pays for the first requests' connections: the store's and the Access Service's are
 * opened before the server listens; a store or a service that fails or hangs never stops the
 * start, and the operator is told.
 */
import { describe, expect, it } from 'vitest';
import type { AccessClient } from '../src/access/client.ts';
import { warmUp } from '../src/app/warm-up.ts';
import type { Store } from '../src/store/store.ts';
import { captureLog } from './helpers/bot.ts';

function parts(options: { ping?: () => Promise<void>; apps?: () => AsyncGenerator<never> } = {}) {
  const calls = { pings: 0, listed: 0 };
  const store = {
    ping: async () => {
      calls.pings++;
      await options.ping?.();
    },
  } as unknown as Store;
  const client = {
    listWorkApps: () => {
      calls.listed++;
      return options.apps?.() ?? (async function* () {})();
    },
  } as unknown as AccessClient;
  return { calls, runtime: { store, client } };
}

describe('warm-up at start', () => {
  it('opens several store connections and one to the Access Service', async () => {
    const { calls, runtime } = parts();
    const { lines, log } = captureLog();
    await warmUp(runtime, log);
    expect(calls).toEqual({ pings: 4, listed: 1 });
    expect(lines.map((l) => JSON.parse(l).level).filter((level) => level >= 40)).toEqual([]);
  });

  it('lets the start go on when the store fails, and says so', async () => {
    const { runtime } = parts({
      ping: async () => {
        throw new Error('connection refused');
      },
    });
    const { lines, log } = captureLog();
    await warmUp(runtime, log);
    expect(lines.map((l) => JSON.parse(l).msg)).toContain(
      'warm-up failed; the first requests will try again',
    );
  });

  it('lets the start go on when the Access Service does not answer', async () => {
    const { runtime } = parts({
      apps: () =>
        (async function* () {
          await new Promise(() => {});
        })(),
    });
    const { lines, log } = captureLog();
    await warmUp(runtime, log, 50);
    expect(lines.map((l) => JSON.parse(l).msg)).toContain(
      'warm-up not done in time; the first requests will finish it',
    );
  });
});
