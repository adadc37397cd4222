/**
 * The requester's part of the Store contract: requests submitted through the bot or found as an
 * approver's task, the tasks known for each, nudges once per period, the numbers of a `requests`
 * list, and the approvers' "looking at it" marks. `describeStoreContract` runs it on every
 * implementation.
 */
import { describe, expect, it } from 'vitest';
import type { Look, Store } from '../../src/store/store.ts';

const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 10, minute));

const seen = (accessId: string, accessUserId = 'grace', minute = 0) => ({
  accessId,
  accessUserId,
  workAppId: 'app-1',
  requestedAt: at(minute),
});

function look(overrides: Partial<Look> = {}): Look {
  return {
    subject: 'access-1',
    taskId: 'task-ada',
    accessUserId: 'ada',
    name: 'Ada Lovelace',
    sinceAt: at(0),
    untilAt: at(30),
    ...overrides,
  };
}

export function describeRequesterTables(store: () => Store): void {
  describe('a requester’s requests', () => {
    it('keeps a request found as approvers’ tasks under its requester, with every task, once', async () => {
      await store().noteRequestTask(seen('access-1'), 'task-ada');
      await store().noteRequestTask(seen('access-1', 'grace', 9), 'task-alan');
      await store().noteRequestTask(seen('access-1'), 'task-ada');
      expect(await store().getRequest('access-1')).toEqual({
        ...seen('access-1'),
        taskIds: ['task-ada', 'task-alan'],
        via: 'seen',
        nudgedAt: null,
      });
      expect((await store().requestTasksOf('task-alan')).sort()).toEqual(['task-ada', 'task-alan']);
      expect(await store().requestTasksOf('task-unknown')).toEqual(['task-unknown']);
      // Told of, not submitted: no outcome is owed to its requester.
      expect(await store().listOpenRequests()).toEqual([]);
    });

    it('makes a request it was told of its own when the bot submitted it, keeping the tasks found', async () => {
      await store().noteRequestTask(seen('access-1'), 'task-alan');
      const submitted = { ...seen('access-1', 'grace', 1), taskIds: ['task-ada'] };
      await store().recordRequest(submitted);
      expect(await store().listOpenRequests()).toEqual([submitted]);
      expect(await store().getRequest('access-1')).toMatchObject({
        via: 'bot',
        requestedAt: at(1),
        taskIds: ['task-ada', 'task-alan'],
      });
    });

    it('lists one person’s requests newest first, at most as many as asked', async () => {
      await store().recordRequest({ ...seen('old', 'grace', 1), taskIds: [] });
      await store().noteRequestTask(seen('new', 'grace', 5), 'task-new');
      await store().noteRequestTask(seen('middle', 'grace', 3), 'task-middle');
      await store().noteRequestTask(seen('theirs', 'alan', 4), 'task-theirs');
      const listed = await store().listRequestsOf('grace', 2);
      expect(listed.map((r) => [r.accessId, r.taskIds])).toEqual([
        ['new', ['task-new']],
        ['middle', ['task-middle']],
      ]);
      expect((await store().listRequestsOf('grace', 10)).map((r) => r.via)).toEqual([
        'seen',
        'seen',
        'bot',
      ]);
      expect(await store().listRequestsOf('nobody', 10)).toEqual([]);
    });

    it('lets one nudge per period through, however often it is asked', async () => {
      await store().noteRequestTask(seen('access-1'), 'task-ada');
      expect(await store().claimNudge('access-1', at(10), at(-50))).toBe(true);
      expect(await store().claimNudge('access-1', at(11), at(-49))).toBe(false);
      expect((await store().getRequest('access-1'))?.nudgedAt).toEqual(at(10));
      expect(await store().claimNudge('access-1', at(70), at(10))).toBe(true);
      expect(await store().claimNudge('unknown', at(70), at(10))).toBe(false);
    });

    it('gives back a nudge that reached nobody, unless another came since', async () => {
      await store().noteRequestTask(seen('access-1'), 'task-ada');
      await store().claimNudge('access-1', at(10), at(-50));
      await store().releaseNudge('access-1', at(10), null);
      expect((await store().getRequest('access-1'))?.nudgedAt).toBeNull();
      expect(await store().claimNudge('access-1', at(11), at(-49))).toBe(true);
      await store().claimNudge('access-1', at(80), at(20));
      await store().releaseNudge('access-1', at(80), at(11));
      expect((await store().getRequest('access-1'))?.nudgedAt).toEqual(at(11));
      // A release that comes late leaves the newer nudge alone.
      await store().releaseNudge('access-1', at(80), null);
      expect((await store().getRequest('access-1'))?.nudgedAt).toEqual(at(11));
    });

    it('keeps each person’s last requests list per platform', async () => {
      expect(await store().getRequestNumbering('slack', 'U01')).toBeUndefined();
      await store().saveRequestNumbering('slack', 'U01', ['a-2', 'a-1'], at(0));
      await store().saveRequestNumbering('teams', 'U01', ['a-9'], at(0));
      await store().saveTaskNumbering('slack', 'U01', ['t-1'], at(0));
      expect(await store().getRequestNumbering('slack', 'U01')).toEqual(['a-2', 'a-1']);
      expect(await store().getRequestNumbering('teams', 'U01')).toEqual(['a-9']);
      expect(await store().getTaskNumbering('slack', 'U01')).toEqual(['t-1']);
    });
  });

  describe('"looking at it" marks', () => {
    it('lets one mark hold a subject until it is over; then the next replaces it', async () => {
      expect(await store().claimLook(look(), at(0))).toBe(true);
      const alan = look({ taskId: 'task-alan', accessUserId: 'alan', name: 'Alan Turing' });
      expect(await store().claimLook({ ...alan, sinceAt: at(10), untilAt: at(40) }, at(10))).toBe(
        false,
      );
      expect(await store().getLook('access-1')).toEqual(look());
      const later = { ...alan, sinceAt: at(30), untilAt: at(60) };
      expect(await store().claimLook(later, at(30))).toBe(true);
      expect(await store().getLook('access-1')).toEqual(later);
      expect(await store().claimLook(look({ subject: 'other' }), at(30))).toBe(true);
      expect(await store().getLook('unknown')).toBeUndefined();
    });

    it('forgets marks a day over when the next is written', async () => {
      await store().claimLook(look(), at(0));
      await store().claimLook(
        look({ subject: 'other', untilAt: at(24 * 60 + 40) }),
        at(24 * 60 + 31),
      );
      expect(await store().getLook('access-1')).toBeUndefined();
    });
  });
}

/** Every requester method, for the "refused after close" test. */
export function requesterCalls(store: Store): Promise<unknown>[] {
  return [
    store.noteRequestTask(seen('access-1'), 'task-1'),
    store.listRequestsOf('grace', 10),
    store.getRequest('access-1'),
    store.requestTasksOf('task-1'),
    store.claimNudge('access-1', at(1), at(0)),
    store.releaseNudge('access-1', at(1), null),
    store.saveRequestNumbering('slack', 'U01', ['access-1'], at(1)),
    store.getRequestNumbering('slack', 'U01'),
    store.claimLook(look(), at(1)),
    store.getLook('access-1'),
  ];
}
