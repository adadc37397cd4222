/**
 * What the poller writes into the audit trail, on a fake clock against the sandbox: each
 * approver's first message about a task, each reminder and escalation — once, whatever the
 * number of sweeps — and a task found decided elsewhere, on each approver's card it closes; a
 * task decided through the bot is not "elsewhere". The report reads them back.
 */
import { describe, expect, it } from 'vitest';
import { readReport } from '../../src/core/audit/report-read.ts';
import { AccessBot } from '../../src/core/bot.ts';
import { tasks, users } from '../../src/sandbox/seed.ts';
import type { TaskEventEntry } from '../../src/store/store.ts';
import { actor, captureLog } from '../helpers/bot.ts';
import { clientFor } from '../helpers/sandbox.ts';
import { chatId, INTERVAL_MS, link, nextSweep, usePollerWorld } from './fakes.ts';

const w = usePollerWorld({ sandboxOnClock: true });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The poller's entries, oldest first, as (action, task, chat user, outcome). */
async function trail(action?: TaskEventEntry['action']) {
  const entries = await w.store.listAudit({
    actions: action ? [action] : ['notify', 'remind', 'escalate', 'decided_elsewhere'],
    limit: 1000,
  });
  return entries.reverse() as TaskEventEntry[];
}
const brief = (e: TaskEventEntry) => [e.action, e.taskId, e.chatUserId, e.outcome];

describe('the poller’s audit trail', () => {
  it('records each approver’s first message about each task once, with what the task is', async () => {
    await link(w.store, ['ada', 'alan']);
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    const notified = await trail();
    expect(notified.map((e) => [e.action, e.chatUserId]).sort()).toEqual(
      // Ada's access review comes on her review card, which records no entry per review.
      [
        ['notify', chatId('ada')],
        ['notify', chatId('ada')],
        ['notify', chatId('alan')],
      ].sort(),
    );
    const alan = notified.find((e) => e.chatUserId === chatId('alan'));
    expect(alan).toMatchObject({
      platform: 'slack',
      accessUserId: users.alan.id,
      taskId: tasks.alanGraceGithubWrite,
      appName: 'GitHub',
      levelName: 'Write',
      requesterName: 'Grace Hopper',
      taskType: 'AccessRequest',
      taskCreatedAt: expect.any(Date),
      outcome: 'queued',
    });
    // The task's facts, not an English title: readers name it in their own language.
    expect(alan).not.toHaveProperty('taskTitle');
    // History shows what people did, not what the poller did about their tasks.
    expect(await w.store.listAudit({ actions: ['approve', 'decline'] })).toEqual([]);
  });

  it('records each reminder and each escalation once, an escalation for its channel', async () => {
    await link(w.store, ['alan']);
    const rules = {
      channels: [],
      escalations: [],
      defaultEscalation: { platform: 'slack' as const, channelId: 'C-LEADS' },
      notifyOnly: [],
    };
    const { poller } = w.poller({ remindAfterMs: DAY, escalateAfterMs: 2 * DAY, rules });
    await nextSweep(poller, w.clock);
    for (let n = 0; n < 3; n++) {
      w.clock.advance(DAY - 2 * INTERVAL_MS);
      await nextSweep(poller, w.clock);
      await nextSweep(poller, w.clock);
    }
    expect(w.slack.followUps).toHaveLength(3);
    const id = tasks.alanGraceGithubWrite;
    expect((await trail()).map(brief)).toEqual([
      ['notify', id, chatId('alan'), 'queued'],
      ['remind', id, chatId('alan'), 'queued'],
      ['remind', id, chatId('alan'), 'queued'],
      ['escalate', id, 'C-LEADS', 'queued'],
      ['remind', id, chatId('alan'), 'queued'],
    ]);
    const [escalation] = await trail('escalate');
    expect(escalation?.accessUserId).toBeNull();
  });

  it('records a task decided elsewhere on each approver’s card it closes, and a vanished one', async () => {
    await link(w.store, ['ada', 'alan']);
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    w.sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Approved', users.alan.id);
    w.sandbox.state.tasks.delete(tasks.adaEdsgerOffboarding);
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    const closed = (await trail('decided_elsewhere')).map((e) => [
      ...brief(e),
      e.decidedBy ?? null,
    ]);
    expect(closed.sort()).toEqual(
      [
        ['decided_elsewhere', tasks.adaGraceGithubWrite, chatId('ada'), 'approved', users.alan.id],
        [
          'decided_elsewhere',
          tasks.alanGraceGithubWrite,
          chatId('alan'),
          'approved',
          users.alan.id,
        ],
        ['decided_elsewhere', tasks.adaEdsgerOffboarding, chatId('ada'), 'gone', null],
      ].sort(),
    );
  });

  it('does not take a decision through the bot for one elsewhere; the report tells them apart', async () => {
    await link(w.store, ['ada', 'alan']);
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    const bot = new AccessBot({
      client: clientFor(w.sandbox),
      store: w.store,
      log: captureLog().log,
      pendingStatus: 'Pending',
      now: () => w.clock.now(),
    });
    const ada = actor(users.ada.email, 'slack', chatId('ada'));
    expect((await bot.tasks.decide(ada, tasks.adaGraceGithubWrite, 'approve')).outcome).toBe(
      'approved',
    );
    w.sandbox.state.decideTask(tasks.adaEdsgerOffboarding, 'Declined', users.radia.id);
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    // Ada's own card was decided through the bot; Alan's task of the same request was closed
    // by her decision; Radia declined the offboarding step in the Access Service.
    const closed = (await trail('decided_elsewhere')).map((e) => [e.taskId, e.decidedBy]);
    expect(closed.sort()).toEqual(
      [
        [tasks.alanGraceGithubWrite, users.ada.id],
        [tasks.adaEdsgerOffboarding, users.radia.id],
      ].sort(),
    );

    const now = w.clock.now();
    const report = await readReport(
      w.store,
      { since: new Date(now.getTime() - DAY), until: now },
      now,
    );
    expect(report.decisions).toEqual({ total: 2, inChat: 1, elsewhere: 1 });
    expect(report.timeToDecision.byApprover.map((s) => s.name).sort()).toEqual([
      'Ada Lovelace',
      null,
    ]);
    // Her access review still waits, on its review card, which the poller's entries do not count.
    expect(report.openTasks.total).toBe(0);
  });
});
