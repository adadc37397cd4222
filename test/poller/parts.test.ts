/**
 * The poller's parts on their own: the gate's pace, concurrency and backoff on fake clocks, the
 * spread of users over the interval, the notification rules and their configuration, and a clean
 * stop of the loop.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { NotFoundError, ServiceUnavailableError } from '../../src/access/errors.ts';
import type { Task } from '../../src/access/schemas.ts';
import { loadConfig } from '../../src/app/config.ts';
import { type GateOptions, ServiceGate } from '../../src/poller/gate.ts';
import { pacePollerRequests, pacer } from '../../src/poller/pace.ts';
import { channelsFor, isNotifyOnly, parseNotifyRules } from '../../src/poller/rules.ts';
import { users } from '../../src/sandbox/seed.ts';
import { startSandbox } from '../../src/sandbox/server.ts';
import { openStore } from '../../src/store/open.ts';
import { clientFor } from '../helpers/sandbox.ts';
import { FakeClock, INTERVAL_MS, link, RecordingNotifier, testPoller } from './fakes.ts';

describe('the gate to the Access Service', () => {
  const gateOf = (o: Pick<GateOptions, 'concurrency' | 'pace'>) =>
    new ServiceGate(new FakeClock(), { maxBackoffMs: 8_000, random: () => 1, ...o });

  it('keeps the HTTP attempts of its calls, from wherever, to POLL_MAX_RPS, 5% under it', async () => {
    vi.useFakeTimers();
    try {
      const gate = gateOf({ concurrency: 1_000, pace: pacer(100) });
      const start = Date.now();
      const starts: number[] = [];
      // Each call waits on the Access client's hook before its attempt, as the client does.
      const calls = Array.from({ length: 300 }, () =>
        gate.run(async () => {
          await pacePollerRequests();
          starts.push(Date.now() - start);
        }),
      );
      await vi.runAllTimersAsync();
      await Promise.all(calls);
      expect(starts).toEqual([
        ...[0, 1_000, 2_000].flatMap((at) => new Array(95).fill(at)),
        ...new Array(15).fill(3_000),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('has no more than POLL_CONCURRENCY requests in flight', async () => {
    const gate = gateOf({ concurrency: 3 });
    const answer = Promise.withResolvers<void>();
    let inFlight = 0;
    let most = 0;
    const calls = Array.from({ length: 10 }, () =>
      gate.run(async () => {
        most = Math.max(most, ++inFlight);
        await answer.promise;
        inFlight--;
      }),
    );
    await vi.waitFor(() => expect(inFlight).toBe(3));
    answer.resolve();
    await Promise.all(calls);
    expect(most).toBe(3);
  });

  it('backs off exponentially up to its cap while the service fails, one request at a time, and recovers at once', async () => {
    const clock = new FakeClock();
    const gate = new ServiceGate(clock, { concurrency: 4, maxBackoffMs: 8_000, random: () => 1 });
    let inFlight = 0;
    let most = 0;
    const call = (outcome: Error | 'ok') =>
      gate
        .run(async () => {
          most = Math.max(most, ++inFlight);
          await Promise.resolve();
          inFlight--;
          if (outcome !== 'ok') throw outcome;
        })
        .catch(() => undefined);
    const down = new ServiceUnavailableError('GET /Tasks', 'HTTP 503');
    expect(gate.backoffMs).toBe(0);
    const pauses: number[] = [];
    for (let n = 0; n < 5; n++) {
      await call(down);
      pauses.push(gate.backoffMs);
    }
    expect(pauses).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    // A task that is not found says nothing about the service: no slower.
    await call(new NotFoundError('GET /Tasks/{taskId}'));
    expect(gate.backoffMs).toBe(8_000);
    // Three at once go one after another, each 8 s after the one before.
    const before = clock.now().getTime();
    await Promise.all([call(down), call(down), call(down)]);
    expect(clock.now().getTime() - before).toBe(24_000);
    expect(most).toBe(1);
    await call('ok');
    expect(gate.backoffMs).toBe(0);
    const after = clock.now().getTime();
    await call('ok');
    expect(clock.now().getTime() - after).toBe(0);
  });
});

describe('the poll schedule', () => {
  /** Each tenth of the interval after a fresh start: the people first due in it, by store. */
  async function firstPolls(people: number): Promise<string[][]> {
    const sandbox = await startSandbox();
    const store = await openStore('sqlite::memory:');
    try {
      for (let n = 0; n < people; n++) {
        const accessUserId = `user-${n}`;
        await store.saveLink({
          platform: 'slack',
          chatUserId: `U-${n}`,
          accessUserId,
          email: `${accessUserId}@example.com`,
          displayName: null,
          linkedAt: new Date(0),
        });
      }
      const clock = new FakeClock();
      const notifiers = [new RecordingNotifier()];
      const { poller } = testPoller({ client: clientFor(sandbox), store, notifiers, clock });
      await poller.refresh();
      const start = clock.now().getTime();
      const leaseUntil = new Date(start + 2 * INTERVAL_MS);
      const tenths: string[][] = [];
      for (let k = 1; k <= 10; k++) {
        const dueBy = new Date(start + (k * INTERVAL_MS) / 10 - 1);
        const due = await store.claimDuePollUsers('probe', dueBy, clock.now(), leaseUntil, people);
        tenths.push(due.map((d) => d.accessUserId).sort());
      }
      return tenths;
    } finally {
      await store.close();
      await sandbox.close();
    }
  }

  it('spreads the first polls of many people evenly over the interval, each at the same point after a restart', async () => {
    const tenths = await firstPolls(2_000);
    expect(tenths.flat()).toHaveLength(2_000);
    for (const people of tenths) expect(people.length).toBeGreaterThan(160);
    expect(await firstPolls(2_000)).toEqual(tenths);
  });
});

