/**
 * Decisions that cannot misfire: several tasks named at once, each one reported; a decline with
 * no reason asks first; a short id works anywhere an id does; and nobody approves their own
 * request unless the organisation allows it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AccessBot } from '../../../src/core/bot.ts';
import { users, workApps } from '../../../src/sandbox/seed.ts';
import type { Store } from '../../../src/store/store.ts';
import { actor, botFor, captureLog } from '../../helpers/bot.ts';
import { useSandbox } from '../../helpers/sandbox.ts';

const sandbox = useSandbox({ pageSize: 2 });
const ada = actor(users.ada.email, 'slack', 'U-ADA');
const decisions = () =>
  sandbox.current.requests.filter(
    (r) => r.method === 'POST' && /\/(Approve|Decline)$/.test(r.path),
  );

let bot: AccessBot;
let store: Store;
beforeEach(async () => {
  ({ bot, store } = await botFor(sandbox.client));
  sandbox.current.requests.length = 0;
});

/** A new GitHub request by `requester`; the task it opened for Ada. */
function requestFor(requester: keyof typeof users, level: keyof typeof workApps.github.levels) {
  const access = sandbox.current.state.createAccessRequest({
    workAppId: workApps.github.id,
    userId: users[requester].id,
    permissionLevelId: workApps.github.levels[level].id,
  });
  return sandbox.current.state
    .tasksFor(users.ada.id, 'Pending')
    .find((t) => t.metadata.accessId === access.id)!.id;
}

describe('several tasks in one command', () => {
  it('approves 1 and 2 from the list and reports each', async () => {
    await bot.handle(ada, 'tasks');
    const listed = (await store.getTaskNumbering('slack', 'U-ADA'))!;
    const reply = await bot.handle(ada, 'approve 1 2');
    expect(reply.title).toBe('Approved 2 of 2 tasks');
    expect(reply.summary).toContain(': approved');
    for (const id of listed.slice(0, 2)) {
      expect(sandbox.current.state.task(id).status).toBe('Approved');
    }
  });

  it('declines several with one reason, and says which could not be declined', async () => {
    const mine = requestFor('barbara', 'read');
    const reply = await bot.handle(
      ada,
      `decline ${mine} 00000000-0000-4000-8000-000000000000 -- not now`,
    );
    expect(reply.title).toBe('Declined 1 of 2 tasks');
    expect(reply.summary).toContain('not in your task list');
    expect(sandbox.current.state.task(mine)).toMatchObject({
      status: 'Declined',
      metadata: { reason: 'not now' },
    });
  });
});

describe('a decline says why', () => {
  it('asks for a reason and declines nothing when there is no `--`', async () => {
    const mine = requestFor('dennis', 'read');
    const reply = await bot.handle(ada, `decline ${mine}`);
    expect(reply.summary).toContain('Nothing declined yet');
    expect(reply.summary).toContain(`decline ${mine} -- <reason>`);
    expect(decisions()).toEqual([]);
    expect(sandbox.current.state.task(mine).status).toBe('Pending');
  });

  it('declines without a reason when the person says so with an empty `--`', async () => {
    const mine = requestFor('edsger', 'read');
    const reply = await bot.handle(ada, `decline ${mine} --`);
    expect(reply.summary).toContain('You declined');
    expect(sandbox.current.state.task(mine).metadata.reason).toBeUndefined();
  });
});

describe('short ids', () => {
  it('takes the first characters of one of your task ids', async () => {
    const mine = requestFor('ken', 'read');
    const reply = await bot.handle(ada, `approve ${mine.slice(0, 8).toUpperCase()}`);
    expect(reply.summary).toContain('You approved');
    expect(sandbox.current.state.task(mine).status).toBe('Approved');
  });

  it('refuses a start of an id that is none of yours, deciding nothing', async () => {
    const reply = await bot.handle(ada, 'approve ffffff');
    expect(reply.summary).toContain('None of your pending tasks has an id starting with ffffff');
    expect(decisions()).toEqual([]);
  });
});

describe('approving your own request', () => {
  /** Ada asks for AWS herself, and she is its only approver. */
  function adasOwnRequest(level: 'readOnly') {
    const access = sandbox.current.state.createAccessRequest({
      workAppId: workApps.aws.id,
      userId: users.ada.id,
      permissionLevelId: workApps.aws.levels[level].id,
    });
    return sandbox.current.state
      .tasksFor(users.ada.id, 'Pending')
      .find((t) => t.metadata.accessId === access.id);
  }

  it('is refused by default with a clear message; declining it stays possible', async () => {
    const own = adasOwnRequest('readOnly');
    if (!own) return expect.unreachable('the sandbox gave Ada no task for her own request');
    const result = await bot.tasks.decide(ada, own.id, 'approve');
    expect(result.outcome).toBe('self_approval');
    expect(result.reply.summary).toContain('your own request');
    expect(result.settled).toBeUndefined();
    expect(decisions()).toEqual([]);
    const [entry] = await store.listAudit({ taskId: own.id });
    expect(entry?.outcome).toBe('self_approval');
    expect((await bot.tasks.decide(ada, own.id, 'decline')).outcome).toBe('declined');
  });

  it('is allowed where the organisation says so', async () => {
    const { log } = captureLog();
    const allowing = new AccessBot({
      client: sandbox.client,
      store,
      log,
      pendingStatus: 'Pending',
      allowSelfApproval: true,
    });
    const own = adasOwnRequest('readOnly');
    if (!own) return expect.unreachable('the sandbox gave Ada no task for her own request');
    expect((await allowing.tasks.decide(ada, own.id, 'approve')).outcome).toBe('approved');
  });
});
