/**
 * The insight report's figures from a known audit trail: time to decision (median and 90th
 * percentile, overall and per application, approver and task type), decisions in chat against
 * elsewhere, open tasks by age at the period's end, reminders, escalations and nudges — with
 * the edge cases: no decision, one decision, tasks still open, a wait with no known start,
 * entries outside the period, refused attempts, and hostile application names kept as data.
 */
import { describe, expect, it } from 'vitest';
import { Report } from '../../../src/core/audit/report.ts';
import type {
  AuditEntry,
  DecisionAuditEntry,
  Platform,
  TaskEventEntry,
} from '../../../src/store/store.ts';
import { hostile } from '../../fakes/hostile-corpus.ts';
import { summarise } from '../../helpers/summarise.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const since = new Date(Date.UTC(2026, 10, 1));
const until = new Date(Date.UTC(2026, 10, 8));
const period = { since, until };
/** Long after the period: open tasks are counted at its end. */
const later = new Date(Date.UTC(2027, 0, 1));
const at = (ms: number) => new Date(since.getTime() + ms);

const who = (accessUserId: string | null, platform: Platform = 'slack') => ({
  platform,
  chatUserId: `U-${accessUserId ?? 'channel'}`,
  accessUserId,
  detail: null,
});

interface TaskFacts {
  app?: string;
  type?: string;
  created?: number;
}
const facts = (f: TaskFacts) => ({
  ...(f.app !== undefined && { appName: f.app }),
  ...(f.type !== undefined && { taskType: f.type }),
  ...(f.created !== undefined && { taskCreatedAt: at(f.created) }),
});

function decided(
  taskId: string,
  when: number,
  by: string,
  f: TaskFacts,
  outcome: DecisionAuditEntry['outcome'] = 'approved',
): DecisionAuditEntry {
  const action = outcome === 'declined' ? 'decline' : 'approve';
  return { at: at(when), ...who(by), taskId, action, reason: null, outcome, ...facts(f) };
}

function event(
  action: TaskEventEntry['action'],
  taskId: string,
  when: number,
  f: TaskFacts & { to?: string | null; outcome?: TaskEventEntry['outcome']; by?: string } = {},
): TaskEventEntry {
  const to = f.to === undefined ? 'a-ada' : f.to;
  const outcome = f.outcome ?? 'queued';
  return {
    at: at(when),
    ...who(to),
    taskId,
    action,
    outcome,
    ...facts(f),
    ...(f.by && { decidedBy: f.by }),
  };
}

/** Under 1 hour, 1 hour to 1 day, 1–3 days, 3–7 days, 7–30 days, 30 days or more. */
const byAge = (counts: number[]) =>
  ['under_1h', '1h_to_1d', '1d_to_3d', '3d_to_7d', '7d_to_30d', '30d_or_more'].map((bucket, n) => ({
    bucket,
    count: counts[n],
  }));

const expectValid = (report: Report) => expect(Report.parse(report)).toEqual(report);

