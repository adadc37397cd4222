/**
 * The poller's part of the Store contract: notification claims, requests made through the bot,
 * the shared poll schedule and conversation references. `describeStoreContract` runs it on every
 * implementation.
 */
import { describe, expect, it } from 'vitest';
import type {
  BotRequest,
  IdentityLink,
  NotificationClaim,
  NotificationKey,
  Platform,
  Store,
} from '../../src/store/store.ts';

const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 10, minute));

export function claim(overrides: Partial<NotificationClaim> = {}): NotificationClaim {
  return {
    taskId: 'task-1',
    platform: 'slack',
    recipient: 'user:U01',
    accessUserId: 'a-1',
    claimedAt: at(0),
    claimedBy: 'replica-a',
    deliveryId: 'delivery-1',
    destination: { kind: 'user', chatUserId: 'U01' },
    body: { message: { text: 'new task' } },
    ...overrides,
  };
}

const keyOf = ({ taskId, platform, recipient }: NotificationClaim): NotificationKey => ({
  taskId,
  platform,
  recipient,
});

export function request(overrides: Partial<BotRequest> = {}): BotRequest {
  return {
    accessId: 'access-1',
    accessUserId: 'a-1',
    workAppId: 'app-1',
    taskIds: ['task-1', 'task-2'],
    requestedAt: at(0),
    ...overrides,
  };
}

/** A person's Slack link. */
const slackLink = (accessUserId: string, platform: Platform = 'slack'): IdentityLink => ({
  platform,
  chatUserId: `U-${accessUserId}`,
  accessUserId,
  email: `${accessUserId}@example.com`,
  displayName: null,
  linkedAt: at(0),
});

/**
 * Exactly these people linked on Slack, then the schedule synced: each new one first due as
 * given, else at minute n of the list.
 */
async function syncLinked(store: Store, ...users: (string | [string, Date])[]) {
  const dues = new Map(
    users.map((u, n): [string, Date] => (typeof u === 'string' ? [u, at(n)] : u)),
  );
  for (const link of await store.listLinks()) {
    if (!dues.has(link.accessUserId)) await store.deleteLink(link.platform, link.chatUserId);
  }
  for (const id of dues.keys()) await store.saveLink(slackLink(id));
  return store.syncPollUsers(['slack'], (id) => dues.get(id) ?? at(99));
}

const ref = { channel: 'D01', ts: '1700000000.000100', nested: { list: [1, 'two', null] } };

