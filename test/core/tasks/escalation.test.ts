/**
 * Reminders that escalate, on a fake clock: a task still waiting after ESCALATE_AFTER is posted
 * once to its escalation channel with its age and its approvers, never before, never after a
 * decision, and updated to the outcome; reminders and escalations wait for the approver's
 * working hours in their own time zone, while a new task's first message never waits.
 */
import { describe, expect, it } from 'vitest';
import type { NotifyRules } from '../../../src/poller/rules.ts';
import { parseQuietHours, parseWorkingDays } from '../../../src/poller/working-hours.ts';
import { graceJustification, tasks, users, workApps } from '../../../src/sandbox/seed.ts';
import {
  cardOf,
  chatId,
  INTERVAL_MS,
  link,
  nextSweep,
  type PollerSetup,
  RecordingNotifier,
  usePollerWorld,
} from '../../poller/fakes.ts';

const w = usePollerWorld({ sandboxOnClock: true });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const rules: NotifyRules = {
  channels: [],
  escalations: [{ platform: 'slack', channelId: 'C-SECURITY', workApps: ['AWS Console'] }],
  defaultEscalation: { platform: 'slack', channelId: 'C-LEADS' },
  notifyOnly: [],
};

const postsTo = (channelId: string, notifier = w.slack) =>
  notifier.posts.filter((p) => p.to.kind === 'channel' && p.to.channelId === channelId);

/** A poller that escalates after three days, and reminds as `overrides` say. */
function escalating(overrides: Partial<PollerSetup> = {}) {
  return w.poller({ rules, escalateAfterMs: 3 * DAY, ...overrides });
}

/** `people` linked, their tasks sent, then three days later escalated. */
async function escalatedAfterThreeDays(people: Array<'ada' | 'alan'>) {
  await link(w.store, people);
  const { poller } = escalating();
  await nextSweep(poller, w.clock);
  w.clock.advance(3 * DAY);
  await nextSweep(poller, w.clock);
  return poller;
}

/** Moves the clock to just before `iso` and sweeps one interval later, at `iso`. */
async function sweepAt(poller: ReturnType<typeof escalating>['poller'], iso: string) {
  const gap = Date.parse(iso) - w.clock.now().getTime() - INTERVAL_MS;
  expect(gap).toBeGreaterThanOrEqual(0);
  w.clock.advance(gap);
  await nextSweep(poller, w.clock);
}

