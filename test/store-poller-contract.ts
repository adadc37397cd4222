/**
 * The poller's part of the Store contract: notification claims, requests made through the bot,
 * the shared poll schedule and conversation references. `describeStoreContract` runs it on every
 * implementation.
 */
import { describe, expect, it } from 'vitest';
import type {
  BotRequest,
  NotificationClaim,
  NotificationKey,
  PollUser,
  Store,
} from '../src/store/store.ts';

const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 10, minute));

export function claim(overrides: Partial<NotificationClaim> = {}): NotificationClaim {
  return {
    taskId: 'task-1',
    platform: 'slack',
    recipient: 'user:U01',
    accessUserId: 'a-1',
    claimedAt: at(0),
    claimedBy: 'replica-a',
    ...overrides,
  };
}

const keyOf = ({ taskId, platform, recipient }: NotificationClaim): NotificationKey => ({
  taskId,
  platform,
  recipient,
});

function request(overrides: Partial<BotRequest> = {}): BotRequest {
  return {
    accessId: 'access-1',
    accessUserId: 'a-1',
    workAppId: 'app-1',
    taskIds: ['task-1', 'task-2'],
    requestedAt: at(0),
    ...overrides,
  };
}

const pollUsers = (...ids: string[]): PollUser[] =>
  ids.map((accessUserId, n) => ({ accessUserId, firstDueAt: at(n) }));

const ref = { channel: 'D01', ts: '1700000000.000100', nested: { list: [1, 'two', null] } };

