/**
 * The Teams channel migration (SQLite and PostgreSQL 30): a channel reference kept under the id of
 * the message that reached it (`…;messageid=…`) is kept under the channel's own id, naming the
 * channel, so a channel given to NOTIFY_RULES by its bare id is reached after the upgrade. A
 * reference already kept under the bare id stays as it is; people and Slack are untouched.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.ts';
import { upgradedPostgres, upgradedSqlite } from '../helpers/upgraded.ts';

const ENG = '19:eng@thread.tacv2';
const OPS = '19:ops@thread.tacv2';
/** A channel reference as botbuilder wrote it from a message in a reply chain. */
const reference = (conversationId: string) => ({
  channelId: 'msteams',
  serviceUrl: 'https://smba.trafficmanager.net/emea/',
  conversation: { id: conversationId, conversationType: 'channel', tenantId: 'tenant-1' },
  bot: { id: '28:accessbot', name: 'accessbot' },
});
const personal = { ...reference('a:personal-ada'), user: { id: '29:ada' } };

function oldRows(): string[] {
  const ref = (platform: string, key: string, value: unknown) =>
    `INSERT INTO conversation_refs VALUES ('${platform}', '${key}', '${JSON.stringify(value)}')`;
  return [
    ref('teams', `channel:${ENG};messageid=111`, reference(`${ENG};messageid=111`)),
    ref('teams', `channel:${ENG};messageid=222`, reference(`${ENG};messageid=222`)),
    ref('teams', `channel:${OPS};messageid=333`, reference(`${OPS};messageid=333`)),
    ref('teams', `channel:${OPS}`, { ...reference(OPS), serviceUrl: 'https://newer.example/' }),
    ref('teams', 'user:tenant-1:aad-ada', personal),
    ref('slack', 'channel:C01;messageid=1', { kept: true }),
  ];
}

async function expectMoved(store: Store): Promise<void> {
  expect(await store.getConversationRef('teams', `channel:${ENG}`)).toEqual(reference(ENG));
  expect(await store.getConversationRef('teams', `channel:${OPS}`)).toEqual({
    ...reference(OPS),
    serviceUrl: 'https://newer.example/',
  });
  for (const gone of [`${ENG};messageid=111`, `${ENG};messageid=222`, `${OPS};messageid=333`]) {
    expect(await store.getConversationRef('teams', `channel:${gone}`)).toBeUndefined();
  }
  expect(await store.getConversationRef('teams', 'user:tenant-1:aad-ada')).toEqual(personal);
  expect(await store.getConversationRef('slack', 'channel:C01;messageid=1')).toEqual({
    kept: true,
  });
}

const root = mkdtempSync(join(tmpdir(), 'accessbot-teams-channels-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the Teams channel migration', () => {
  it('keeps each channel under its own id on SQLite', () =>
    upgradedSqlite(
      join(root, 'old.db'),
      30,
      (old) => {
        for (const row of oldRows()) old.exec(row);
      },
      expectMoved,
    ));

  it.skipIf(process.env.TEST_DATABASE_URL === undefined)('does the same on PostgreSQL', () =>
    upgradedPostgres(
      30,
      async (old) => {
        for (const row of oldRows()) await old.query(row);
      },
      expectMoved,
    ),
  );
});