describe('the report’s figures', () => {
  it('with no entries: no decision, no wait, nothing open, nothing sent', async () => {
    const report = await summarise([], period, later);
    expectValid(report);
    expect(report).toEqual({
      since: since.toISOString(),
      until: until.toISOString(),
      asOf: until.toISOString(),
      decisions: { total: 0, inChat: 0, elsewhere: 0 },
      timeToDecision: {
        overall: { name: null, count: 0, medianSeconds: null, p90Seconds: null },
        byApplication: [],
        byApprover: [],
        byTaskType: [],
      },
      openTasks: {
        total: 0,
        byAge: byAge([0, 0, 0, 0, 0, 0]),
      },
      sent: { reminders: 0, escalations: 0, nudges: 0 },
    });
  });

  it('with one decision: its wait is both the median and the 90th percentile', async () => {
    const f = { app: 'GitHub', type: 'AccessRequest', created: 0 };
    const report = await summarise(
      [event('notify', 't1', 5 * 60_000, f), decided('t1', 2 * HOUR, 'a-ada', f)],
      period,
      later,
      new Map([['a-ada', 'Ada Lovelace']]),
    );
    const one = { count: 1, medianSeconds: 7200, p90Seconds: 7200 };
    expect(report.decisions).toEqual({ total: 1, inChat: 1, elsewhere: 0 });
    expect(report.timeToDecision).toEqual({
      overall: { name: null, ...one },
      byApplication: [{ name: 'GitHub', ...one }],
      byApprover: [{ name: 'Ada Lovelace', accessUserId: 'a-ada', ...one }],
      byTaskType: [{ name: 'AccessRequest', ...one }],
    });
    expect(report.openTasks.total).toBe(0);
  });

  it('computes the median and 90th percentile between ranks, per application, approver and type', async () => {
    const github = { app: 'GitHub', type: 'AccessRequest' };
    const aws = { app: 'AWS Console', type: 'EntitlementReview' };
    // Waits of 1, 2, 3 and 4 hours on GitHub (Ada, Ada, Alan, Alan); 10 hours on AWS (Alan).
    const entries: AuditEntry[] = [
      decided('g1', 1 * HOUR, 'a-ada', { ...github, created: 0 }),
      decided('g2', 2 * HOUR, 'a-ada', { ...github, created: 0 }, 'declined'),
      decided('g3', 4 * HOUR, 'a-alan', { ...github, created: HOUR }),
      decided('g4', 6 * HOUR, 'a-alan', { ...github, created: 2 * HOUR }),
      decided('w1', 13 * HOUR, 'a-alan', { ...aws, created: 3 * HOUR }),
    ];
    const report = await summarise(entries, period, later, new Map([['a-ada', 'Ada Lovelace']]));
    expectValid(report);
    const t = report.timeToDecision;
    // 1, 2, 3, 4, 10 hours: median 3 h; the 90th percentile 4 h + 0.6 × 6 h = 7.6 h.
    expect(t.overall).toMatchObject({ count: 5, medianSeconds: 3 * 3600, p90Seconds: 27_360 });
    // 1, 2, 3, 4 hours: median 2.5 h; the 90th percentile 3 h + 0.7 × 1 h = 3.7 h.
    expect(t.byApplication).toEqual([
      { name: 'GitHub', count: 4, medianSeconds: 9000, p90Seconds: 13_320 },
      { name: 'AWS Console', count: 1, medianSeconds: 36_000, p90Seconds: 36_000 },
    ]);
    expect(t.byApprover).toEqual([
      // Alan: 3, 4 and 10 hours (the 90th percentile 4 h + 0.8 × 6 h); his name is not known.
      { name: null, accessUserId: 'a-alan', count: 3, medianSeconds: 4 * 3600, p90Seconds: 31_680 },
      {
        name: 'Ada Lovelace',
        accessUserId: 'a-ada',
        count: 2,
        medianSeconds: 5400,
        p90Seconds: 6840,
      },
    ]);
    expect(t.byTaskType.map((s) => [s.name, s.count])).toEqual([
      ['AccessRequest', 4],
      ['EntitlementReview', 1],
    ]);
  });

  it('tells decisions in chat from those found decided elsewhere, the bot’s own winning', async () => {
    const f = { app: 'Jira', created: 0 };
    const entries: AuditEntry[] = [
      event('notify', 'chat', HOUR, f),
      decided('chat', 2 * HOUR, 'a-ada', f),
      // The poller then found it gone from Alan's list: still a decision in chat.
      event('decided_elsewhere', 'chat', 3 * HOUR, { ...f, to: 'a-alan', outcome: 'approved' }),
      event('notify', 'web', HOUR, f),
      event('decided_elsewhere', 'web', 5 * HOUR, { ...f, outcome: 'declined', by: 'a-radia' }),
      // Ada's and Alan's cards both closed: one decision.
      event('decided_elsewhere', 'web', 5 * HOUR, { ...f, to: 'a-alan', outcome: 'declined' }),
      // Withdrawn or deleted elsewhere: closed, but no decision.
      event('notify', 'gone', HOUR, f),
      event('decided_elsewhere', 'gone', 6 * HOUR, { ...f, outcome: 'gone' }),
      event('notify', 'other', HOUR, f),
      event('decided_elsewhere', 'other', 6 * HOUR, { ...f, outcome: 'other' }),
    ];
    const report = await summarise(entries, period, later);
    expect(report.decisions).toEqual({ total: 2, inChat: 1, elsewhere: 1 });
    expect(report.timeToDecision.overall).toMatchObject({
      count: 2,
      medianSeconds: 3.5 * 3600,
      p90Seconds: 4.7 * 3600,
    });
    expect(report.timeToDecision.byApprover.map((s) => [s.accessUserId, s.count])).toEqual([
      ['a-ada', 1],
      ['a-radia', 1],
    ]);
    expect(report.openTasks.total).toBe(0);
  });

  it('counts one decision for a request sent to several approvers, where it was taken', async () => {
    const f = { app: 'GitHub', created: 0 };
    const later2 = { app: 'GitHub', created: HOUR };
    const entries: AuditEntry[] = [
      ...['ada', 'alan', 'tim'].map((p) =>
        event('notify', `chat-${p}`, 60_000, { ...f, to: `a-${p}` }),
      ),
      decided('chat-ada', 2 * HOUR, 'a-ada', f),
      // The tasks of the others, closed by Ada's decision, as the poller finds them.
      event('decided_elsewhere', 'chat-alan', 2 * HOUR + 60_000, {
        ...f,
        to: 'a-alan',
        outcome: 'approved',
        by: 'a-ada',
      }),
      event('decided_elsewhere', 'chat-tim', 2 * HOUR + 90_000, {
        ...f,
        to: 'a-tim',
        outcome: 'approved',
        by: 'a-ada',
      }),
      // Another request, decided in the Access Service by Radia: found on two cards.
      ...['ada', 'alan'].map((p) =>
        event('decided_elsewhere', `web-${p}`, 5 * HOUR, {
          ...later2,
          to: `a-${p}`,
          outcome: 'declined',
          by: 'a-radia',
        }),
      ),
    ];
    const report = await summarise(entries, period, later);
    expect(report.decisions).toEqual({ total: 2, inChat: 1, elsewhere: 1 });
    expect(report.timeToDecision.byApprover.map((s) => [s.accessUserId, s.medianSeconds])).toEqual([
      ['a-ada', 7200],
      ['a-radia', 4 * 3600],
    ]);
    expect(report.openTasks.total).toBe(0);
  });

  it('leaves out refused and failed attempts, and decisions outside the period', async () => {
    const f = { app: 'Jira', created: -3 * DAY };
    const entries: AuditEntry[] = [
      decided('refused', HOUR, 'a-ada', f, 'not_assignee'),
      decided('refused', HOUR, 'a-ada', f, 'already_decided'),
      decided('failed', HOUR, 'a-ada', f, 'failed'),
      decided('before', -HOUR, 'a-ada', f),
      event('notify', 'after', -DAY, f),
      decided('after', 7 * DAY, 'a-ada', f),
    ];
    const report = await summarise(entries, period, later);
    expect(report.decisions.total).toBe(0);
    expect(report.timeToDecision.overall.count).toBe(0);
    // Decided only when the period was over: still open at its end, waiting ten days.
    expect(report.openTasks.total).toBe(1);
    expect(report.openTasks.byAge.find((a) => a.count)?.bucket).toBe('7d_to_30d');
  });

  it('counts open tasks by age at the period’s end, from creation or else the first message', async () => {
    const openSince = (taskId: string, ageMs: number, created?: number): TaskEventEntry =>
      event('notify', taskId, 7 * DAY - ageMs, created === undefined ? {} : { created });
    const entries: AuditEntry[] = [
      openSince('a', 30 * 60_000),
      openSince('b', 59 * 60_000),
      openSince('c', HOUR),
      openSince('d', 2 * DAY),
      openSince('e', 4 * DAY),
      openSince('f', 6 * DAY, 7 * DAY - 8 * DAY),
      openSince('g', 6 * DAY, -40 * DAY),
      // Told about twice (another approver): one task.
      openSince('g', 1 * HOUR, -40 * DAY),
      openSince('closed', 3 * DAY),
      decided('closed', 6 * DAY, 'a-ada', {}),
    ];
    const report = await summarise(entries, period, later);
    expect(report.openTasks).toEqual({
      total: 7,
      byAge: byAge([2, 1, 1, 1, 1, 1]),
    });
    // A decided task first seen by the poller, created when the service does not say: from then.
    expect(report.timeToDecision.overall).toMatchObject({ count: 1, medianSeconds: 2 * 86_400 });
  });

  it('counts open tasks now when the period has not ended, and none found after it', async () => {
    const now = at(3 * DAY);
    const report = await summarise(
      [event('notify', 'a', 1 * DAY), event('notify', 'b', 3 * DAY + 1)],
      period,
      now,
    );
    expect(report.asOf).toBe(now.toISOString());
    expect(report.openTasks.byAge.find((a) => a.bucket === '1d_to_3d')?.count).toBe(1);
    expect(report.openTasks.total).toBe(1);
  });

  it('counts the reminders and escalations of the period, and shows 0 nudges', async () => {
    const entries: AuditEntry[] = [
      event('remind', 't', -HOUR),
      event('remind', 't', HOUR),
      event('remind', 't', DAY, { to: 'a-alan' }),
      event('escalate', 't', DAY, { to: null }),
      event('escalate', 't', 7 * DAY, { to: null }),
    ];
    expect((await summarise(entries, period, later)).sent).toEqual({
      reminders: 2,
      escalations: 1,
      nudges: 0,
    });
  });

  it('keeps hostile application, type and approver names as data, and a task with none as unnamed', async () => {
    const names = Object.values(hostile).slice(0, 12);
    const entries = names.flatMap((name, n) => [
      decided(`h${n}`, (n + 1) * HOUR, `a-${n}`, { app: name, type: name, created: 0 }),
    ]);
    entries.push(decided('bare', HOUR, 'a-x', { created: 0 }));
    const report = await summarise(
      entries,
      period,
      later,
      new Map(names.map((s, n) => [`a-${n}`, s])),
    );
    expectValid(report);
    const t = report.timeToDecision;
    expect(t.byApplication.map((s) => s.name).sort()).toEqual([...names, null].sort());
    expect(t.byTaskType.at(-1)?.name).toBeNull();
    expect(t.byApprover.map((s) => s.name).sort()).toEqual([...names, null].sort());
  });
});