export function describePollerTables(store: () => Store): void {
  describe('notification claims', () => {
    it('lets exactly one claim of a key win', async () => {
      expect(await store().claimNotification(claim())).toBe(true);
      expect(await store().claimNotification(claim({ claimedBy: 'replica-b' }))).toBe(false);
      expect(await store().claimNotification(claim({ recipient: 'user:U02' }))).toBe(true);
      expect(await store().claimNotification(claim({ platform: 'teams' }))).toBe(true);
      expect(await store().claimNotification(claim({ taskId: 'task-2' }))).toBe(true);
      expect(await store().listNotifications({ taskIds: ['task-1'] })).toHaveLength(3);
    });

    it('gives back a claim field for field, and the sent reference as JSON', async () => {
      await store().claimNotification(claim());
      expect(await store().listNotifications({ taskIds: ['task-1'] })).toEqual([
        {
          ...claim(),
          messageRef: null,
          sentAt: null,
          remindedAt: null,
          resolvedAt: null,
        },
      ]);
      await store().markNotificationSent(keyOf(claim()), ref, at(1));
      const [sent] = await store().listNotifications({ taskIds: ['task-1'] });
      expect(sent?.messageRef).toEqual(ref);
      expect(sent?.sentAt).toEqual(at(1));
    });

    it('lists the given tasks and the unresolved notifications of one user, once each', async () => {
      await store().claimNotification(claim({ taskId: 't1', accessUserId: 'a-1' }));
      await store().claimNotification(claim({ taskId: 't2', accessUserId: 'a-1' }));
      await store().claimNotification(claim({ taskId: 't3', accessUserId: 'a-1' }));
      await store().claimNotification(claim({ taskId: 't4', accessUserId: 'a-2' }));
      await store().resolveNotification(keyOf(claim({ taskId: 't3' })), at(2));
      const listed = await store().listNotifications({ taskIds: ['t1', 't4'], openFor: 'a-1' });
      expect(listed.map((n) => n.taskId).sort()).toEqual(['t1', 't2', 't4']);
      expect(await store().listNotifications({})).toEqual([]);
    });

    it('lets a stale claim without a message be taken over once, and a fresh or sent one not', async () => {
      const key = keyOf(claim());
      await store().claimNotification(claim({ claimedAt: at(0) }));
      expect(await store().reclaimNotification(key, 'replica-b', at(1), at(0))).toBe(false);
      expect(await store().reclaimNotification(key, 'replica-b', at(5), at(3))).toBe(true);
      expect(await store().reclaimNotification(key, 'replica-c', at(5), at(3))).toBe(false);
      const [taken] = await store().listNotifications({ taskIds: ['task-1'] });
      expect([taken?.claimedBy, taken?.claimedAt]).toEqual(['replica-b', at(5)]);
      await store().markNotificationSent(key, ref, at(6));
      expect(await store().reclaimNotification(key, 'replica-c', at(30), at(29))).toBe(false);
    });

    it('resolves a notification exactly once, and again after a reopen', async () => {
      const key = keyOf(claim());
      await store().claimNotification(claim());
      expect(await store().resolveNotification(key, at(3))).toBe(true);
      expect(await store().resolveNotification(key, at(4))).toBe(false);
      expect((await store().listNotifications({ taskIds: ['task-1'] }))[0]?.resolvedAt).toEqual(
        at(3),
      );
      await store().reopenNotification(key);
      expect(await store().resolveNotification(key, at(5))).toBe(true);
    });

    it('records one reminder per period, only for a sent, unresolved message', async () => {
      const key = keyOf(claim());
      await store().claimNotification(claim());
      expect(await store().markReminded(key, at(30), at(20))).toBe(false);
      await store().markNotificationSent(key, ref, at(1));
      expect(await store().markReminded(key, at(10), at(0))).toBe(false);
      expect(await store().markReminded(key, at(30), at(20))).toBe(true);
      expect(await store().markReminded(key, at(31), at(21))).toBe(false);
      expect(await store().markReminded(key, at(50), at(40))).toBe(true);
      expect((await store().listNotifications({ taskIds: ['task-1'] }))[0]?.remindedAt).toEqual(
        at(50),
      );
      await store().resolveNotification(key, at(51));
      expect(await store().markReminded(key, at(59), at(58))).toBe(false);
    });

    it('refuses a claim that does not match the schema, and stores nothing', async () => {
      const bad = claim({ platform: 'irc' as 'slack' });
      await expect(store().claimNotification(bad)).rejects.toMatchObject({
        code: 'STORE_INVALID_INPUT',
      });
      expect(await store().listNotifications({ taskIds: ['task-1'] })).toEqual([]);
    });
  });

  describe('requests made through the bot', () => {
    it('lists the open requests oldest first, field for field, each access once', async () => {
      await store().recordRequest(request({ accessId: 'late', requestedAt: at(5) }));
      await store().recordRequest(request({ accessId: 'early', taskIds: [] }));
      await store().recordRequest(request({ accessId: 'early', workAppId: 'other' }));
      await store().recordRequest(
        request({ accessId: 'theirs', accessUserId: 'a-2', requestedAt: at(3) }),
      );
      expect(await store().listOpenRequests()).toEqual([
        request({ accessId: 'early', taskIds: [] }),
        request({ accessId: 'theirs', accessUserId: 'a-2', requestedAt: at(3) }),
        request({ accessId: 'late', requestedAt: at(5) }),
      ]);
    });

    it('lets one replica claim the outcome, a stale claim be retried, and a sent one rest', async () => {
      await store().recordRequest(request());
      expect(await store().claimRequestOutcome('access-1', 'a', at(1), at(0))).toBe(true);
      expect(await store().claimRequestOutcome('access-1', 'b', at(2), at(0))).toBe(false);
      expect(await store().claimRequestOutcome('access-1', 'b', at(9), at(5))).toBe(true);
      await store().markRequestOutcomeSent('access-1', at(10));
      expect(await store().listOpenRequests()).toEqual([]);
      expect(await store().claimRequestOutcome('access-1', 'c', at(30), at(29))).toBe(false);
    });
  });

  describe('poll schedule', () => {
    it('holds exactly the synced users, keeping the schedule of those it already had', async () => {
      expect(await store().syncPollUsers(pollUsers('u1', 'u2', 'u3'))).toEqual({
        added: 3,
        removed: 0,
      });
      // u1's first due time is not reset by a later sync.
      const again = [{ accessUserId: 'u1', firstDueAt: at(50) }, ...pollUsers('x', 'u3', 'u4')];
      expect(await store().syncPollUsers(again)).toEqual({ added: 2, removed: 1 });
      const due = await store().claimDuePollUsers('r', at(10), at(10), at(20), 10);
      expect(due.sort()).toEqual(['u1', 'u3', 'u4', 'x']);
      expect(await store().syncPollUsers([])).toEqual({ added: 0, removed: 4 });
    });

    it('leases due users oldest first up to the limit, never the same to two owners', async () => {
      await store().syncPollUsers(pollUsers('u0', 'u1', 'u2', 'u3'));
      expect(await store().claimDuePollUsers('a', at(2), at(2), at(12), 2)).toEqual(['u0', 'u1']);
      expect(await store().claimDuePollUsers('b', at(2), at(2), at(12), 5)).toEqual(['u2']);
      expect(await store().claimDuePollUsers('b', at(3), at(3), at(13), 5)).toEqual(['u3']);
      expect(await store().claimDuePollUsers('b', at(11), at(11), at(21), 5)).toEqual([]);
    });

    it('gives an expired lease to another owner: a dead replica’s users are taken over', async () => {
      await store().syncPollUsers(pollUsers('u0'));
      expect(await store().claimDuePollUsers('dead', at(0), at(0), at(1), 5)).toEqual(['u0']);
      expect(await store().claimDuePollUsers('live', at(0), at(0), at(1), 5)).toEqual([]);
      expect(await store().claimDuePollUsers('live', at(1), at(1), at(2), 5)).toEqual(['u0']);
      // The dead owner's late completion changes nothing.
      await store().completePolls('dead', [{ accessUserId: 'u0', nextDueAt: at(30) }]);
      await store().completePolls('live', [{ accessUserId: 'u0', nextDueAt: at(3) }]);
      expect(await store().claimDuePollUsers('live', at(3), at(3), at(4), 5)).toEqual(['u0']);
    });

    it('schedules the next poll on completion and frees released leases at once', async () => {
      await store().syncPollUsers(pollUsers('u0', 'u1'));
      await store().claimDuePollUsers('a', at(1), at(1), at(30), 5);
      await store().completePolls('a', [{ accessUserId: 'u0', nextDueAt: at(10) }]);
      await store().releasePollLeases('a');
      expect(await store().claimDuePollUsers('b', at(2), at(2), at(30), 5)).toEqual(['u1']);
      expect(await store().claimDuePollUsers('b', at(9), at(9), at(30), 5)).toEqual([]);
      expect(await store().claimDuePollUsers('b', at(10), at(10), at(30), 5)).toEqual(['u0']);
    });

    it('makes users due now on request, also when asked while they are being polled', async () => {
      await store().syncPollUsers([
        { accessUserId: 'u0', firstDueAt: at(50) },
        { accessUserId: 'u1', firstDueAt: at(50) },
        { accessUserId: 'u2', firstDueAt: at(1) },
      ]);
      await store().markPollDue(['u0', 'nobody'], at(5));
      expect(await store().claimDuePollUsers('a', at(5), at(5), at(9), 5)).toEqual(['u2', 'u0']);
      await store().markPollDue(['u0'], at(6));
      await store().completePolls('a', [
        { accessUserId: 'u0', nextDueAt: at(60) },
        { accessUserId: 'u2', nextDueAt: at(60) },
      ]);
      expect(await store().claimDuePollUsers('a', at(7), at(7), at(9), 5)).toEqual(['u0']);
      await store().markPollDue('all', at(8));
      expect((await store().claimDuePollUsers('a', at(8), at(9), at(19), 5)).sort()).toEqual([
        'u0',
        'u1',
        'u2',
      ]);
    });

    it('splits the due users between owners claiming at the same time', async () => {
      const ids = Array.from({ length: 40 }, (_, n) => `u${String(n).padStart(2, '0')}`);
      await store().syncPollUsers(ids.map((accessUserId) => ({ accessUserId, firstDueAt: at(0) })));
      const owners = ['a', 'b', 'c', 'd'];
      const claimed = await Promise.all(
        owners.flatMap((owner) =>
          [0, 1, 2].map(() => store().claimDuePollUsers(owner, at(1), at(1), at(9), 5)),
        ),
      );
      const all = claimed.flat();
      expect(new Set(all).size).toBe(all.length);
      expect(all.sort()).toEqual(ids);
    });

    it('runs a scheduled job once per period', async () => {
      expect(await store().claimScheduledRun('sync', at(0), at(60))).toBe(true);
      expect(await store().claimScheduledRun('sync', at(1), at(61))).toBe(false);
      expect(await store().claimScheduledRun('other', at(1), at(61))).toBe(true);
      expect(await store().claimScheduledRun('sync', at(60), at(120))).toBe(true);
      expect(await store().claimScheduledRun('sync', at(60), at(120))).toBe(false);
    });
  });

  describe('conversation references', () => {
    it('saves, replaces and deletes a reference, per platform and chat user', async () => {
      expect(await store().getConversationRef('teams', '29:a')).toBeUndefined();
      await store().saveConversationRef('teams', '29:b', { conversation: { id: 'b' } });
      await store().saveConversationRef('teams', '29:a', { conversation: { id: 'old' } });
      await store().saveConversationRef('teams', '29:a', ref);
      await store().saveConversationRef('slack', '29:a', { other: true });
      expect(await store().getConversationRef('teams', '29:a')).toEqual(ref);
      expect(await store().getConversationRef('slack', '29:a')).toEqual({ other: true });
      await store().deleteConversationRef('teams', '29:a');
      await store().deleteConversationRef('teams', 'never-saved');
      expect(await store().getConversationRef('teams', '29:a')).toBeUndefined();
      expect(await store().getConversationRef('teams', '29:b')).toEqual({
        conversation: { id: 'b' },
      });
      expect(await store().getConversationRef('slack', '29:a')).toEqual({ other: true });
    });

    it('refuses a reference that is not an object', async () => {
      const bad = ['not', 'an object'] as unknown as Record<string, unknown>;
      await expect(store().saveConversationRef('teams', '29:a', bad)).rejects.toMatchObject({
        code: 'STORE_INVALID_INPUT',
      });
    });
  });
}

/** Every poller method, for the "refused after close" test. */
export function pollerCalls(store: Store): Promise<unknown>[] {
  const key = keyOf(claim());
  return [
    store.claimNotification(claim()),
    store.reclaimNotification(key, 'r', at(1), at(0)),
    store.markNotificationSent(key, ref, at(1)),
    store.listNotifications({ taskIds: ['task-1'] }),
    store.resolveNotification(key, at(1)),
    store.reopenNotification(key),
    store.markReminded(key, at(1), at(0)),
    store.recordRequest(request()),
    store.listOpenRequests(),
    store.claimRequestOutcome('access-1', 'r', at(1), at(0)),
    store.markRequestOutcomeSent('access-1', at(1)),
    store.syncPollUsers(pollUsers('u0')),
    store.claimDuePollUsers('r', at(1), at(1), at(2), 1),
    store.completePolls('r', [{ accessUserId: 'u0', nextDueAt: at(1) }]),
    store.markPollDue('all', at(1)),
    store.releasePollLeases('r'),
    store.claimScheduledRun('job', at(1), at(2)),
    store.saveConversationRef('teams', '29:a', ref),
    store.getConversationRef('teams', '29:a'),
    store.deleteConversationRef('teams', '29:a'),
  ];
}
