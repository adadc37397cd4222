/**
 * The Teams key migration (SQLite 12, PostgreSQL 11): a store written when Teams people were
 * keyed by their `29:` id is opened by this build, and everyone a personal-chat reference names
 * is now their tenant and Azure AD object id — link, reference, pending group change and
 * notifications alike, so no card goes out twice — while links and references of people none
 * names are dropped (they link again on their next message); Slack and channels are untouched.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.ts';
import { upgradedPostgres, upgradedSqlite } from '../helpers/upgraded.ts';

const ADA = 'tenant-1:aad-ada';
/** A personal-chat reference as botbuilder wrote it from one of Ada's activities. */
const reference = (userId: string, aadObjectId?: string) => ({
  channelId: 'msteams',
  serviceUrl: 'https://smba.trafficmanager.net/emea/',
  conversation: { id: `a:personal-${userId}`, conversationType: 'personal', tenantId: 'Tenant-1' },
  user: { id: userId, name: 'someone', ...(aadObjectId ? { aadObjectId } : {}) },
  bot: { id: '28:accessbot', name: 'accessbot' },
});
const destination = (chatUserId: string) => ({ kind: 'user', chatUserId });
const messageRef = (chatUserId: string) => ({
  platform: 'teams',
  destination: destination(chatUserId),
  data: { activityId: 'msg-1', reference: reference(chatUserId, 'AAD-ADA') },
});

/** The old store's rows, as SQL with `at` the way the dialect writes a time. */
function oldRows(at: string): string[] {
  const json = (value: unknown) => `'${JSON.stringify(value)}'`;
  const link = (platform: string, chatUserId: string, accessUserId: string) =>
    `INSERT INTO identity_links VALUES ('${platform}', '${chatUserId}', '${accessUserId}', '${accessUserId}@example.com', NULL, ${at})`;
  const ref = (chatUserId: string, value: unknown) =>
    `INSERT INTO conversation_refs VALUES ('teams', '${chatUserId}', ${json(value)})`;
  const notification = (recipient: string, chatUserId: string) =>
    `INSERT INTO notifications (task_id, platform, recipient, access_user_id, claimed_at,
       claimed_by, message_ref, sent_at, delivery_id, destination)
     VALUES ('task-1', 'teams', '${recipient}', 'a-ada', ${at}, 'replica-1',
       ${json(messageRef(chatUserId))}, ${at}, 'd-${chatUserId}', ${json(destination(chatUserId))})`;
  return [
    link('teams', '29:ada', 'a-ada'),
    // Ada again under another `29:` id (the bot registered anew): one of them keeps her.
    link('teams', '29:ada-again', 'a-ada'),
    link('teams', '29:grace', 'a-grace'),
    link('teams', '29:ken', 'a-ken'),
    link('slack', 'U01', 'a-ada'),
    ref('user:29:ada', reference('29:ada', 'AAD-ADA')),
    ref('user:29:ada-again', reference('29:ada-again', 'AAD-ADA')),
    ref('user:29:ken', reference('29:ken')),
    ref('channel:19:general@thread.tacv2', { channelId: 'msteams', conversation: { id: '19:g' } }),
    notification('user:29:ada', '29:ada'),
    notification('user:29:ada-again', '29:ada-again'),
    `INSERT INTO task_numbering VALUES ('teams', '29:ada', '["t-1"]', ${at})`,
    `INSERT INTO task_numbering VALUES ('slack', 'U01', '["t-2"]', ${at})`,
    `INSERT INTO group_changes VALUES ('chg-1', 'teams', '29:ada', 'a-ada', 'group_add', 'g-1',
       'Design', 'a-grace', NULL, NULL, ${at}, ${at}, 'pending', NULL, ${at})`,
  ];
}

async function expectMoved(store: Store): Promise<void> {
  expect(await store.getLink('teams', ADA)).toMatchObject({ accessUserId: 'a-ada' });
  for (const gone of ['29:ada', '29:ada-again', '29:grace', '29:ken']) {
    expect(await store.getLink('teams', gone)).toBeUndefined();
  }
  expect(await store.getLink('slack', 'U01')).toMatchObject({ accessUserId: 'a-ada' });

  expect(await store.getConversationRef('teams', `user:${ADA}`)).toEqual(
    reference('29:ada', 'AAD-ADA'),
  );
  for (const gone of ['user:29:ada', 'user:29:ada-again', 'user:29:ken']) {
    expect(await store.getConversationRef('teams', gone)).toBeUndefined();
  }
  expect(await store.getConversationRef('teams', 'channel:19:general@thread.tacv2')).toBeDefined();

  const notifications = await store.listNotifications({ taskIds: ['task-1'] });
  const moved = notifications.find((n) => n.deliveryId === 'd-29:ada');
  expect(moved).toMatchObject({
    recipient: `user:${ADA}`,
    destination: destination(ADA),
    messageRef: { destination: destination(ADA), data: { activityId: 'msg-1' } },
  });
  // The card it stands for still updates through the reference it carries.
  expect(notifications.find((n) => n.deliveryId === 'd-29:ada-again')).toMatchObject({
    recipient: 'user:29:ada-again',
  });

  expect(await store.getTaskNumbering('teams', '29:ada')).toBeUndefined();
  expect(await store.getTaskNumbering('slack', 'U01')).toEqual(['t-2']);
  // A change pending at the upgrade is dropped with its table: it is asked for again.
  expect(await store.getConfirmation('chg-1')).toBeUndefined();
}

const root = mkdtempSync(join(tmpdir(), 'accessbot-teams-keys-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the Teams key migration', () => {
  it('moves Teams people to tenant and object id on SQLite', () =>
    upgradedSqlite(
      join(root, 'old.db'),
      12,
      (old) => {
        for (const row of oldRows(String(Date.UTC(2025, 2, 1, 10)))) old.exec(row);
      },
      expectMoved,
    ));

  it.skipIf(process.env.TEST_DATABASE_URL === undefined)('does the same on PostgreSQL', () =>
    upgradedPostgres(
      11,
      async (old) => {
        for (const row of oldRows("'2025-03-01T10:00:00Z'")) await old.query(row);
      },
      expectMoved,
    ),
  );
});
