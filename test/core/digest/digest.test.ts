/**
 * The daily digest through the real bot and poller on a fake clock (the platform a recording
 * notifier whose people live in Europe/Berlin): chosen by command, sent once a local day at the
 * person's time, in winter and in summer, on the days the clocks change, by one replica of two and
 * not again after a restart; new tasks held back with `daily`; reminders counting it.
 */
import { describe, expect, it } from 'vitest';
import type { ChatActor } from '../../../src/core/identity.ts';
import type { Reply } from '../../../src/core/reply.ts';
import { users, workApps } from '../../../src/sandbox/seed.ts';
import { botOver, chatId, FakeClock, link, nextSweep, usePollerWorld } from '../../poller/fakes.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;
const ZONE = 'Europe/Berlin';
const w = usePollerWorld({ sandboxOnClock: true });

const ada: ChatActor = {
  platform: 'slack',
  chatUserId: chatId('ada'),
  email: async () => users.ada.email,
  timeZone: ZONE,
};

const textOf = (reply: Reply) =>
  [reply.summary, ...reply.blocks.flatMap((b) => ('text' in b ? [b.text] : []))].join('\n');

const LEADS = 'C-LEADS';

/** Ada linked in Berlin, the first sweep at `start`; reminders after `remindAfterMs`. */
async function world(
  start: number,
  options: { remindAfterMs?: number; escalateAfterMs?: number; zone?: string } = {},
) {
  const zone = options.zone ?? ZONE;
  w.clock = new FakeClock(start - MINUTE);
  await link(w.store, ['ada']);
  w.slack.timeZones.set(chatId('ada'), zone);
  const rules = {
    channels: [],
    escalations: [],
    defaultEscalation: { platform: 'slack' as const, channelId: LEADS },
    notifyOnly: [],
  };
  const replica = (owner: string) =>
    w.poller({
      owner,
      remindAfterMs: options.remindAfterMs ?? 0,
      escalateAfterMs: options.escalateAfterMs ?? 0,
      rules,
    }).poller;
  const poller = replica('replica-a');
  const bot = botOver(w, poller);
  const say = async (text: string) => textOf(await bot.handle({ ...ada, timeZone: zone }, text));
  return { poller, replica, bot, say, sweep: () => nextSweep(poller, w.clock) };
}

const toAda = () =>
  w.slack.posts.filter((p) => p.to.kind === 'user' && p.to.chatUserId === chatId('ada'));
const digests = () => toAda().filter((p) => p.message.title?.startsWith('Your daily digest'));
const cards = () => toAda().filter((p) => !p.message.title?.startsWith('Your daily digest'));

/** Sweeps every `stepMs` until the clock reaches `until`, noting when each digest went out. */
async function sweepUntil(sweep: () => Promise<unknown>, until: number, stepMs = 10 * MINUTE) {
  const sent: string[] = [];
  while (w.clock.now().getTime() < until) {
    const before = digests().length;
    await sweep();
    if (digests().length > before) sent.push(w.clock.now().toISOString().slice(0, 16));
    w.clock.advance(stepMs - MINUTE);
  }
  return sent;
}

