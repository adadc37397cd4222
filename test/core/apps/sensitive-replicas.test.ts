/**
 * A sensitive mark made through one replica holds on every other at its next decision, not when
 * its cache of the field expires: two bots share one store (a SQLite file, or PostgreSQL), the
 * second has just read the application as not sensitive, the first marks it, and the second,
 * asked to approve at once, asks for the confirmation and approves nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AccessClient } from '../../../src/access/client.ts';
import { loadConfig } from '../../../src/app/config.ts';
import { decisionContext } from '../../../src/app/runtime.ts';
import { AccessBot } from '../../../src/core/bot.ts';
import { policies, users } from '../../../src/sandbox/seed.ts';
import { openStore } from '../../../src/store/open.ts';
import type { Store } from '../../../src/store/store.ts';
import { actor, captureLog } from '../../helpers/bot.ts';
import { usePostgresStores } from '../../helpers/postgres.ts';
import { useSandbox } from '../../helpers/sandbox.ts';

const sandbox = useSandbox();

/** One replica's bot, configured as the composition root configures it. */
function replica(client: AccessClient, store: Store) {
  const config = loadConfig({ ACCESS_API_URL: 'sandbox' });
  const { log } = captureLog();
  const context = decisionContext(config, { client, store, log });
  const bot = new AccessBot({ client, store, log, pendingStatus: 'Pending', context });
  return async (text: string) =>
    JSON.stringify(await bot.handle(actor(users.margaret.email), text));
}

/** An application Margaret owns, not sensitive, and her task for a request of it. */
function unmarkedRequest() {
  const id = randomUUID();
  const name = `Payroll${id.slice(0, 6)}`;
  const level = { id: randomUUID(), name: 'Member', description: 'member' };
  sandbox.current.state.addWorkApp(
    { id, name, description: 'pay' },
    [level],
    [
      { id: randomUUID(), name: 'Sensitive', value: 'no' },
      { id: randomUUID(), name: 'Owners', value: users.margaret.email },
    ],
  );
  sandbox.current.state.assignPolicy(id, null, 'AccessRequest', policies.designLeads.id);
  const access = sandbox.current.state.createAccessRequest({
    workAppId: id,
    userId: users.grace.id,
    permissionLevelId: level.id,
  });
  return { name, taskId: access.taskIds[1]! };
}

async function markedOnOneApprovedOnTheOther(first: Store, second: Store) {
  const marking = replica(sandbox.client, first);
  const approving = replica(sandbox.client, second);
  const { name, taskId } = unmarkedRequest();
  // The second replica has read the application as not sensitive, and keeps that for minutes.
  expect(await approving('tasks')).toContain(name);
  expect(await approving(`app ${name}`)).toContain(name);
  const asked = await marking(`app set ${name} Sensitive yes`);
  const code = /confirm ([a-z2-9]{8})/.exec(asked)?.[1];
  expect(await marking(`confirm ${code}`)).toContain(`Done: set Sensitive of ${name} to`);
  expect(await approving(`approve ${taskId}`)).toContain('sensitive application');
  expect(sandbox.current.state.task(taskId).status).toBe('Pending');
}

describe('a sensitive mark on one replica', () => {
  const root = mkdtempSync(join(tmpdir(), 'accessbot-marks-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('asks for the confirmation on another sharing its SQLite file at once', async () => {
    const file = join(root, 'accessbot.db');
    const [first, second] = [await openStore(file), await openStore(file)];
    try {
      await markedOnOneApprovedOnTheOther(first, second);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    const pg = usePostgresStores('marks', 2);

    it('asks for the confirmation on another replica at once', async () => {
      const [first, second] = pg.stores;
      await markedOnOneApprovedOnTheOther(first!, second!);
    });
  });
});
