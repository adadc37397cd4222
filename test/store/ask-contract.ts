/**
 * The Store contract for approvers' questions to requesters, people away and the tasks that
 * waited on them, and cards due an edit when what they show around their task changes.
 * `describeStoreContract` runs it on every implementation.
 */
import { describe, expect, it } from 'vitest';
import type { AwayAsked, NewTaskQuestion, Store } from '../../src/store/store.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 9, minute));
const period = { since: at(0), until: at(600), asOf: at(600) };

export function question(overrides: Partial<NewTaskQuestion> = {}): NewTaskQuestion {
  return {
    id: 'q-1',
    subject: 'access-1',
    taskId: 'task-ada',
    askedBy: 'ada',
    askedByName: 'Ada Lovelace',
    requesterId: 'grace',
    requesterName: 'Grace Hopper',
    question: 'Which repository?',
    askedAt: at(1),
    ...overrides,
  };
}

export const away = (overrides: Partial<AwayAsked> = {}): AwayAsked => ({
  accessUserId: 'alan',
  name: 'Alan Turing',
  platform: 'slack',
  chatUserId: 'U-ALAN',
  note: 'At a conference',
  untilDay: '2026-11-29',
  untilAt: at(7 * 24 * 60),
  ...overrides,
});

export function describeAskTables(store: () => Store): void {
  describe('approvers’ questions to requesters', () => {
    it('keeps one waiting question per request, answered once, whoever answers at the same time', async () => {
      expect(await store().putTaskQuestion(question())).toBe(true);
      const second = question({ id: 'q-2', taskId: 'task-alan', askedBy: 'alan' });
      expect(await store().putTaskQuestion(second)).toBe(false);
      expect(await store().questionsFor('grace', 10)).toEqual([
        { ...question(), answer: null, answeredAt: null, waitSeconds: null },
      ]);
      const answers = await Promise.all(
        ['The compiler', 'The runtime'].map((a) => store().answerTaskQuestion('q-1', a, at(31))),
      );
      const answered = answers.filter(Boolean);
      expect(answered).toHaveLength(1);
      expect(answered[0]).toMatchObject({ answeredAt: at(31), waitSeconds: 30 * 60 });
      expect(await store().answerTaskQuestion('q-1', 'again', at(40))).toBeUndefined();
      expect((await store().getTaskQuestion('q-1'))?.answer).toBe(answered[0]!.answer);
      // Answered: the request may be asked about again.
      expect(await store().putTaskQuestion({ ...second, askedAt: at(50) })).toBe(true);
      const asked = await store().questionsFor('grace', 10);
      expect(asked.map((q) => [q.id, q.answeredAt !== null])).toEqual([
        ['q-2', false],
        ['q-1', true],
      ]);
    });

    it('lists the questions on requests newest first, within the limit', async () => {
      await store().putTaskQuestion(question());
      await store().answerTaskQuestion('q-1', 'The compiler', at(2));
      await store().putTaskQuestion(question({ id: 'q-2', askedAt: at(3) }));
      await store().putTaskQuestion(question({ id: 'q-3', subject: 'access-2', askedAt: at(4) }));
      const on = await store().questionsOn(['access-1', 'access-9'], 10);
      expect(on.map((q) => q.id)).toEqual(['q-2', 'q-1']);
      expect((await store().questionsOn(['access-1', 'access-2'], 2)).map((q) => q.id)).toEqual([
        'q-3',
        'q-2',
      ]);
      expect(await store().questionsOn([], 10)).toEqual([]);
    });

    it('says whether any card of some requests has a note: a question, or an absence waiting', async () => {
      expect(await store().hasNotes(['access-1', 'access-2'])).toBe(false);
      expect(await store().hasNotes([])).toBe(false);
      await store().putTaskQuestion(question({ subject: 'access-2' }));
      expect(await store().hasNotes(['access-1', 'access-2'])).toBe(true);
      expect(await store().hasNotes(['access-1'])).toBe(false);
      const period = await store().setAway(away(), at(0));
      await store().noteAwayWaits(period, [{ taskId: 'task-alan', subject: 'access-1' }], at(1));
      expect(await store().hasNotes(['access-1'])).toBe(true);
      await store().endAwayWaits('alan', at(2), []);
      expect(await store().hasNotes(['access-1'])).toBe(false);
    });

    it('counts the questions of a period and ranks the waits for their answers', async () => {
      await store().putTaskQuestion(question());
      await store().answerTaskQuestion('q-1', 'a', at(61));
      await store().putTaskQuestion(question({ id: 'q-2', subject: 's-2', askedAt: at(2) }));
      await store().answerTaskQuestion('q-2', 'b', at(12));
      await store().putTaskQuestion(question({ id: 'q-3', subject: 's-3', askedAt: at(3) }));
      await store().putTaskQuestion(question({ id: 'q-4', subject: 's-4', askedAt: at(700) }));
      expect(await store().countQuestions(period)).toEqual({ asked: 3, answered: 2 });
      expect(await store().answerWaitAt(period, 0)).toBe(600);
      expect(await store().answerWaitAt(period, 1)).toBe(3600);
      expect(await store().answerWaitAt(period, 2)).toBeUndefined();
      expect(await store().pruneAsks(at(3))).toBe(2);
      expect(await store().countQuestions(period)).toEqual({ asked: 1, answered: 0 });
      await store().putTaskQuestion(question({ id: 'q-1', askedAt: at(1) }));
      await store().answerTaskQuestion('q-1', 'a', at(61));
      await store().putTaskQuestion(question({ id: 'q-2', subject: 's-2', askedAt: at(2) }));
      await store().answerTaskQuestion('q-2', 'b', at(12));
      // Answered after the period's end: not yet answered, as the period saw it.
      expect(await store().countQuestions({ ...period, until: at(30) })).toEqual({
        asked: 3,
        answered: 1,
      });
    });
  });

  describe('people away', () => {
    it('keeps one period per person, extended while it lasts, ended once by its date', async () => {
      const first = await store().setAway(away(), at(0));
      expect(first).toMatchObject({ sinceAt: at(0), endedAt: null, note: 'At a conference' });
      const later = { untilDay: '2026-11-30', untilAt: at(8 * 24 * 60), note: null };
      const extended = await store().setAway(away(later), at(5));
      expect(extended).toMatchObject({ sinceAt: at(0), untilDay: '2026-11-30', note: null });
      expect((await store().listAway(at(6))).map((a) => a.accessUserId)).toEqual(['alan']);
      const due = at(8 * 24 * 60);
      const expiries = await Promise.all([0, 1].map(() => store().expireAways(due)));
      expect(expiries.flat()).toEqual([{ ...extended, endedAt: due }]);
      expect(await store().listAway(due)).toEqual([]);
      // A new period starts afresh.
      const again = await store().setAway(away({ untilAt: at(9 * 24 * 60) }), due);
      expect(again.sinceAt).toEqual(due);
    });

    it('ends a period on `back` once, and nothing when none lasts', async () => {
      await store().setAway(away(), at(0));
      expect(await store().endAway('alan', at(10))).toMatchObject({ endedAt: at(10) });
      expect(await store().endAway('alan', at(11))).toBeUndefined();
      expect(await store().endAway('nobody', at(11))).toBeUndefined();
      expect(await store().listAway(at(12))).toEqual([]);
      expect(await store().expireAways(at(8 * 24 * 60))).toEqual([]);
    });

    it('remembers each task that waits on an away approver once, and ends its wait', async () => {
      const period1 = await store().setAway(away(), at(0));
      const waits = [
        { taskId: 'task-alan', subject: 'access-1' },
        { taskId: 'task-review', subject: 'task-review' },
      ];
      const noted = await store().noteAwayWaits(period1, waits, at(1));
      expect(noted).toHaveLength(2);
      expect(noted.every((w) => w.startedAt.getTime() === at(1).getTime() && !w.toldAt)).toBe(true);
      await store().markAwayWaitsTold(period1, ['task-alan'], at(2));
      const again = await store().noteAwayWaits(period1, waits, at(3));
      const byTask = new Map(again.map((w) => [w.taskId, w]));
      expect(byTask.get('task-alan')).toMatchObject({ startedAt: at(1), toldAt: at(2) });
      expect(byTask.get('task-review')?.toldAt).toBeNull();
      expect(await store().awayOn(['access-1', 'access-7'])).toEqual([
        {
          subject: 'access-1',
          taskId: 'task-alan',
          accessUserId: 'alan',
          name: 'Alan Turing',
          note: 'At a conference',
          untilDay: '2026-11-29',
        },
      ]);
      expect((await store().openAwayWaits('alan')).map((w) => w.taskId).sort()).toEqual([
        'task-alan',
        'task-review',
      ]);
      const ended = await store().endAwayWaits('alan', at(61), ['task-review']);
      expect(ended.map((w) => w.taskId)).toEqual(['task-alan']);
      expect(await store().awayOn(['access-1'])).toEqual([]);
      expect(await store().countAwayWaits(period)).toBe(2);
      // One over after an hour; the other still waits at the period's end (10 h minus 1 min).
      expect(await store().awayWaitAt(period, 0)).toBe(3600);
      expect(await store().awayWaitAt(period, 1)).toBe(599 * 60);
      expect(await store().awayWaitAt(period, 2)).toBeUndefined();
    });

    it('shows no approver whose period is over on anyone’s card', async () => {
      const period1 = await store().setAway(away(), at(0));
      await store().noteAwayWaits(period1, [{ taskId: 'task-alan', subject: 'access-1' }], at(1));
      await store().endAway('alan', at(2));
      expect(await store().awayOn(['access-1'])).toEqual([]);
    });
  });

  describe('cards due an edit', () => {
    it('moves on the version of every unresolved message of the tasks', async () => {
      const claim = (taskId: string, recipient: string) => ({
        taskId,
        platform: 'slack' as const,
        recipient,
        accessUserId: 'ada',
        claimedAt: at(0),
        claimedBy: 'r1',
        deliveryId: `${taskId}-${recipient}`,
        destination: { kind: 'user', chatUserId: 'U1' },
        body: { message: {} },
      });
      await store().claimNotification(claim('t-1', 'user:U1'));
      await store().claimNotification(claim('t-2', 'user:U1'));
      await store().staleCards(['t-1', 't-9']);
      await store().staleCards(['t-1']);
      await store().staleCards([]);
      const all = await store().listNotifications({ taskIds: ['t-1', 't-2'] });
      const versions = Object.fromEntries(all.map((n) => [n.taskId, n.cardVersion]));
      expect(versions).toEqual({ 't-1': 2, 't-2': 0 });
      const key = { taskId: 't-1', platform: 'slack' as const, recipient: 'user:U1' };
      await store().markNotificationSent(key, { ts: '1' }, at(1));
      expect(await store().refreshNotification(key, { message: {} }, 'r1', at(2), 2)).toBe(true);
      const [shown] = await store().listNotifications({ taskIds: ['t-1'] });
      expect([shown?.shownVersion, shown?.intent?.kind]).toEqual([2, 'refresh']);
    });
  });
}

export function askCalls(store: Store): Promise<unknown>[] {
  return [
    store.putTaskQuestion(question()),
    store.getTaskQuestion('q-1'),
    store.questionsOn(['access-1'], 3),
    store.hasNotes(['access-1']),
    store.questionsFor('grace', 3),
    store.answerTaskQuestion('q-1', 'a', at(2)),
    store.countQuestions(period),
    store.answerWaitAt(period, 0),
    store.pruneAsks(at(0)),
    store.setAway(away(), at(0)),
    store.endAway('alan', at(1)),
    store.expireAways(at(1)),
    store.listAway(at(1)),
    store.awayOn(['access-1']),
    store.openAwayWaits('alan'),
    store.endAwayWaits('alan', at(1), []),
    store.countAwayWaits(period),
    store.awayWaitAt(period, 0),
    store.staleCards(['t-1']),
  ];
}