describe('notification rules', () => {
  const task = (type: string, target: Record<string, unknown>): Task =>
    ({ id: 't', status: 'Pending', type, target, metadata: {} }) as Task;

  it('matches channels by WorkApp name in any case or id, and by task type', () => {
    const rules = parseNotifyRules(
      JSON.stringify({
        channels: [
          { platform: 'slack', channelId: 'C1', workApps: ['GitHub', 'app-7'] },
          { platform: 'teams', channelId: 'T1', taskTypes: ['OffboardingStep'] },
          { platform: 'slack', channelId: 'C-ALL' },
        ],
        notifyOnly: ['OffboardingStep'],
      }),
    );
    const ids = (t: Task) => channelsFor(t, rules).map((r) => r.channelId);
    expect(ids(task('AccessRequest', { workAppName: 'github' }))).toEqual(['C1', 'C-ALL']);
    expect(ids(task('AccessRequest', { workAppId: 'app-7', workAppName: 'Jira' }))).toEqual([
      'C1',
      'C-ALL',
    ]);
    expect(ids(task('OffboardingStep', { workAppName: 'Figma' }))).toEqual(['T1', 'C-ALL']);
    expect(isNotifyOnly(task('OffboardingStep', {}), rules)).toBe(true);
    expect(isNotifyOnly(task('AccessRequest', {}), rules)).toBe(false);
  });

  it('reads the rules from a file when the value is not inline JSON', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'accessbot-rules-')), 'rules.json');
    writeFileSync(file, '{"notifyOnly": ["EntitlementReview"]}');
    expect(loadConfig({ NOTIFY_RULES: file }).notifyRules).toEqual({
      channels: [],
      escalations: [],
      notifyOnly: ['EntitlementReview'],
    });
  });

  it.each([
    ['{"channels": [', 'NOTIFY_RULES is not valid JSON'],
    [
      '{"channels": [{"platform": "irc", "channelId": "C1"}]}',
      'NOTIFY_RULES does not match the rules format at channels.0.platform',
    ],
    ['{"notify": []}', 'NOTIFY_RULES does not match the rules format'],
    ['/no/such/rules.json', 'NOTIFY_RULES cannot read the rules file /no/such/rules.json (ENOENT)'],
  ])('stops start-up with one line for NOTIFY_RULES=%s', (value, line) => {
    expect(() => loadConfig({ NOTIFY_RULES: value })).toThrow(line);
  });
});

describe('the poller’s configuration', () => {
  it('has defaults for every poller variable', () => {
    const config = loadConfig({});
    expect(config.pollConcurrency).toBe(20);
    expect(config.notifyRules).toBeUndefined();
    expect(config.directorySyncMs).toBe(3_600_000);
    expect(config.webhook).toEqual({
      signatureHeader: 'X-Access-Signature',
      timestampHeader: 'X-Access-Timestamp',
      toleranceMs: 300_000,
      safetySweepMs: 1_800_000,
      silenceMs: 7_200_000,
    });
    expect(config.poll.quietIntervalMs).toBe(900_000);
  });

  it.each([
    [{ POLL_CONCURRENCY: '0' }, 'POLL_CONCURRENCY must be at least 1'],
    [
      { ACCESS_WEBHOOK_SIGNATURE_HEADER: 'X Sig' },
      'ACCESS_WEBHOOK_SIGNATURE_HEADER must be an HTTP header name',
    ],
    [
      { ACCESS_WEBHOOK_TOLERANCE_SECONDS: 'soon' },
      'ACCESS_WEBHOOK_TOLERANCE_SECONDS must be a whole number',
    ],
    [{ DIRECTORY_SYNC_INTERVAL: 'hourly' }, 'DIRECTORY_SYNC_INTERVAL must be a duration'],
  ])('names the variable when it is wrong: %o', (env, line) => {
    expect(() => loadConfig(env)).toThrow(line);
  });
});

describe('the poller’s loop', () => {
  it('stops without waiting for a hung send, and gives its leases back', async () => {
    const sandbox = await startSandbox();
    const store = await openStore('sqlite::memory:');
    try {
      await link(store, ['alan']);
      const notifier = new RecordingNotifier();
      notifier.hangNext();
      const clock = new FakeClock();
      const { poller } = testPoller({
        client: clientFor(sandbox),
        store,
        notifiers: [notifier],
        clock,
      });
      await poller.start();
      await expect
        .poll(async () => (await store.listNotifications({ openFor: users.alan.id })).length)
        .toBe(1);
      await poller.stop();
      await store.markPollDue('all', clock.now());
      expect(
        (await store.claimDuePollUsers('other', clock.now(), clock.now(), clock.now(), 5)).map(
          (due) => due.accessUserId,
        ),
      ).toEqual([users.alan.id]);
    } finally {
      await store.close();
      await sandbox.close();
    }
  });
});
