import { describe, expect, it } from 'vitest';
import { AccessBot } from '../../../src/core/bot.ts';
import { users } from '../../../src/sandbox/seed.ts';
import { actor, botFor, captureLog } from '../../helpers/bot.ts';
import { approvals, contextFor, GateClock, sensitiveRequest } from '../../helpers/decide-world.ts';
import { clientFor, useSandbox } from '../../helpers/sandbox.ts';

/** The code on the confirmation's own Approve button. */
const codeIn = (said: unknown) => /"confirmation":"([a-z2-9]{8})"/.exec(JSON.stringify(said))?.[1];

describe('a sensitive approval’s stored confirmation', () => {
  const sandbox = useSandbox({ pageSize: 2 });
  const tim = actor(users.tim.email);
  const margaret = actor(users.margaret.email);

  it('is the asked approver’s alone: another approver of the task approves nothing with it', async () => {
    const client = clientFor(sandbox.current);
    const { bot, store } = await botFor(client, (s) => ({
      context: contextFor(client, s, new GateClock()),
    }));
    const [taskId, hers] = sensitiveRequest(sandbox.current);
    const code = codeIn(await bot.handle(tim, `approve ${taskId}`));
    expect(code).toBeDefined();
    expect(JSON.stringify(await bot.handle(margaret, `confirm ${code}`))).toContain(
      `Nothing is waiting for your confirmation under the code ${code}`,
    );
    expect(JSON.stringify(await bot.handle(margaret, `approve ${hers} confirm ${code}`))).toContain(
      'That code does not confirm this approval',
    );
    expect(approvals(sandbox.current, taskId!)).toHaveLength(0);
    expect(approvals(sandbox.current, hers!)).toHaveLength(0);
    // Still Tim's: it approves for him, once.
    expect(JSON.stringify(await bot.handle(tim, `confirm ${code}`))).toContain('You approved');
    expect(approvals(sandbox.current, taskId!)).toHaveLength(1);
    const outcomes = (await store.listAudit({ since: new Date(0) }))
      .filter((e) => 'taskId' in e && [taskId, hers].includes(e.taskId ?? ''))
      .map((e) => e.outcome);
    expect(outcomes.sort()).toEqual(['approved', 'unconfirmed', 'wrong_code']);
    // The audit entry says how the approval was confirmed: with the code.
    const approved = (await store.listAudit({ since: new Date(0) })).find(
      (e) => 'taskId' in e && e.taskId === taskId && e.outcome === 'approved',
    );
    expect(approved).toMatchObject({ confirmedBy: 'code' });
    await store.close();
  });

  it('is cancelled by its approver with `cancel <code>`: the task waits on, and the code confirms nothing', async () => {
    const client = clientFor(sandbox.current);
    const { bot, store } = await botFor(client, (s) => ({
      context: contextFor(client, s, new GateClock()),
    }));
    const [taskId] = sensitiveRequest(sandbox.current);
    const code = codeIn(await bot.handle(tim, `approve ${taskId}`));
    expect(JSON.stringify(await bot.handle(margaret, `cancel ${code}`))).toContain(
      'Nothing is waiting for your confirmation',
    );
    expect(JSON.stringify(await bot.handle(tim, `cancel ${code}`))).toContain(
      'Cancelled: nothing was approved',
    );
    expect(JSON.stringify(await bot.handle(tim, `confirm ${code}`))).toContain(
      'Nothing is waiting for your confirmation',
    );
    expect(approvals(sandbox.current, taskId!)).toHaveLength(0);
    expect(sandbox.current.state.task(taskId!).status).toBe('Pending');
    await store.close();
  });

  it('approves once when two replicas on one store are given the code at the same time', async () => {
    const client = clientFor(sandbox.current);
    const { bot, store } = await botFor(client, (s) => ({
      context: contextFor(client, s, new GateClock()),
    }));
    const { log } = captureLog();
    const replica = new AccessBot({
      client,
      store,
      log,
      pendingStatus: 'Pending',
      context: contextFor(client, store, new GateClock()),
    });
    const [taskId] = sensitiveRequest(sandbox.current);
    const code = codeIn(await bot.handle(tim, `approve ${taskId}`));
    await Promise.all([bot, replica].map((b) => b.handle(tim, `confirm ${code}`)));
    expect(approvals(sandbox.current, taskId!)).toHaveLength(1);
    expect(sandbox.current.state.task(taskId!).status).toBe('Approved');
    await store.close();
  });
});
