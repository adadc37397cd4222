/**
 * A decision killed at each step leaves the audit trail truthful, on both stores: killed once it
 * is kept and before it is sent, nothing is decided and the entry stays `started`; killed after
 * the Access Service decided and before the outcome is written, the entry stays `started` until
 * the task's state completes it. A real process killed with SIGKILL (test/helpers/decide-child.ts),
 * the sandbox over HTTP.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFromTask } from '../../../src/core/audit/record.ts';
import { users } from '../../../src/sandbox/seed.ts';
import { openStore } from '../../../src/store/open.ts';
import type { Store } from '../../../src/store/store.ts';
import { openGithubTask } from '../../fakes/bot-connector-harness.ts';
import { childEnv } from '../../helpers/child-env.ts';
import { usePostgresSchema } from '../../helpers/postgres.ts';
import { useSandbox } from '../../helpers/sandbox.ts';

const sandbox = useSandbox();
const child = join(import.meta.dirname, '../../helpers/decide-child.ts');

interface Ended {
  signal: NodeJS.Signals | null;
  said: string;
}

function decide(databaseUrl: string, line: string, crashAt?: 'intent' | 'call'): Promise<Ended> {
  const s = sandbox.current;
  const p = spawn(process.execPath, [child], {
    env: childEnv({
      DATABASE_URL: databaseUrl,
      SANDBOX_URL: s.url,
      SANDBOX_API_KEY: s.apiKey,
      SANDBOX_API_SECRET: s.apiSecret,
      LINE: line,
      ...(crashAt && { CRASH_AT: crashAt }),
    }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let said = '';
  p.stdout.on('data', (chunk) => {
    said += String(chunk);
  });
  return new Promise((resolve) => p.on('close', (_code, signal) => resolve({ signal, said })));
}

const statusOf = (taskId: string) => sandbox.current.state.task(taskId).status;
const sent = (taskId: string) =>
  sandbox.current.requests.filter((r) => r.method === 'POST' && r.path.includes(taskId));
const outcomes = async (store: Store, taskId: string) =>
  (await store.listAudit({ taskId })).map((e) => e.outcome);

/** Two processes started a test: on a busy machine each can take tens of seconds to start. */
const SLOW = 240_000;

const stores = [
  {
    name: 'SQLite',
    url: () => `sqlite:${join(mkdtempSync(join(tmpdir(), 'accessbot-decide-')), 'bot.db')}`,
  },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', url: undefined }] : []),
];

describe.each(stores)('a decision killed at each step ($name)', ({ url }) => {
  const schema = url ? undefined : usePostgresSchema('accessbot_decide_crash');
  let databaseUrl: string;
  let store: Store;
  beforeAll(async () => {
    databaseUrl = url ? url() : (schema?.url ?? '');
    store = await openStore(databaseUrl);
  });
  afterAll(() => store.close());

  it(
    'killed once kept and before it is sent: nothing is decided, the entry says so',
    async () => {
      const taskId = openGithubTask(sandbox.current);
      const line = `approve ${taskId.slice(0, 8)}`;
      expect((await decide(databaseUrl, line, 'intent')).signal).toBe('SIGKILL');
      expect(statusOf(taskId)).toBe('Pending');
      expect(sent(taskId)).toEqual([]);
      expect(await outcomes(store, taskId)).toEqual(['started']);
      // The person clicks again: decided, and both attempts are in the trail.
      expect((await decide(databaseUrl, line)).said).toContain('You approved');
      expect(statusOf(taskId)).toBe('Approved');
      expect(await outcomes(store, taskId)).toEqual(['approved', 'started']);
    },
    SLOW,
  );

  it(
    'killed after the service decided: started until the task’s state completes it',
    async () => {
      const taskId = openGithubTask(sandbox.current);
      const line = `decline ${taskId.slice(0, 8)} -- not now`;
      expect((await decide(databaseUrl, line, 'call')).signal).toBe('SIGKILL');
      expect(statusOf(taskId)).toBe('Declined');
      expect(await outcomes(store, taskId)).toEqual(['started']);
      // What the poller does when it finds the approver's task decided.
      const done = await completeFromTask(store, taskId, 'declined', users.ada.id);
      expect(done?.accessUserId).toBe(users.ada.id);
      // Completed as Ada's own completion would have been: its receipt is the entry's.
      expect(await store.listAudit({ taskId })).toMatchObject([
        { action: 'decline', outcome: 'declined', reason: 'not now', detail: null },
      ]);
      const [found] = await store.findReceipt(done?.receipt ?? '');
      expect(found?.entry).toMatchObject({ taskId, outcome: 'declined' });
      // A second replica, a moment behind, finds it as it now stands: Ada's, with that receipt.
      expect(await completeFromTask(store, taskId, 'declined', users.ada.id)).toEqual(done);
    },
    SLOW,
  );
});