describe('escalation', () => {
  it('posts a task still waiting after ESCALATE_AFTER to the escalation channel once, and not before', async () => {
    await link(w.store, ['alan']);
    const { poller, metrics } = escalating();
    await nextSweep(poller, w.clock);
    expect(w.slack.dmTasks(chatId('alan'))).toEqual([tasks.alanGraceGithubWrite]);

    w.clock.advance(3 * DAY - 3 * INTERVAL_MS);
    await nextSweep(poller, w.clock);
    expect(postsTo('C-LEADS')).toEqual([]);

    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    const [escalation, ...more] = postsTo('C-LEADS');
    expect(more).toEqual([]);
    // The seeded request was three hours old when Alan got it.
    expect(escalation?.message.title).toBe('Escalated: waiting 3 days');
    expect(escalation?.message.summary).toBe(
      '"Access request: GitHub (Write)" has been waiting 3 days for a decision by Alan Turing.',
    );
    expect(cardOf(escalation!.message)).toMatchObject({
      taskId: tasks.alanGraceGithubWrite,
      state: 'pending',
      buttons: [],
    });
    expect(escalation?.tag?.taskId).toBe(tasks.alanGraceGithubWrite);

    for (let n = 0; n < 3; n++) {
      w.clock.advance(DAY);
      await nextSweep(poller, w.clock);
    }
    expect(postsTo('C-LEADS')).toHaveLength(1);
    // Only the escalation went to a channel; Alan's own message was never posted again.
    expect(w.slack.posts).toHaveLength(2);
    expect(await metrics.notifications.get()).toMatchObject({
      values: expect.arrayContaining([
        { labels: { platform: 'slack', kind: 'escalation', outcome: 'sent' }, value: 1 },
      ]),
    });
  });

  it('sends each task to the channels its escalation rules match, else to the default one', async () => {
    await escalatedAfterThreeDays(['ada']);
    const escalated = (id: string) => postsTo(id).map((p) => cardOf(p.message)?.taskId);
    // An access review is escalated once it is overdue (its review card), not after ESCALATE_AFTER.
    expect(escalated('C-SECURITY')).toEqual([]);
    expect(escalated('C-LEADS').sort()).toEqual(
      [tasks.adaGraceGithubWrite, tasks.adaEdsgerOffboarding].sort(),
    );
  });

  it('names the approvers whose lists hold the task, and counts from its creation', async () => {
    await link(w.store, ['ada', 'alan']);
    const { poller } = escalating({ escalateAfterMs: 2 * DAY });
    await nextSweep(poller, w.clock);
    w.clock.advance(HOUR);
    const [forAda, forAlan] = w.sandbox.state.createAccessRequest({
      workAppId: workApps.github.id,
      userId: users.grace.id,
      permissionLevelId: workApps.github.levels.read.id,
    }).taskIds;
    await nextSweep(poller, w.clock);
    w.clock.advance(2 * DAY);
    await nextSweep(poller, w.clock);
    const about = (taskId: string | undefined) =>
      postsTo('C-LEADS').find((p) => cardOf(p.message)?.taskId === taskId)?.message.summary;
    expect(about(forAda)).toBe(
      '"Access request: GitHub (Read)" has been waiting 2 days for a decision by Ada Lovelace.',
    );
    expect(about(forAlan)).toMatch(/by Alan Turing\.$/);
  });

  it('never escalates a task decided before the period is up', async () => {
    await link(w.store, ['alan']);
    const { poller } = escalating();
    await nextSweep(poller, w.clock);
    w.clock.advance(3 * DAY - HOUR);
    w.sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Approved', users.alan.id);
    await nextSweep(poller, w.clock);
    for (let n = 0; n < 3; n++) {
      w.clock.advance(DAY);
      await nextSweep(poller, w.clock);
    }
    expect(postsTo('C-LEADS')).toEqual([]);
    expect(w.slack.updates.map((u) => cardOf(u.message)?.state)).toEqual(['approved']);
  });

  it('updates the escalation to the outcome once the task is decided, keeping the reason out', async () => {
    const poller = await escalatedAfterThreeDays(['alan']);
    const [escalation] = postsTo('C-LEADS');
    const labels = cardOf(escalation!.message)?.fields.map((f) => f.label);
    expect(labels).toEqual(['Requested by', 'Application', 'Permission level', 'Since', 'Task']);
    expect(JSON.stringify(escalation)).not.toContain(graceJustification);
    w.sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Declined', users.alan.id, 'not now');
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    const edited = w.slack.updates.find((u) => u.ref.destination.kind === 'channel');
    expect(edited?.ref).toEqual(escalation?.ref);
    expect(edited?.message.title).toBe('Escalated task');
    expect(edited?.message.summary).toMatch(
      /^Access request: GitHub \(Write\): Declined by Alan Turing on [^"]*$/,
    );
    expect(JSON.stringify(edited)).not.toContain('not now');
    expect(cardOf(edited!.message)?.buttons).toEqual([]);
    // Alan's own message keeps his reason.
    const own = w.slack.updates.find((u) => u.ref.destination.kind === 'user');
    expect(own?.message.summary).toContain('"not now"');
    expect(w.slack.updates).toHaveLength(2);
  });

  it('shows a channel the justification and the reason when its rule says "details": "full"', async () => {
    await link(w.store, ['alan']);
    const full: NotifyRules = {
      ...rules,
      defaultEscalation: { platform: 'slack', channelId: 'C-LEADS', details: 'full' },
    };
    const { poller } = escalating({ rules: full });
    await nextSweep(poller, w.clock);
    w.clock.advance(3 * DAY);
    await nextSweep(poller, w.clock);
    expect(JSON.stringify(postsTo('C-LEADS'))).toContain('Justification');
    w.sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Declined', users.alan.id, 'not now');
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    const edited = w.slack.updates.find((u) => u.ref.destination.kind === 'channel');
    expect(edited?.message.summary).toMatch(/ — "not now"$/);
  });

  it('tells the channel when an escalated task vanished from the service', async () => {
    const poller = await escalatedAfterThreeDays(['alan']);
    w.sandbox.state.tasks.delete(tasks.alanGraceGithubWrite);
    await nextSweep(poller, w.clock);
    const edited = w.slack.updates.find((u) => u.ref.destination.kind === 'channel');
    expect(cardOf(edited!.message)?.outcome).toBe('This task was removed from the Access Service.');
  });

  it('escalates nothing when ESCALATE_AFTER is 0, or the channel’s platform is not served', async () => {
    await link(w.store, ['alan']);
    const off = escalating({ escalateAfterMs: 0 }).poller;
    const teamsOnly = escalating({
      rules: { ...rules, defaultEscalation: { platform: 'teams', channelId: 'T-LEADS' } },
      owner: 'replica-b',
    }).poller;
    await nextSweep(off, w.clock);
    w.clock.advance(4 * DAY);
    await nextSweep(off, w.clock);
    await nextSweep(teamsOnly, w.clock);
    expect(w.slack.posts.map((p) => p.to.kind)).toEqual(['user']);
  });
});

describe('working hours in the approver’s time zone', () => {
  // The clock starts on Sunday 22 November 2026, 09:00 UTC: 18:00 in Tokyo (UTC+9).
  const nights = { quiet: parseQuietHours('20:00-08:00'), defaultZone: 'UTC' };

  it('holds a reminder due at night in Tokyo until 08:00 there, while a UTC approver gets hers', async () => {
    await link(w.store, ['alan', 'ada']);
    w.slack.timeZones.set(chatId('alan'), 'Asia/Tokyo');
    const { poller } = w.poller({ remindAfterMs: 2 * HOUR, hours: nights });
    await nextSweep(poller, w.clock);
    const reminded = (person: 'alan' | 'ada') =>
      w.slack.followUps.filter(
        (f) => f.ref.destination.kind === 'user' && f.ref.destination.chatUserId === chatId(person),
      ).length;

    // 11:30 UTC: 11:30 for Ada (no zone given: DEFAULT_TIME_ZONE), 20:30 for Alan.
    await sweepAt(poller, '2026-11-22T11:30:00Z');
    // Ada's access review is reminded by its due date, not by REMIND_AFTER.
    expect([reminded('alan'), reminded('ada')]).toEqual([0, 2]);
    await sweepAt(poller, '2026-11-22T22:55:00Z');
    expect(reminded('alan')).toBe(0);
    // 08:05 on Monday in Tokyo: the reminder that waited all night goes out, once.
    await sweepAt(poller, '2026-11-22T23:05:00Z');
    expect(reminded('alan')).toBe(1);
    await nextSweep(poller, w.clock);
    expect(reminded('alan')).toBe(1);
    expect(w.slack.dmTasks(chatId('alan'))).toEqual([tasks.alanGraceGithubWrite]);
  });

  it('sends a new task’s first message at once, even at night or on a weekend', async () => {
    await link(w.store, ['alan']);
    w.slack.timeZones.set(chatId('alan'), 'Asia/Tokyo');
    const { poller } = w.poller({
      remindAfterMs: HOUR,
      hours: { ...nights, days: parseWorkingDays('Mon-Fri') },
    });
    await sweepAt(poller, '2026-11-22T13:00:00Z');
    expect(w.slack.dmTasks(chatId('alan'))).toEqual([tasks.alanGraceGithubWrite]);
    expect(w.slack.followUps).toEqual([]);
  });

  it('skips the weekend in the approver’s zone: Monday in Tokyo is still Sunday in UTC', async () => {
    await link(w.store, ['alan']);
    w.slack.timeZones.set(chatId('alan'), 'Asia/Tokyo');
    const { poller } = escalating({
      remindAfterMs: HOUR,
      hours: { days: parseWorkingDays('Mon-Fri'), defaultZone: 'UTC' },
    });
    await nextSweep(poller, w.clock);
    await sweepAt(poller, '2026-11-22T14:50:00Z');
    expect(w.slack.followUps).toEqual([]);
    await sweepAt(poller, '2026-11-22T15:05:00Z');
    expect(w.slack.followUps).toHaveLength(1);
  });

  it('holds an escalation due on Saturday until Monday, then posts it once', async () => {
    await link(w.store, ['alan']);
    w.slack.timeZones.set(chatId('alan'), 'Asia/Tokyo');
    const { poller } = escalating({
      escalateAfterMs: 6 * DAY,
      hours: { ...nights, days: parseWorkingDays('Mon-Fri') },
    });
    await nextSweep(poller, w.clock);
    // Due on Saturday 28th, 18:01 in Tokyo; Monday 30th 08:00 there is Sunday 23:00 UTC.
    await sweepAt(poller, '2026-11-28T10:00:00Z');
    await sweepAt(poller, '2026-11-29T12:00:00Z');
    await sweepAt(poller, '2026-11-29T22:55:00Z');
    expect(postsTo('C-LEADS')).toEqual([]);
    await sweepAt(poller, '2026-11-29T23:05:00Z');
    await nextSweep(poller, w.clock);
    expect(postsTo('C-LEADS').map((p) => p.message.title)).toEqual(['Escalated: waiting 7 days']);
  });

  it('uses DEFAULT_TIME_ZONE for a platform that tells none, and when asking fails', async () => {
    await link(w.store, ['alan'], 'teams');
    await link(w.store, ['ada']);
    const teams = new RecordingNotifier('teams');
    w.slack.timeZones.set(chatId('ada'), new Error('users.info failed'));
    const { poller, logLines } = w.poller({
      notifiers: [w.slack, teams],
      remindAfterMs: 2 * HOUR,
      hours: { ...nights, defaultZone: 'Asia/Tokyo' },
    });
    await nextSweep(poller, w.clock);
    await sweepAt(poller, '2026-11-22T11:30:00Z');
    expect([teams.followUps.length, w.slack.followUps.length]).toEqual([0, 0]);
    expect(logLines.join('')).toContain('could not read a person’s time zone');
    await sweepAt(poller, '2026-11-22T23:05:00Z');
    expect([teams.followUps.length, w.slack.followUps.length]).toEqual([1, 2]);
  });
});