export function describePollerTables(store: () => Store): void {
  describe('notifications and their intents (the outbox)', () => {
    const outcome = { message: { text: 'approved' } };
    const reminder = { message: { text: 'reminder' }, followUp: { text: 'nudge' } };
    const intentOf = async (c = claim()) =>
      (await store().listNotifications({ taskIds: [c.taskId] })).find(
        (n) => n.recipient === c.recipient && n.platform === c.platform,
      )?.intent;
    const limits = (n: number) => ({ deadBefore: at(n - 1), staleBefore: at(n - 2), limit: 10 });

    it('lets exactly one claim of a key win', async () => {
      expect(await store().claimNotification(claim())).toBe(true);
      expect(await store().claimNotification(claim({ claimedBy: 'replica-b' }))).toBe(false);
      expect(await store().claimNotification(claim({ recipient: 'user:U02' }))).toBe(true);
      expect(await store().claimNotification(claim({ platform: 'teams' }))).toBe(true);
      expect(await store().claimNotification(claim({ taskId: 'task-2' }))).toBe(true);
      expect(await store().listNotifications({ taskIds: ['task-1'] })).toHaveLength(3);
    });

    it('gives back a claim field for field with its post intent, and the sent reference as JSON', async () => {
      await store().claimNotification(claim());
      const { body: claimed, destination, deliveryId, ...rest } = claim();
      expect(await store().listNotifications({ taskIds: ['task-1'] })).toEqual([
        {
          ...rest,
          deliveryId,
          destination,
          messageRef: null,
          sentAt: null,
          triedAt: null,
          lostAt: null,
          remindedAt: null,
          resolvedAt: null,
          lookEndsAt: null,
          cardVersion: 0,
          shownVersion: 0,
          intentSeq: 1,
          intent: {
            kind: 'post',
            body: claimed,
            owner: 'replica-a',
            ownedAt: at(0),
            dueAt: at(0),
            attempts: 0,
            seq: 1,
          },
        },
      ]);
      expect(await store().markNotificationSent(keyOf(claim()), ref, at(1))).toBe(true);
      const [sent] = await store().listNotifications({ taskIds: ['task-1'] });
      expect([sent?.messageRef, sent?.sentAt, sent?.intent]).toEqual([ref, at(1), null]);
      // A second message's reference (a duplicate) never replaces the first.
      expect(await store().markNotificationSent(keyOf(claim()), { other: 1 }, at(2))).toBe(false);
      expect((await store().listNotifications({ taskIds: ['task-1'] }))[0]?.messageRef).toEqual(
        ref,
      );
    });

    it('lists the given tasks and the unresolved notifications of one user, once each', async () => {
      await store().claimNotification(claim({ taskId: 't1', accessUserId: 'a-1' }));
      await store().claimNotification(claim({ taskId: 't2', accessUserId: 'a-1' }));
      await store().claimNotification(claim({ taskId: 't3', accessUserId: 'a-1' }));
      await store().claimNotification(claim({ taskId: 't4', accessUserId: 'a-2' }));
      await store().resolveNotification(keyOf(claim({ taskId: 't3' })), outcome, 'r', at(2));
      const listed = await store().listNotifications({ taskIds: ['t1', 't4'], openFor: 'a-1' });
      expect(listed.map((n) => n.taskId).sort()).toEqual(['t1', 't2', 't4']);
      expect(await store().listNotifications({})).toEqual([]);
    });

    it('resolves once: the outcome replaces the intent in hand, whose owner keeps it', async () => {
      const key = keyOf(claim());
      await store().claimNotification(claim());
      const resolved = await store().resolveNotification(key, outcome, 'replica-b', at(3));
      expect(resolved?.resolvedAt).toEqual(at(3));
      expect(resolved?.intent).toMatchObject({
        kind: 'outcome',
        body: outcome,
        owner: 'replica-a',
        seq: 2,
      });
      expect(await store().resolveNotification(key, outcome, 'replica-b', at(4))).toBeUndefined();
      // The post in flight lands: its reference is kept and the outcome still waits.
      expect(await store().markNotificationSent(key, ref, at(5))).toBe(true);
      expect(await intentOf()).toMatchObject({ kind: 'outcome', owner: 'replica-a', seq: 2 });
      expect(await store().completeIntent(key, 'replica-a', 2, 'done', at(6))).toBe(true);
      expect(await intentOf()).toBeNull();
    });

    it('gives the outcome to the resolver when no intent is in hand', async () => {
      const key = keyOf(claim());
      await store().claimNotification(claim());
      await store().markNotificationSent(key, ref, at(1));
      const resolved = await store().resolveNotification(key, outcome, 'replica-b', at(3));
      expect(resolved?.intent).toMatchObject({
        kind: 'outcome',
        owner: 'replica-b',
        ownedAt: at(3),
      });
    });

    it('completes an intent only for its owner and only while unchanged (fencing)', async () => {
      const key = keyOf(claim());
      await store().claimNotification(claim());
      expect(await store().completeIntent(key, 'replica-b', 1, 'done', at(1))).toBe(false);
      expect(await store().completeIntent(key, 'replica-a', 0, 'done', at(1))).toBe(false);
      expect(await store().postponeIntent(key, 'replica-a', 1, at(9))).toBe(true);
      expect(await intentOf()).toMatchObject({ owner: null, attempts: 1, dueAt: at(9), seq: 2 });
      expect(await store().completeIntent(key, 'replica-a', 1, 'done', at(1))).toBe(false);
      const [taken] = await store().claimIntents('replica-b', ['slack'], at(9), limits(9));
      expect(taken?.intent).toMatchObject({ owner: 'replica-b', seq: 3, attempts: 1 });
      expect(await store().completeIntent(key, 'replica-b', 3, 'drop', at(10))).toBe(true);
      const [dropped] = await store().listNotifications({ taskIds: ['task-1'] });
      expect([dropped?.intent, dropped?.resolvedAt]).toEqual([null, at(10)]);
    });

    it('marks a post tried for its owner only, and keeps the mark when the outcome replaces it', async () => {
      const key = keyOf(claim());
      await store().claimNotification(claim());
      expect(await store().markPostTried(key, 'replica-b', 1, at(1))).toBe(false);
      expect(await store().markPostTried(key, 'replica-a', 0, at(1))).toBe(false);
      expect(await store().markPostTried(key, 'replica-a', 1, at(1))).toBe(true);
      await store().resolveNotification(key, outcome, 'replica-b', at(2));
      const [n] = await store().listNotifications({ taskIds: ['task-1'] });
      expect([n?.triedAt, n?.intent?.kind, n?.lostAt]).toEqual([at(1), 'outcome', null]);
      // The seq moved on with the outcome: the old post's owner can no longer mark it.
      expect(await store().markPostTried(key, 'replica-a', 1, at(3))).toBe(false);
    });

    it('loses track of a message for good: the intent ends, the time is kept', async () => {
      const key = keyOf(claim());
      await store().claimNotification(claim());
      expect(await store().completeIntent(key, 'replica-a', 1, 'lost', at(4))).toBe(true);
      const [n] = await store().listNotifications({ taskIds: ['task-1'] });
      expect([n?.intent, n?.lostAt, n?.resolvedAt, n?.messageRef]).toEqual([
        null,
        at(4),
        null,
        null,
      ]);
      // Still open: a decision reaches it (and is told in a note).
      expect(await store().listNotifications({ openFor: 'a-1' })).toHaveLength(1);
    });

    it('claims a message that is never edited as resolved: no decision waits for it', async () => {
      await store().claimNotification(
        claim({ recipient: 'requester:user:U01', resolvedAt: at(0) }),
      );
      expect(await store().listNotifications({ openFor: 'a-1' })).toEqual([]);
      const [n] = await store().listNotifications({ taskIds: ['task-1'] });
      expect([n?.resolvedAt, n?.intent?.kind]).toEqual([at(0), 'post']);
      expect(await store().claimIntents('b', ['slack'], at(9), limits(9))).toHaveLength(1);
    });

    it('writes one reminder per period, only for a sent, unresolved message with nothing to do', async () => {
      const key = keyOf(claim());
      await store().claimNotification(claim());
      expect(await store().remindNotification(key, reminder, 'r', at(30), at(20))).toBe(false);
      await store().markNotificationSent(key, ref, at(1));
      expect(await store().remindNotification(key, reminder, 'r', at(10), at(0))).toBe(false);
      expect(await store().remindNotification(key, reminder, 'r', at(30), at(20))).toBe(true);
      expect(await intentOf()).toMatchObject({ kind: 'reminder', body: reminder, owner: 'r' });
      // While the reminder is under way, no other starts.
      expect(await store().remindNotification(key, reminder, 'r', at(50), at(40))).toBe(false);
      const seq = (await intentOf())?.seq ?? -1;
      expect(await store().completeIntent(key, 'r', seq, 'follow_up', at(31))).toBe(true);
      expect(await intentOf()).toMatchObject({ kind: 'follow_up', seq: seq + 1, ownedAt: at(31) });
      expect(await store().completeIntent(key, 'r', seq + 1, 'done', at(31))).toBe(true);
      expect(await store().remindNotification(key, reminder, 'r', at(31), at(21))).toBe(false);
      expect(await store().remindNotification(key, reminder, 'r', at(50), at(40))).toBe(true);
      const [reminded] = await store().listNotifications({ taskIds: ['task-1'] });
      expect(reminded?.remindedAt).toEqual(at(50));
    });

    it('writes a refresh only for a sent, unresolved message with nothing to do, and keeps the reminder time', async () => {
      const key = keyOf(claim());
      const refresh = { message: { text: 'with its context' } };
      await store().claimNotification(claim());
      expect(await store().refreshNotification(key, refresh, 'r', at(5))).toBe(false);
      await store().markNotificationSent(key, ref, at(1));
      expect(await store().refreshNotification(key, refresh, 'r', at(5))).toBe(true);
      expect(await intentOf()).toMatchObject({ kind: 'refresh', body: refresh, owner: 'r' });
      // While it is under way nothing else starts; once done, the reminder period is unchanged.
      expect(await store().refreshNotification(key, refresh, 'r', at(6))).toBe(false);
      expect(await store().remindNotification(key, reminder, 'r', at(6), at(2))).toBe(false);
      const seq = (await intentOf())?.seq ?? -1;
      expect(await store().completeIntent(key, 'r', seq, 'done', at(6))).toBe(true);
      const [refreshed] = await store().listNotifications({ taskIds: ['task-1'] });
      expect([refreshed?.intent, refreshed?.remindedAt]).toEqual([null, null]);
      await store().resolveNotification(key, outcome, 'r', at(7));
      const [resolved] = await store().listNotifications({ taskIds: ['task-1'] });
      await store().completeIntent(key, 'r', resolved?.intent?.seq ?? -1, 'done', at(8));
      expect(await store().refreshNotification(key, refresh, 'r', at(9))).toBe(false);
    });

    it('settles a card its decider edited at once, with the decision, only while it is as read', async () => {
      const key = keyOf(claim());
      const started = {
        at: at(3),
        platform: 'slack' as const,
        chatUserId: 'U01',
        accessUserId: 'a-1',
        taskId: 'task-1',
        action: 'approve' as const,
        reason: null,
        outcome: 'started' as const,
        detail: null,
      };
      const decision = { outcome: 'approved' as const, detail: null };
      const outcomeOf = async (taskId: string) => (await store().listAudit({ taskId }))[0]?.outcome;
      const read = async () => (await store().listNotifications({ taskIds: ['task-1'] }))[0]!;
      await store().claimNotification(claim());
      await store().markNotificationSent(key, ref, at(1));
      const idle = await read();
      // A refresh begun and ended since the card was read: its edit may have landed after the
      // decider's, so the card is not taken as settled; the decision is completed all the same.
      await store().refreshNotification(key, { message: { text: 'later' } }, 'r', at(4));
      await store().completeIntent(key, 'r', (await read()).intentSeq, 'done', at(4));
      const id = await store().appendAudit({ ...started, taskId: 'task-9' });
      expect(await store().settleEdited(key, idle.intentSeq, at(5), { id, ...decision })).toBe(
        false,
      );
      expect([(await read()).resolvedAt, await outcomeOf('task-9')]).toEqual([null, 'approved']);
      // Read again, idle: resolved with nothing left to do, and the decision completed with it.
      const again = await read();
      const next = await store().appendAudit(started);
      expect(
        await store().settleEdited(key, again.intentSeq, at(6), { id: next, ...decision }),
      ).toBe(true);
      expect(await read()).toMatchObject({ resolvedAt: at(6), intent: null });
      expect(await outcomeOf('task-1')).toBe('approved');
      expect(await store().settleEdited(key, (await read()).intentSeq, at(7))).toBe(false);
      // A card with an intent under way is never settled so.
      await store().claimNotification(claim({ taskId: 'task-2' }));
      const posting = (await store().listNotifications({ taskIds: ['task-2'] }))[0]!;
      expect(
        await store().settleEdited(keyOf(claim({ taskId: 'task-2' })), posting.intentSeq, at(8)),
      ).toBe(false);
    });

    it('writes a look only as a refresh, and remembers when the mark it shows ends', async () => {
      const key = keyOf(claim());
      const look = { message: { text: 'Ada is looking at this' } };
      await store().claimNotification(claim());
      expect(await store().lookNotification(key, look, 'r', at(5), at(35))).toBe(false);
      await store().markNotificationSent(key, ref, at(1));
      expect(await store().lookNotification(key, look, 'r', at(5), at(35))).toBe(true);
      expect(await store().lookNotification(key, look, 'r', at(6), at(36))).toBe(false);
      const [marked] = await store().listNotifications({ taskIds: ['task-1'] });
      expect([marked?.lookEndsAt, marked?.intent?.kind]).toEqual([at(35), 'look']);
      await store().completeIntent(key, 'r', marked?.intent?.seq ?? -1, 'done', at(6));
      // Cleared by the next edit, which shows no mark.
      expect(await store().lookNotification(key, look, 'r', at(40), null)).toBe(true);
      const [cleared] = await store().listNotifications({ taskIds: ['task-1'] });
      expect(cleared?.lookEndsAt).toBeNull();
    });

    it('keeps a claim due later in no one’s hands until then, for any replica', async () => {
      await store().claimNotification(claim({ dueAt: at(30) }));
      expect(await intentOf()).toMatchObject({ kind: 'post', owner: null, dueAt: at(30) });
      const ask = (minute: number) =>
        store().claimIntents('b', ['slack'], at(minute), {
          deadBefore: at(minute - 1),
          staleBefore: at(minute - 2),
          limit: 5,
        });
      expect(await ask(29)).toEqual([]);
      expect((await ask(30)).map((n) => n.intent?.owner)).toEqual(['b']);
    });

    it('counts the replicas that beat since a time, the retired not', async () => {
      await store().beat('old', at(1));
      for (const replica of ['a', 'b', 'c']) await store().beat(replica, at(10));
      await store().retire('c');
      expect(await store().liveReplicas(at(5))).toBe(2);
      expect(await store().liveReplicas(at(0))).toBe(3);
    });

    it('hands over due, dead and stuck intents once, on the asked platforms only', async () => {
      for (const replica of ['alive', 'b', 'c']) await store().beat(replica, at(10));
      await store().claimNotification(
        claim({ taskId: 'mine-alive', claimedBy: 'alive', claimedAt: at(9) }),
      );
      await store().claimNotification(
        claim({ taskId: 'dead', claimedBy: 'dead', claimedAt: at(9) }),
      );
      await store().claimNotification(
        claim({ taskId: 'stuck', claimedBy: 'alive', claimedAt: at(1) }),
      );
      await store().claimNotification(
        claim({ taskId: 'teams', platform: 'teams', claimedBy: 'dead' }),
      );
      await store().claimNotification(
        claim({ taskId: 'waiting', claimedBy: 'alive', claimedAt: at(9) }),
      );
      await store().postponeIntent(keyOf(claim({ taskId: 'waiting' })), 'alive', 1, at(12));

      const ask = (who: string, n: number) =>
        store().claimIntents(who, ['slack'], at(n), {
          deadBefore: at(n - 5),
          staleBefore: at(n - 8),
          limit: 10,
        });
      const [a, b] = await Promise.all([ask('b', 10), ask('c', 10)]);
      const taken = [...(a ?? []), ...(b ?? [])].map((n) => n.taskId).sort();
      expect(taken).toEqual(['dead', 'stuck']);
      expect((await ask('b', 10)).map((n) => n.taskId)).toEqual([]);
      expect((await ask('b', 12)).map((n) => n.taskId)).toEqual(['waiting']);
      // A replica that stops cleanly is gone at once.
      await store().retire('alive');
      expect((await ask('b', 12)).map((n) => n.taskId)).toEqual(['mine-alive']);
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

    it('closes a request once its outcome is in the outbox', async () => {
      await store().recordRequest(request());
      await store().recordRequest(request({ accessId: 'access-2' }));
      await store().markRequestOutcomeSent('access-1', at(10));
      expect(await store().listOpenRequests()).toEqual([request({ accessId: 'access-2' })]);
    });
  });

  describe('poll schedule', () => {
    const claimIds = async (...args: Parameters<Store['claimDuePollUsers']>) =>
      (await store().claimDuePollUsers(...args)).map((due) => due.accessUserId);
    it('adds an organisation linked before its first start, thousands of people', async () => {
      const ids = Array.from({ length: 2_001 }, (_, n) => `p${String(n).padStart(5, '0')}`);
      for (const id of ids) await store().saveLink(slackLink(id));
      const all = { added: ids.length, removed: 0, polled: ids.length };
      expect(await store().syncPollUsers(['slack'], () => at(0))).toEqual(all);
      expect(await store().syncPollUsers(['slack'], () => at(0))).toEqual({ ...all, added: 0 });
      const due = await claimIds('r', at(0), at(0), at(10), ids.length + 1);
      expect(due.sort()).toEqual(ids);
    });

    it('holds exactly the people linked on the platforms served, keeping their schedule', async () => {
      expect(await syncLinked(store(), 'u1', 'u2', 'u3')).toEqual({
        added: 3,
        removed: 0,
        polled: 3,
      });
      // u1's first due time is not reset by a later sync.
      const again = await syncLinked(store(), ['u1', at(50)], 'x', 'u3', 'u4');
      expect(again).toEqual({ added: 2, removed: 1, polled: 4 });
      const due = await claimIds('r', at(10), at(10), at(20), 10);
      expect(due.sort()).toEqual(['u1', 'u3', 'u4', 'x']);
      // Linked twice, polled once; linked only on a platform not served, not polled.
      await store().saveLink(slackLink('u1', 'teams'));
      await store().saveLink(slackLink('t1', 'teams'));
      expect(await store().syncPollUsers(['slack'], () => at(0))).toEqual({
        added: 0,
        removed: 0,
        polled: 4,
      });
      expect(await store().syncPollUsers(['teams'], () => at(0))).toEqual({
        added: 1,
        removed: 3,
        polled: 2,
      });
      expect(await store().syncPollUsers([], () => at(0))).toEqual({
        added: 0,
        removed: 2,
        polled: 0,
      });
    });

    it('reads one person’s links on every platform', async () => {
      await store().saveLink(slackLink('u1'));
      await store().saveLink(slackLink('u1', 'teams'));
      await store().saveLink(slackLink('u2'));
      const links = await store().listLinksOf('u1');
      expect(links.map((l) => [l.platform, l.accessUserId])).toEqual([
        ['slack', 'u1'],
        ['teams', 'u1'],
      ]);
      expect(await store().listLinksOf('nobody')).toEqual([]);
    });

    it('leases due users oldest first up to the limit, never the same to two owners', async () => {
      await syncLinked(store(), 'u0', 'u1', 'u2', 'u3');
      expect(await claimIds('a', at(2), at(2), at(12), 2)).toEqual(['u0', 'u1']);
      expect(await claimIds('b', at(2), at(2), at(12), 5)).toEqual(['u2']);
      expect(await claimIds('b', at(3), at(3), at(13), 5)).toEqual(['u3']);
      expect(await claimIds('b', at(11), at(11), at(21), 5)).toEqual([]);
    });

    it('gives an expired lease to another owner: a dead replica’s users are taken over', async () => {
      await syncLinked(store(), 'u0');
      expect(await claimIds('dead', at(0), at(0), at(1), 5)).toEqual(['u0']);
      expect(await claimIds('live', at(0), at(0), at(1), 5)).toEqual([]);
      expect(await claimIds('live', at(1), at(1), at(2), 5)).toEqual(['u0']);
      // The dead owner's late completion changes nothing.
      await store().completePolls('dead', [{ accessUserId: 'u0', nextDueAt: at(30) }]);
      await store().completePolls('live', [{ accessUserId: 'u0', nextDueAt: at(3) }]);
      expect(await claimIds('live', at(3), at(3), at(4), 5)).toEqual(['u0']);
    });

    it('schedules the next poll on completion and frees released leases at once', async () => {
      await syncLinked(store(), 'u0', 'u1');
      await claimIds('a', at(1), at(1), at(30), 5);
      await store().completePolls('a', [{ accessUserId: 'u0', nextDueAt: at(10) }]);
      await store().releasePollLeases('a');
      expect(await claimIds('b', at(2), at(2), at(30), 5)).toEqual(['u1']);
      expect(await claimIds('b', at(9), at(9), at(30), 5)).toEqual([]);
      expect(await claimIds('b', at(10), at(10), at(30), 5)).toEqual(['u0']);
    });

    it('makes users due now on request, also when asked while they are being polled', async () => {
      await syncLinked(store(), ['u0', at(50)], ['u1', at(50)], ['u2', at(1)]);
      await store().markPollDue(['u0', 'nobody'], at(5));
      // The one a delivery named first, before the one overdue longer.
      expect(await claimIds('a', at(5), at(5), at(9), 5)).toEqual(['u0', 'u2']);
      await store().markPollDue(['u0'], at(6));
      await store().completePolls('a', [
        { accessUserId: 'u0', nextDueAt: at(60) },
        { accessUserId: 'u2', nextDueAt: at(60) },
      ]);
      expect(await claimIds('a', at(7), at(7), at(9), 5)).toEqual(['u0']);
      await store().markPollDue('all', at(8));
      expect((await claimIds('a', at(8), at(9), at(19), 5)).sort()).toEqual(['u0', 'u1', 'u2']);
    });

    it('leases the people a delivery named ahead of a backlog, also to a sweep begun before', async () => {
      const backlog = Array.from({ length: 6 }, (_, n): [string, Date] => [`b${n}`, at(n)]);
      await syncLinked(store(), ...backlog, ['named', at(50)]);
      // A sweep that began at minute 10 is still leasing its backlog when the delivery comes.
      expect(await claimIds('a', at(10), at(12), at(20), 2)).toEqual(['b0', 'b1']);
      await store().markPollDue(['named'], at(12));
      expect(await claimIds('a', at(10), at(12), at(20), 2)).toEqual(['named', 'b2']);
      expect(await claimIds('a', at(10), at(12), at(20), 5)).toEqual(['b3', 'b4', 'b5']);
    });

    it('leases the people polled at the interval ahead of an older backlog of the others', async () => {
      await syncLinked(store(), 'q0', 'q1', 'q2', 'a0');
      await claimIds('a', at(3), at(3), at(4), 5);
      await store().completePolls('a', [
        { accessUserId: 'q0', nextDueAt: at(10), cadence: 'quiet' },
        { accessUserId: 'q1', nextDueAt: at(11), cadence: 'safety' },
        { accessUserId: 'q2', nextDueAt: at(12), cadence: 'quiet' },
        { accessUserId: 'a0', nextDueAt: at(15), cadence: 'active' },
      ]);
      expect(await claimIds('b', at(20), at(20), at(30), 2)).toEqual(['a0', 'q0']);
      expect(await claimIds('b', at(20), at(20), at(30), 5)).toEqual(['q1', 'q2']);
      // Not before they are due.
      await store().completePolls('b', [
        { accessUserId: 'a0', nextDueAt: at(40), cadence: 'active' },
        { accessUserId: 'q0', nextDueAt: at(21), cadence: 'quiet' },
      ]);
      expect(await claimIds('c', at(22), at(22), at(30), 5)).toEqual(['q0']);
    });

    it('splits the due users between owners claiming at the same time', async () => {
      const ids = Array.from({ length: 40 }, (_, n) => `u${String(n).padStart(2, '0')}`);
      await syncLinked(store(), ...ids.map((id): [string, Date] => [id, at(0)]));
      const owners = ['a', 'b', 'c', 'd'];
      const claimed = await Promise.all(
        owners.flatMap((owner) => [0, 1, 2].map(() => claimIds(owner, at(1), at(1), at(9), 5))),
      );
      const all = claimed.flat();
      expect(new Set(all).size).toBe(all.length);
      expect(all.sort()).toEqual(ids);
    });

    it('keeps each person’s cadence, last activity and last poll, for every replica', async () => {
      await syncLinked(store(), 'u0', 'u1');
      const [first] = await store().claimDuePollUsers('a', at(0), at(0), at(9), 1);
      expect(first).toEqual({
        accessUserId: 'u0',
        cadence: 'active',
        reason: 'new',
        activeAt: null,
        polledAt: null,
      });
      await store().completePolls('a', [
        { accessUserId: 'u0', nextDueAt: at(15), cadence: 'quiet', polledAt: at(1) },
      ]);
      expect(await store().claimDuePollUsers('b', at(15), at(15), at(20), 5)).toEqual([
        { accessUserId: 'u1', cadence: 'active', reason: 'new', activeAt: null, polledAt: null },
        { accessUserId: 'u0', cadence: 'quiet', reason: 'sweep', activeAt: null, polledAt: at(1) },
      ]);
      // Activity is never moved back; a failed poll is due again for a retry.
      await store().completePolls('b', [
        { accessUserId: 'u0', nextDueAt: at(30), cadence: 'active', activeAt: at(16) },
        { accessUserId: 'u1', nextDueAt: at(17), reason: 'retry', polledAt: at(16) },
      ]);
      expect(await store().claimDuePollUsers('b', at(17), at(17), at(29), 5)).toEqual([
        {
          accessUserId: 'u1',
          cadence: 'active',
          reason: 'retry',
          activeAt: null,
          polledAt: at(16),
        },
      ]);
      await store().completePolls('b', [
        { accessUserId: 'u1', nextDueAt: at(40), activeAt: at(18), polledAt: at(18) },
      ]);
      expect(await claimIds('b', at(29), at(29), at(39), 5)).toEqual([]);
      const [u0] = await store().claimDuePollUsers('c', at(30), at(30), at(39), 5);
      expect(u0).toMatchObject({ accessUserId: 'u0', cadence: 'active', activeAt: at(16) });
      await store().completePolls('c', [
        { accessUserId: 'u0', nextDueAt: at(45), activeAt: at(2), polledAt: at(31) },
      ]);
      expect(await store().listPollCadences('active', { limit: 5 })).toEqual([
        { accessUserId: 'u0', activeAt: at(16) },
        { accessUserId: 'u1', activeAt: at(18) },
      ]);
      // A page at a time, so that an organisation is never read whole.
      expect(await store().listPollCadences('active', { limit: 1 })).toEqual([
        { accessUserId: 'u0', activeAt: at(16) },
      ]);
      expect(await store().listPollCadences('active', { after: 'u0', limit: 1 })).toEqual([
        { accessUserId: 'u1', activeAt: at(18) },
      ]);
      expect(await store().listPollCadences('active', { after: 'u1', limit: 1 })).toEqual([]);
    });

    it('says why a person is due: a webhook, or something they did in chat', async () => {
      await syncLinked(store(), 'u0', 'u1');
      await store().markPollDue(['u0'], at(0), 'chat');
      await store().markPollDue(['u1'], at(0));
      const due = await store().claimDuePollUsers('a', at(0), at(0), at(9), 5);
      expect(due.map((d) => [d.accessUserId, d.reason])).toEqual([
        ['u0', 'chat'],
        ['u1', 'webhook'],
      ]);
      // Poked while polled: due at once, for the reason of the poke.
      await store().markPollDue(['u0'], at(1), 'chat');
      await store().completePolls('a', [
        { accessUserId: 'u0', nextDueAt: at(30), cadence: 'quiet' },
        { accessUserId: 'u1', nextDueAt: at(30), cadence: 'quiet' },
      ]);
      const again = await store().claimDuePollUsers('a', at(2), at(2), at(9), 5);
      expect(again).toEqual([
        { accessUserId: 'u0', cadence: 'quiet', reason: 'chat', activeAt: null, polledAt: null },
      ]);
    });

    it('makes a requester active and due at once when their request is recorded', async () => {
      await syncLinked(store(), ['a-1', at(50)]);
      await store().claimDuePollUsers('a', at(50), at(50), at(51), 5);
      await store().completePolls('a', [
        { accessUserId: 'a-1', nextDueAt: at(59), cadence: 'quiet' },
      ]);
      await store().recordRequest(request({ requestedAt: at(52) }));
      expect(await store().claimDuePollUsers('a', at(52), at(52), at(53), 5)).toEqual([
        {
          accessUserId: 'a-1',
          cadence: 'active',
          reason: 'chat',
          activeAt: at(52),
          polledAt: null,
        },
      ]);
    });

    it('brings forward the polls of one cadence only, those due by then keeping their time', async () => {
      await syncLinked(store(), 'u0', 'u1', 'u2', 'u3');
      await store().claimDuePollUsers('a', at(5), at(5), at(6), 5);
      await store().completePolls('a', [
        { accessUserId: 'u0', nextDueAt: at(30), cadence: 'safety' },
        { accessUserId: 'u1', nextDueAt: at(8), cadence: 'safety' },
        { accessUserId: 'u2', nextDueAt: at(30), cadence: 'quiet' },
        { accessUserId: 'u3', nextDueAt: at(12), cadence: 'safety' },
      ]);
      const ids = ['u0', 'u1', 'u2', 'u3'];
      const all = ids.map((accessUserId) => ({ accessUserId, nextDueAt: at(10) }));
      await store().hastenPolls('safety', 'active', all, at(15));
      expect(await claimIds('b', at(8), at(8), at(9), 5)).toEqual(['u1']);
      await store().completePolls('b', [{ accessUserId: 'u1', nextDueAt: at(40) }]);
      // u3 was due within the new cadence already: no sooner than it was.
      expect(await claimIds('b', at(10), at(10), at(11), 5)).toEqual(['u0']);
      await store().completePolls('b', [{ accessUserId: 'u0', nextDueAt: at(40) }]);
      expect(await claimIds('b', at(12), at(12), at(13), 5)).toEqual(['u3']);
      await store().completePolls('b', [{ accessUserId: 'u3', nextDueAt: at(40) }]);
      expect(await claimIds('b', at(29), at(29), at(31), 5)).toEqual([]);
      expect(await store().listPollCadences('safety', { limit: 5 })).toEqual([]);
      expect(await store().listPollCadences('quiet', { limit: 5 })).toEqual([
        { accessUserId: 'u2', activeAt: null },
      ]);
    });

    it('tells the oldest due poll of anyone not being polled', async () => {
      expect(await store().oldestDuePoll(at(0))).toBeUndefined();
      await syncLinked(store(), 'u0', 'u1');
      expect(await store().oldestDuePoll(at(5))).toEqual(at(0));
      await store().claimDuePollUsers('a', at(0), at(0), at(9), 1);
      expect(await store().oldestDuePoll(at(5))).toEqual(at(1));
      // A lease run out: waiting again.
      expect(await store().oldestDuePoll(at(9))).toEqual(at(0));
    });

    it('keeps the latest time of each webhook event', async () => {
      expect(await store().webhookEvents()).toEqual({});
      await store().recordWebhookEvent('delivered', at(5));
      await store().recordWebhookEvent('delivered', at(3));
      await store().recordWebhookEvent('missed', at(4));
      expect(await store().webhookEvents()).toEqual({ delivered: at(5), missed: at(4) });
      await store().recordWebhookEvent('delivered', at(6));
      expect(await store().webhookEvents()).toEqual({ delivered: at(6), missed: at(4) });
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
  const body = { message: {} };
  return [
    store.claimNotification(claim()),
    store.markNotificationSent(key, ref, at(1)),
    store.listNotifications({ taskIds: ['task-1'] }),
    store.resolveNotification(key, body, 'r', at(1)),
    store.settleEdited(key, 1, at(1)),
    store.remindNotification(key, body, 'r', at(1), at(0)),
    store.refreshNotification(key, body, 'r', at(1)),
    store.lookNotification(key, body, 'r', at(1), null),
    store.completeIntent(key, 'r', 1, 'done', at(1)),
    store.postponeIntent(key, 'r', 1, at(1)),
    store.markPostTried(key, 'r', 1, at(1)),
    store.claimIntents('r', ['slack'], at(1), { deadBefore: at(0), staleBefore: at(0), limit: 1 }),
    store.beat('r', at(1)),
    store.retire('r'),
    store.liveReplicas(at(1)),
    store.recordRequest(request()),
    store.listOpenRequests(),
    store.markRequestOutcomeSent('access-1', at(1)),
    store.syncPollUsers(['slack'], () => at(1)),
    store.claimDuePollUsers('r', at(1), at(1), at(2), 1),
    store.completePolls('r', [{ accessUserId: 'u0', nextDueAt: at(1) }]),
    store.markPollDue('all', at(1)),
    store.listPollCadences('safety', { limit: 1 }),
    store.hastenPolls('safety', 'active', [{ accessUserId: 'u0', nextDueAt: at(1) }], at(1)),
    store.oldestDuePoll(at(1)),
    store.recordWebhookEvent('delivered', at(1)),
    store.webhookEvents(),
    store.releasePollLeases('r'),
    store.claimScheduledRun('job', at(1), at(2)),
    store.saveConversationRef('teams', '29:a', ref),
    store.getConversationRef('teams', '29:a'),
    store.deleteConversationRef('teams', '29:a'),
  ];
}
