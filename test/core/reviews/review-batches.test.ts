/**
 * Access reviews at campaign size, in the terminal against the sandbox: 300 people paged within
 * bounds and decided in one confirmed batch, one audit entry per review; a batch only its asker
 * confirms; a sensitive application's review kept without a second step (it grants nothing).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users, workApps } from '../../../src/sandbox/seed.ts';
import type { Store } from '../../../src/store/store.ts';
import { confirmationCodeOn } from '../../fakes/chat-drivers.ts';
import { decidingBot } from '../../helpers/decide-world.ts';
import { useSandbox } from '../../helpers/sandbox.ts';
import { openTerminalChat, type TerminalChat } from '../../helpers/terminal-chat.ts';

const sandbox = useSandbox({ pageSize: 100 });
const { github } = workApps;

let ada: TerminalChat;
let grace: TerminalChat;
let store: Store;

beforeAll(async () => {
  const built = await decidingBot(sandbox.client);
  store = built.store;
  ada = await openTerminalChat({ bot: built.bot, email: users.ada.email });
  grace = await openTerminalChat({ bot: built.bot, email: users.grace.email });
});

afterAll(async () => {
  await ada?.stop();
  await grace?.stop();
});

/** `count` people with GitHub Write, each under review by Ada. */
function reviews(count: number): string[] {
  const state = sandbox.current.state;
  return Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    const displayName = `Reviewed ${String(i + 1).padStart(3, '0')}`;
    state.addUser({ id, email: `${id}@example.com`, displayName, jobTitle: 'Engineer' });
    const access = state.grantAccess({
      workAppId: github.id,
      userId: id,
      permissionLevelId: github.levels.write.id,
    });
    return state.createEntitlementReview({ accessId: access.id, requestedBy: users.radia.id })[0]!
      .id;
  });
}

const statuses = (ids: readonly string[]) =>
  new Set(ids.map((id) => sandbox.current.state.task(id).status));

it('pages 300 people and keeps them all in one confirmed batch, each audited once', async () => {
  const ids = reviews(300);
  expect(await ada.ask('reviews')).toMatch(/GitHub \(Write\): 300 to review/);
  const first = await ada.ask('review GitHub');
  expect(first).toContain('page 1 of 30');
  expect(first).toContain('290 more people');
  // Rows carry no number: `approve 1` means the `tasks` list's first task, never a row here.
  expect(first).toMatch(/^\s*Reviewed 001 · Write · waiting since .+ · `[0-9a-f]{8}`$/m);
  const last = await ada.ask('review GitHub page 30');
  expect(last).toContain('page 30 of 30');
  expect(last).toContain('Reviewed 300');
  expect(await ada.ask('review GitHub page 31')).toContain('page 30 of 30');

  const ask = await ada.ask('review GitHub keep all');
  expect(ask).toContain('300 people');
  expect(ask).toContain('Reviewed 001');
  expect(ask).toContain('250 more');
  // Someone else's code confirms nothing.
  expect(await grace.ask(`confirm ${confirmationCodeOn(ask)}`)).toContain(
    'Only the person who asked',
  );
  expect(statuses(ids)).toEqual(new Set(['Pending']));

  const done = await ada.ask(`confirm ${confirmationCodeOn(ask)}`);
  expect(done).toContain('Kept 300 of 300 people');
  expect(statuses(ids)).toEqual(new Set(['Approved']));
  const entries = await store.readAuditLog({ actions: ['approve'] }, undefined, 1000);
  const approved = entries.flatMap(({ entry }) => {
    const { taskId, outcome } = entry as { taskId?: string; outcome?: string };
    return taskId && ids.includes(taskId) && outcome === 'approved' ? [taskId] : [];
  });
  expect(approved).toHaveLength(300);
  expect(new Set(approved).size).toBe(300);
  // One entry per review, each naming the one batch it was part of.
  const batches = new Set(
    entries.flatMap(({ entry }) =>
      'batchId' in entry && ids.includes(entry.taskId) ? [entry.batchId] : [],
    ),
  );
  expect(batches.size).toBe(1);
  const history = await ada.ask('history');
  const batched = history.split('\n').filter((line) => line.includes('one of a batch'));
  expect(batched).toHaveLength(20);
  expect(batched[0]).toMatch(
    /Approved "Access review: Reviewed \d{3} on GitHub \(Write\)".* — one of a batch \(keep everyone left, batch [\w-]{8}\)/,
  );
  expect(await ada.ask('reviews')).not.toContain('GitHub');
});

it('revokes in a batch with its one reason, and history shows each person revoked in it', async () => {
  const ids = reviews(3);
  const ask = await ada.ask('review GitHub revoke all -- left the company');
  expect(ask).toContain('3 people');
  const done = await ada.ask(`confirm ${confirmationCodeOn(ask)}`);
  expect(done).toContain('Revoked 3 of 3 people');
  expect(statuses(ids)).toEqual(new Set(['Declined']));
  const history = await ada.ask('history');
  for (const n of ['001', '002', '003']) {
    expect(history).toMatch(
      new RegExp(
        `Declined "Access review: Reviewed ${n} on GitHub \\(Write\\)".*"left the company" — one of a batch \\(revoke everyone left, batch [\\w-]{8}\\)`,
      ),
    );
  }
  // A single click is no batch.
  const [single] = reviews(1);
  const page = await ada.ask('review GitHub');
  expect(page).toContain('Reviewed 001');
  await ada.ask(`approve ${single!.slice(0, 8)}`);
  const after = (await ada.ask('history')).split('\n').find((l) => l.includes('Approved'));
  expect(after).toBeDefined();
  expect(after).not.toContain('one of a batch');
});

it('keeps a review of a sensitive application like any other: keeping grants nothing new', async () => {
  const list = await ada.ask('reviews');
  expect(list).toContain('AWS Console (PowerUser): 1 to review');
  const ask = await ada.ask('review AWS Console keep all');
  const done = await ada.ask(`confirm ${confirmationCodeOn(ask)}`);
  expect(done).toContain('Kept 1 of 1 person');
  expect(done).toMatch(/Dennis Ritchie \(`[0-9a-f]{8}`\): kept/);
  expect(await ada.ask('reviews')).toContain('You have no access reviews waiting.');
});
