/**
 * Escalation and quiet hours over real HTTP with the Slack Web API fake: the Slack notifier reads
 * each person's time zone from `users.info` (`user.tz`) and keeps it for a few hours; the real
 * poller, on a fake clock, holds a reminder until morning in that zone, posts the escalation to
 * a Slack channel with its metadata, and edits it with `chat.update` once the task is decided.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SlackApi } from '../../adapters/slack/api.ts';
import { DELIVERY_EVENT, SlackNotifier } from '../../adapters/slack/notifier.ts';
import { PlatformUnavailableError } from '../../src/core/notifier.ts';
import { createMetrics } from '../../src/metrics.ts';
import { parseQuietHours } from '../../src/poller/working-hours.ts';
import { tasks, users } from '../../src/sandbox/seed.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.ts';
import { openStore } from '../../src/store/open.ts';
import type { Store } from '../../src/store/store.ts';
import { FakeSlack } from '../fakes/slack-api.ts';
import { checkAllPayloads } from '../fakes/slack-blockkit.ts';
import { captureLog } from '../helpers/bot.ts';
import { clientFor } from '../helpers/sandbox.ts';
import { FakeClock, INTERVAL_MS, nextSweep, testPoller } from '../poller/fakes.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let fake: FakeSlack;
let sandbox: Sandbox;
let store: Store;
let clock: FakeClock;
let notifier: SlackNotifier;

beforeAll(async () => {
  fake = await FakeSlack.start();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  clock = new FakeClock();
  sandbox = await startSandbox({ pageSize: 2, now: () => clock.now() });
  store = await openStore('sqlite::memory:');
  const api = new SlackApi({
    token: 'xoxb-test-bot-token',
    apiUrl: fake.apiUrl,
    log: captureLog().log,
    metrics: createMetrics(),
    retries: 0,
    timeoutMs: 5_000,
  });
  notifier = new SlackNotifier(api, () => clock.now().getTime());
});
afterEach(async () => {
  checkAllPayloads(fake);
  await store.close();
  await sandbox.close();
});

const asked = () => fake.callsOf('users.info').map((c) => c.args.user);

describe('a Slack user’s time zone', () => {
  it('comes from users.info, asked once per person for a few hours', async () => {
    expect(await notifier.timeZoneOf('U-KEN')).toBe('Asia/Tokyo');
    expect(await notifier.timeZoneOf('U-KEN')).toBe('Asia/Tokyo');
    expect(await notifier.timeZoneOf('U-ADA')).toBe('Europe/London');
    expect(asked()).toEqual(['U-KEN', 'U-ADA']);

    // Ken moves; after the cache's hours Slack is asked again and the new zone is used.
    fake.timeZones.set('U-KEN', 'America/Denver');
    clock.advance(5 * HOUR);
    expect(await notifier.timeZoneOf('U-KEN')).toBe('Asia/Tokyo');
    clock.advance(2 * HOUR);
    expect(await notifier.timeZoneOf('U-KEN')).toBe('America/Denver');
    expect(asked()).toEqual(['U-KEN', 'U-ADA', 'U-KEN']);
  });

  it('asks once for lookups of one person made at the same time', async () => {
    const zones = await Promise.all([1, 2, 3].map(() => notifier.timeZoneOf('U-GRACE')));
    expect(zones).toEqual(Array(3).fill('America/New_York'));
    expect(asked()).toEqual(['U-GRACE']);
  });

  it('is unknown for a user Slack does not know or who set none', async () => {
    expect(await notifier.timeZoneOf('U-NOBODY')).toBeUndefined();
    expect(await notifier.timeZoneOf('U-STRANGER')).toBeUndefined();
  });

  it('fails on a refusal, which is not kept: the next lookup asks again', async () => {
    fake.fail('users.info', { kind: 'rate_limited', retryAfterSeconds: 30 });
    await expect(notifier.timeZoneOf('U-KEN')).rejects.toBeInstanceOf(PlatformUnavailableError);
    expect(await notifier.timeZoneOf('U-KEN')).toBe('Asia/Tokyo');
    expect(asked()).toEqual(['U-KEN', 'U-KEN']);
  });
});

describe('the poller on Slack', () => {
  /** Alan, linked as the fake's U-ALAN and living in Tokyo; the clock starts at 18:00 there. */
  async function alanInTokyo() {
    fake.timeZones.set('U-ALAN', 'Asia/Tokyo');
    await store.saveLink({
      platform: 'slack',
      chatUserId: 'U-ALAN',
      accessUserId: users.alan.id,
      email: users.alan.email,
      displayName: users.alan.displayName,
      linkedAt: new Date(0),
    });
    return testPoller({
      client: clientFor(sandbox),
      store,
      notifiers: [notifier],
      clock,
      remindAfterMs: 2 * HOUR,
      escalateAfterMs: 3 * DAY,
      hours: { quiet: parseQuietHours('20:00-08:00'), defaultZone: 'UTC' },
      rules: {
        channels: [],
        escalations: [],
        defaultEscalation: { platform: 'slack', channelId: 'C-LEADS' },
        notifyOnly: [],
      },
    }).poller;
  }

  const inThread = () => [...fake.messages.values()].filter((m) => m.thread_ts);
  const inLeads = () => [...fake.messages.values()].filter((m) => m.channel === 'C-LEADS');

  it('holds the reminder until 08:00 in the person’s zone, then nudges in the thread', async () => {
    const poller = await alanInTokyo();
    await nextSweep(poller, clock);
    expect([...fake.messages.values()].map((m) => m.channel)).toEqual(['D-U-ALAN']);

    // 11:30 UTC, 20:30 in Tokyo: due, but quiet there.
    clock.advance(2.5 * HOUR);
    await nextSweep(poller, clock);
    await nextSweep(poller, clock);
    expect(inThread()).toEqual([]);
    expect(asked()).toEqual(['U-ALAN']);

    // 23:05 UTC: 08:05 on Monday in Tokyo.
    clock.advance(Date.parse('2026-11-22T23:05:00Z') - clock.now().getTime() - INTERVAL_MS);
    await nextSweep(poller, clock);
    expect(inThread().map((m) => m.text)).toEqual([
      expect.stringMatching(/^"Access request: GitHub \(Write\)" is still waiting/),
    ]);
    expect(fake.callsOf('chat.update')).toHaveLength(1);
  });

  it('posts the escalation to the channel once, tagged, and edits it to the outcome', async () => {
    const poller = await alanInTokyo();
    await nextSweep(poller, clock);
    // Wednesday 09:05 UTC: 18:05 in Tokyo, three days after Alan's message.
    clock.advance(3 * DAY);
    await nextSweep(poller, clock);
    await nextSweep(poller, clock);
    const [escalation, ...more] = inLeads();
    expect(more).toEqual([]);
    expect(escalation?.text).toBe(
      '"Access request: GitHub (Write)" has been waiting 3 days for a decision by Alan Turing.',
    );
    expect(escalation?.metadata).toMatchObject({
      event_type: DELIVERY_EVENT,
      event_payload: { task_id: tasks.alanGraceGithubWrite },
    });
    expect(JSON.stringify(escalation?.blocks)).not.toContain('accessbot.approve');

    sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Approved', users.ada.id);
    await nextSweep(poller, clock);
    expect(inLeads()).toHaveLength(1);
    expect(escalation?.updatedAt).toBeDefined();
    expect(escalation?.text).toMatch(/^Access request: GitHub \(Write\): Approved by Ada Lovelace/);
  });
});
