/**
 * Cadences and webhook health live in the store: a replica that restarts, or another one on the
 * same database, polls each person at the cadence the first one set, and knows that webhooks
 * work from a delivery that reached the other. On SQLite (a file two processes share) and on
 * PostgreSQL (TEST_DATABASE_URL).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../src/sandbox/seed.ts';
import { openStore } from '../../src/store/open.ts';
import type { Store } from '../../src/store/store.ts';
import { type Sandbox, startSandbox } from '../fakes/sandbox-faults.ts';
import { usePostgresStores } from '../helpers/postgres.ts';
import { clientFor } from '../helpers/sandbox.ts';
import { FakeClock, INTERVAL_MS, link, RecordingNotifier, testPoller } from './fakes.ts';

const MINUTE = 60_000;
const QUIET = 15 * MINUTE;
const WEBHOOKS = {
  silenceMs: 120 * MINUTE,
  safetySweepMs: 30 * MINUTE,
  deliveredWithinMs: 5 * MINUTE,
};
const people = ['ada', 'margaret', 'grace', 'tim'] as const;
const ACTIVE = [users.ada.id, users.margaret.id].sort();

function sqliteFileStores(): { stores: Store[] } {
  const holder = { stores: [] as Store[] };
  beforeEach(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'accessbot-cadence-')), 'store.db');
    holder.stores = [await openStore(`sqlite:${file}`), await openStore(`sqlite:${file}`)];
  });
  afterEach(async () => {
    await Promise.all(holder.stores.map((s) => s.close()));
  });
  return holder;
}

const databases: Array<[string, () => { stores: Store[] }, boolean]> = [
  ['SQLite file', sqliteFileStores, false],
  ['PostgreSQL', () => usePostgresStores('accessbot_cadence', 2), !process.env.TEST_DATABASE_URL],
];

describe.each(databases)('%s', (_name, stores, skip) => {
  const held = skip ? { stores: [] } : stores();
  let sandbox: Sandbox;
  let clock: FakeClock;
  beforeEach(async () => {
    sandbox = await startSandbox({ pageSize: 2 });
    clock = new FakeClock();
  });
  afterEach(async () => {
    await sandbox.close();
  });

  const replica = (n: number, webhooks?: typeof WEBHOOKS) =>
    testPoller({
      client: clientFor(sandbox),
      store: held.stores[n]!,
      notifiers: [new RecordingNotifier('slack')],
      clock,
      owner: `replica-${n}`,
      quietIntervalMs: QUIET,
      webhooks,
    });

  async function sweepsOver(poller: ReturnType<typeof replica>['poller'], ms: number) {
    const polled = new Set<string>();
    for (let t = 0; t < ms; t += INTERVAL_MS) {
      await poller.refresh();
      clock.advance(INTERVAL_MS);
      for (const user of (await poller.sweep()).polled) polled.add(user);
    }
    return [...polled].sort();
  }

  it.skipIf(skip)('a restarted replica keeps each person’s cadence', async () => {
    await link(held.stores[0]!, [...people]);
    const first = replica(0);
    await sweepsOver(first.poller, 2 * INTERVAL_MS);
    await first.poller.stop();
    // Another process on the same database: the quiet people are not due before their time.
    const restarted = replica(1);
    expect(await sweepsOver(restarted.poller, 10 * MINUTE)).toEqual(ACTIVE);
    expect((await sweepsOver(restarted.poller, 5 * MINUTE)).length).toBe(people.length);
    await restarted.poller.stop();
  });

  it.skipIf(skip)('a delivery that reached one replica slows the others down too', async () => {
    await link(held.stores[0]!, [...people]);
    const a = replica(0, WEBHOOKS);
    const b = replica(1, WEBHOOKS);
    await a.poller.pollNow([]);
    await sweepsOver(b.poller, INTERVAL_MS);
    const { values } = await b.metrics.webhookState.get();
    expect(values.find((v) => v.value === 1)?.labels.state).toBe('healthy');
    expect(await sweepsOver(b.poller, 20 * MINUTE)).toEqual([]);
    expect(await sweepsOver(a.poller, 20 * MINUTE)).toEqual(people.map((p) => users[p].id).sort());
  });
});
