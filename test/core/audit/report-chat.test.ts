/**
 * `report [days]` in chat, against the sandbox: auditors get the report's top lines and how to
 * make the full one; anyone else is refused with the same words whatever the trail holds, and
 * nothing of it. A decision through the bot is observed in the time-to-decision histogram,
 * from the task's creation; a refused attempt is not.
 */
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../../src/metrics.ts';
import { tasks, users, workApps } from '../../../src/sandbox/seed.ts';
import { groupBot, RULES } from '../../helpers/group-bot.ts';
import { parsed, refusedWith } from '../../helpers/parse.ts';
import { useSandbox } from '../../helpers/sandbox.ts';

const sandbox = useSandbox();
const HOUR = 3_600_000;

/** The histogram's count and sum of seconds. */
async function observed(metrics: ReturnType<typeof createMetrics>) {
  const { values } = await metrics.decisionSeconds.get();
  const value = (suffix: string) =>
    values.find((v) => v.metricName === `accessbot_time_to_decision_seconds_${suffix}`)?.value;
  return { count: value('count'), sum: value('sum') };
}

/** A bot whose clock stands two hours after the task was created (each test decides its own). */
async function twoHoursAfterCreation(taskId: string) {
  const metrics = createMetrics();
  const t = await groupBot(sandbox.client, RULES, metrics);
  const task = await sandbox.client.getTask(taskId);
  t.clock.ms = Date.parse(String(task.metadata.createdAt)) + 2 * HOUR;
  return { t, metrics };
}

describe('report in chat', () => {
  it('refuses anyone who is not an auditor, saying nothing of the trail', async () => {
    const t = await groupBot(sandbox.client);
    const before = await t.say('ada', 'report');
    await t.store.appendAudit({
      at: new Date(t.clock.ms),
      platform: 'slack',
      chatUserId: 'U-alan',
      accessUserId: 'a-alan',
      detail: null,
      action: 'approve',
      taskId: 'task-1',
      appName: 'GitHub',
      reason: null,
      outcome: 'approved',
    });
    const after = await t.say('ada', 'report 7');
    expect(before).toContain('Only auditors may read the report.');
    expect(after).toBe(before);
    expect(after).not.toMatch(/GitHub|decision|Finance|npm run/);
    const unconfigured = await groupBot(sandbox.client, { ...RULES, auditorsGroup: undefined });
    const none = await unconfigured.say('katherine', 'report');
    expect(none).toContain(
      'none are set up: an admin of accessbot names their group in AUDITORS_GROUP',
    );
    // `history` keeps its own words.
    expect(await t.say('ada', 'history all')).toContain('Only auditors may read the history');
  });

  it('tells an auditor the top lines, privately, and how to make the full report', async () => {
    const { t } = await twoHoursAfterCreation(tasks.adaGraceGithubWrite);
    await t.bot.tasks.decide(t.as('ada'), tasks.adaGraceGithubWrite, 'approve');
    // Not Grace's task: refused, and no decision.
    await t.bot.tasks.decide(t.as('grace'), tasks.adaDennisAwsReview, 'approve');
    t.clock.ms += 60_000;
    const reply = await t.bot.handle(t.as('katherine'), 'report');
    expect(reply).toMatchObject({ visibility: 'private', title: 'Report of the last 30 days' });
    expect(reply.blocks).toEqual([
      {
        kind: 'list',
        items: [
          '1 decision: 1 in chat, 0 elsewhere',
          'Time to decision: median 2.0 h, 90th percentile 2.0 h',
          'Slowest applications (90th percentile): GitHub 2.0 h',
          'Open tasks: 0, 0 of them waiting a week or more',
          'Sent: 0 reminders, 0 escalations, 0 nudges',
          '0 questions asked of requesters, 0 answered (time to answer: median –, 90th percentile –)',
          '0 tasks waited on an approver who was away (median –, 90th percentile –)',
          'Access reviews: no campaign opened',
        ],
        more: 0,
      },
      {
        kind: 'note',
        text: expect.stringContaining(
          '`npm run report -- --days 30 --format html --out report.html`',
        ),
      },
    ]);
    // Who to ask, in words: a path in accessbot's repository reaches nobody in a chat.
    const full = JSON.stringify(reply.blocks.at(-1));
    expect(full).toContain('Ask whoever runs accessbot for the full report');
    expect(full).not.toMatch(/docs\/|\.md\b/);
    const week = await t.bot.handle(t.as('frances'), 'report 7');
    expect(week.title).toBe('Report of the last 7 days');
    expect(JSON.stringify(week)).toContain('--days 7 --format html');
  });

  it('observes each decision’s time from the task’s creation, not a refused attempt', async () => {
    const { t, metrics } = await twoHoursAfterCreation(tasks.adaDennisAwsReview);
    await t.bot.tasks.decide(t.as('grace'), tasks.adaDennisAwsReview, 'decline', 'not mine');
    expect(await observed(metrics)).toEqual({ count: 0, sum: 0 });
    await t.bot.tasks.decide(t.as('ada'), tasks.adaDennisAwsReview, 'decline', 'no longer needed');
    expect(await observed(metrics)).toEqual({ count: 1, sum: 7200 });
    const [entry] = await t.store.listAudit({ actions: ['decline'], limit: 1 });
    expect(entry).toMatchObject({ outcome: 'declined', taskType: 'EntitlementReview' });
  });

  it('says how the access review campaigns went: on time, or late past the due date', async () => {
    const state = sandbox.current.state;
    /** A fresh review of Grace's GitHub (Read) for Ada, GitHub's reviewer. */
    const review = () => {
      const access = state.grantAccess({
        workAppId: workApps.github.id,
        userId: users.grace.id,
        permissionLevelId: workApps.github.levels.read.id,
      });
      return state.createEntitlementReview({ accessId: access.id, requestedBy: users.radia.id })[0]!
        .id;
    };
    const onTime = review();
    const { t } = await twoHoursAfterCreation(onTime);
    await t.bot.tasks.decide(t.as('ada'), onTime, 'decline', 'moved teams');
    t.clock.ms += 60_000;
    const reply = await t.bot.handle(t.as('katherine'), 'report');
    expect(JSON.stringify(reply.blocks)).toContain(
      'Access reviews: 1 campaign (1 review): 1 done on time, 0 done late, 0 open, 0 overdue',
    );
    // Past its due date (REVIEW_DUE_DAYS, 14 by default, as the service gives none), it is late.
    const late = review();
    const other = await twoHoursAfterCreation(late);
    other.t.clock.ms += 15 * 24 * HOUR;
    await other.t.bot.tasks.decide(other.t.as('ada'), late, 'approve');
    other.t.clock.ms += 60_000;
    const after = await other.t.bot.handle(other.t.as('katherine'), 'report');
    expect(JSON.stringify(after.blocks)).toContain(
      '1 campaign (1 review): 0 done on time, 1 done late',
    );
  });

  it('takes a number of days, 30 when none is given', () => {
    expect(parsed('report')).toEqual({ name: 'report', days: 30 });
    expect(parsed('REPORT 400')).toEqual({ name: 'report', days: 400 });
    for (const wrong of ['report 0', 'report week', 'report 7 days', 'report 99999']) {
      expect(refusedWith(wrong)).toMatch(/^`report` takes a number of days from 1 to 3660\./);
    }
  });
});