describe('the digest command', () => {
  it('says the choice, changes it, and refuses a bad time or mode with the right form', async () => {
    const { say } = await world(Date.UTC(2026, 10, 22, 6));
    expect(await say('digest')).toContain(
      'You get each new task as it comes, with no daily digest',
    );
    expect(await say('digest daily 9:00')).toContain(
      'Saved. You get a daily digest at 09:00 (Europe/Berlin); new tasks wait for it',
    );
    expect(await say('digest')).toContain('daily digest at 09:00 (Europe/Berlin)');
    expect(await say('digest both 17:30')).toContain(
      'each new task as it comes, and a daily digest at 17:30',
    );
    expect(await say('digest daily 25:00')).toMatch(
      /^“25:00” is not a time of day: use 24-hour hours and minutes, e\.g\. `digest daily 09:00`\.$/m,
    );
    expect(await say('digest weekly')).toMatch(
      /^How should tasks reach you\? .*Usage: digest \[daily/,
    );
    expect(await say('digest daily')).toMatch(/^How should tasks reach you\?/);
    expect(await say('digest off now')).toMatch(/^How should tasks reach you\?/);
    // Hostile text is shown inert: no bidi trick.
    expect(await say('digest both <@U1>\u202e:00')).not.toContain('\u202e');
    expect(await say('digest off')).toContain('Saved. You get each new task as it comes');
    // `off` keeps the time chosen, for the next time.
    expect(await say('digest daily 17:30')).toContain('17:30');
  });

  it('speaks German and Japanese', async () => {
    const { bot } = await world(Date.UTC(2026, 10, 22, 6));
    const de = textOf(await bot.handle({ ...ada, locale: 'de' }, 'digest daily 07:15'));
    expect(de).toContain('Sie erhalten täglich um 07:15 (Europe/Berlin) eine Übersicht');
    const ja = textOf(await bot.handle({ ...ada, locale: 'ja' }, 'digest weekly'));
    expect(ja).toContain('`digest daily 09:00`');
  });
});

describe('the daily digest', () => {
  it('comes at 09:00 in Berlin — 08:00 UTC in winter — once, oldest first, with its rows', async () => {
    const { say, sweep } = await world(Date.UTC(2026, 10, 22, 6));
    await say('digest daily 09:00');
    const sent = await sweepUntil(sweep, Date.UTC(2026, 10, 23, 12));
    expect(sent).toEqual(['2026-11-22T08:00', '2026-11-23T08:00']);
    // `daily`: no task came one by one.
    expect(cards()).toEqual([]);
    const digest = digests()[0]!.message;
    const rows = digest.blocks.flatMap((b) => (b.kind === 'task' ? [b.card] : []));
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => i + 1));
    const since = rows.map((r) => r.fields.find((f) => f.label === 'Waiting for')?.value);
    expect(since.every(Boolean)).toBe(true);
    expect(rows.every((r) => r.fields.some((f) => f.label === 'Requested by'))).toBe(true);
    expect(rows[0]!.buttons.map((b) => b.action)).toEqual(['approve', 'decline']);
    const all = digest.blocks.flatMap((b) => (b.kind === 'actions' ? b.buttons : []));
    expect(all).toEqual([
      expect.objectContaining({
        action: 'approveAll',
        label: `Approve all shown (${rows.length})`,
        value: rows.map((r) => r.taskId).join(','),
      }),
    ]);
    // `approve 1` means the digest's first row.
    expect(await say('approve 1')).toContain(rows[0]!.title);
  });

  it('comes at 09:00 in Tokyo — midnight UTC — from the next day when chosen after its time', async () => {
    // 15:00 in Tokyo: today's 09:00 has passed.
    const { say, sweep } = await world(Date.UTC(2026, 10, 22, 6), { zone: 'Asia/Tokyo' });
    expect(await say('digest daily 09:00')).toContain('daily digest at 09:00 (Asia/Tokyo)');
    expect(await sweepUntil(sweep, Date.UTC(2026, 10, 24, 12))).toEqual([
      '2026-11-23T00:00',
      '2026-11-24T00:00',
    ]);
  });

  it('comes at 07:00 UTC in summer, and once on each day the clocks change', async () => {
    const { say, sweep } = await world(Date.UTC(2027, 2, 27, 3));
    await say('digest both 09:00');
    // 28 March 2027: 02:00 becomes 03:00 in Berlin.
    expect(await sweepUntil(sweep, Date.UTC(2027, 2, 29, 12), 30 * MINUTE)).toEqual([
      '2027-03-27T08:00',
      '2027-03-28T07:00',
      '2027-03-29T07:00',
    ]);
  });

  it('comes once when its time happens twice (the clocks going back) or not at all (forward)', async () => {
    const { say, sweep } = await world(Date.UTC(2026, 9, 24, 12));
    // 25 October 2026: 03:00 becomes 02:00 again, so 02:30 happens at 00:30 and at 01:30 UTC.
    await say('digest both 02:30');
    expect(await sweepUntil(sweep, Date.UTC(2026, 9, 25, 6), 15 * MINUTE)).toEqual([
      '2026-10-25T00:30',
    ]);
    w.clock.advance(Date.UTC(2027, 2, 27, 12) - MINUTE - w.clock.now().getTime());
    // 28 March 2027: 02:30 never happens; the digest comes at the first minute after it.
    expect(await sweepUntil(sweep, Date.UTC(2027, 2, 28, 6), 15 * MINUTE)).toEqual([
      '2027-03-27T12:00',
      '2027-03-28T01:00',
    ]);
  });

  it('is sent by one replica of two, and not again by a replica restarted the same day', async () => {
    const { say, replica } = await world(Date.UTC(2026, 10, 22, 8));
    await say('digest daily 09:00');
    const a = replica('replica-a');
    const b = replica('replica-b');
    await Promise.all([a.refresh(), b.refresh()]);
    w.clock.advance(MINUTE);
    await Promise.all([a.sweep(), b.sweep()]);
    expect(digests()).toHaveLength(1);
    // A restart: a new replica, the same store, later that day.
    await a.stop();
    const restarted = replica('replica-c');
    for (let i = 0; i < 5; i++) await nextSweep(restarted, w.clock);
    expect(digests()).toHaveLength(1);
  });

  it('is not sent twice when a replica dies after its post and before the day is noted', async () => {
    const { say, replica } = await world(Date.UTC(2026, 10, 22, 8));
    await say('digest daily 09:00');
    const mark = w.store.markDigestSent;
    w.store.markDigestSent = async () => {
      throw new Error('the replica died here');
    };
    const dying = replica('replica-a');
    await nextSweep(dying, w.clock);
    await nextSweep(dying, w.clock);
    w.store.markDigestSent = mark;
    expect(digests()).toHaveLength(1);
    const heir = replica('replica-b');
    await nextSweep(heir, w.clock);
    await nextSweep(heir, w.clock);
    expect(digests()).toHaveLength(1);
    expect((await w.store.digestChoice(users.ada.id))?.sentDay).toBe('2026-11-22');
  });

  it('is not sent while nothing waits or the person is away', async () => {
    const { say, sweep } = await world(Date.UTC(2026, 10, 22, 6));
    await say('digest daily 09:00');
    await say('away until 2026-11-25');
    expect(await sweepUntil(sweep, Date.UTC(2026, 10, 24, 12))).toEqual([]);
    await say('back');
    expect(await sweepUntil(sweep, Date.UTC(2026, 10, 25, 12))).toEqual(['2026-11-25T08:00']);
    for (const task of w.sandbox.state.tasksFor(users.ada.id, 'Pending')) {
      w.sandbox.state.decideTask(task.id, 'Approved', users.ada.id);
    }
    expect(await sweepUntil(sweep, Date.UTC(2026, 10, 27, 12))).toEqual([]);
  });

  it('starts the next day when chosen after its time, and stops with `digest off`', async () => {
    const { say, sweep } = await world(Date.UTC(2026, 10, 22, 10));
    await say('digest both 09:00');
    expect(await sweepUntil(sweep, Date.UTC(2026, 10, 23, 12))).toEqual(['2026-11-23T08:00']);
    // `both`: the tasks also came one by one.
    expect(cards().length).toBeGreaterThan(0);
    await say('digest off');
    expect(await sweepUntil(sweep, Date.UTC(2026, 10, 25, 12))).toEqual([]);
  });

  it('counts as the reminder of each task it shows: no nudge that day', async () => {
    const { say, sweep } = await world(Date.UTC(2026, 10, 22, 10), { remindAfterMs: 24 * HOUR });
    await sweep();
    // Her access review's card is reminded by its due date instead (REMIND_AFTER passes it by).
    const posted = cards().filter((p) => !p.message.title?.startsWith('Access reviews')).length;
    expect(posted).toBeGreaterThan(0);
    await say('digest both 09:00');
    await sweepUntil(sweep, Date.UTC(2026, 10, 23, 20));
    expect(digests()).toHaveLength(1);
    // The cards of 22 November were due a reminder at 10:00 on the 23rd; the digest was it.
    expect(w.slack.followUps).toEqual([]);
    await say('digest off');
    await sweepUntil(sweep, Date.UTC(2026, 10, 24, 12));
    expect(w.slack.followUps).toHaveLength(posted);
  });

  it('lets a task held for the digest escalate all the same, counted from its creation', async () => {
    const { say, sweep } = await world(Date.UTC(2026, 10, 22, 6), { escalateAfterMs: 2 * DAY });
    const { state } = w.sandbox;
    for (const task of state.tasksFor(users.ada.id, 'Pending')) {
      state.decideTask(task.id, 'Approved', users.ada.id);
    }
    const access = state.createAccessRequest({
      workAppId: workApps.github.id,
      userId: users.ken.id,
      permissionLevelId: workApps.github.levels.read.id,
    });
    const held = state
      .tasksFor(users.ada.id, 'Pending')
      .find((t) => t.metadata.accessId === access.id);
    expect(held).toBeDefined();
    await say('digest daily 09:00');
    const escalated = () =>
      w.slack.posts.filter((p) => p.to.kind === 'channel' && p.to.channelId === LEADS);
    await sweepUntil(sweep, Date.UTC(2026, 10, 24, 5, 50));
    expect(escalated()).toEqual([]);
    await sweepUntil(sweep, Date.UTC(2026, 10, 24, 12));
    expect(escalated().map((p) => p.message.blocks.find((b) => b.kind === 'task'))).toEqual([
      expect.objectContaining({ card: expect.objectContaining({ taskId: held!.id }) }),
    ]);
    expect(escalated()[0]!.message.summary).toContain('Ada Lovelace');
    expect(cards()).toEqual([]);
  });
});
