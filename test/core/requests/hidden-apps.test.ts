/**
 * Applications hidden from a person's groups stay hidden everywhere: the `apps` list, the typed
 * `request`, the form's picker and its submission (a forged id), on every platform alike.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AccessBot } from '../../../src/core/bot.ts';
import { users, workApps } from '../../../src/sandbox/seed.ts';
import { actor, botFor } from '../../helpers/bot.ts';
import { useSandbox } from '../../helpers/sandbox.ts';

const sandbox = useSandbox({ pageSize: 2 });
// Ada is in Security, which hides Figma, and in Engineering, which hides Salesforce.
const ada = actor(users.ada.email, 'slack', 'U-ADA');
// Tim is in Design: Figma is his, AWS is hidden from him.
const tim = actor(users.tim.email, 'teams', '29:tim');
const accessesNow = () => sandbox.current.state.accesses.size;

let bot: AccessBot;
beforeEach(async () => {
  ({ bot } = await botFor(sandbox.client));
});

describe('hidden applications', () => {
  it('are left out of `apps`', async () => {
    const list = JSON.stringify(await bot.handle(ada, 'apps'));
    expect(list).toContain('GitHub');
    expect(list).not.toContain('Figma');
    expect(list).not.toContain('Salesforce');
    expect(JSON.stringify(await bot.handle(tim, 'apps'))).toContain('Figma');
  });

  it('are not found by a typed request, and nothing is created', async () => {
    const before = accessesNow();
    const reply = await bot.handle(ada, 'request Figma Viewer -- designs');
    expect(reply.summary).toContain('I found no application called "Figma Viewer"');
    expect(accessesNow()).toBe(before);
  });

  it('are not offered by the picker, and have no levels to pick', async () => {
    const found = await bot.requests.searchApps(ada, '', 50);
    expect(found.ok && found.value.map((c) => c.name)).not.toContain('Figma');
    const levels = await bot.requests.levels(ada, workApps.figma.id);
    expect(levels).toEqual({ ok: true, value: [] });
  });

  it('are refused when a form names one anyway', async () => {
    const before = accessesNow();
    const outcome = await bot.requests.submit(ada, {
      appId: workApps.figma.id,
      levelId: workApps.figma.levels.viewer.id,
      justification: 'forged',
    });
    expect(outcome).toMatchObject({
      kind: 'again',
      note: expect.stringContaining('not available'),
    });
    expect(accessesNow()).toBe(before);
  });

  it('stay hidden, and nothing is offered, while the groups cannot be read', async () => {
    const { bot: fresh } = await botFor(sandbox.client);
    const alan = actor(users.alan.email, 'slack', 'U-ALAN');
    expect(await fresh.link(alan)).toBe(true);
    sandbox.current.faults.failNext(50, 503);
    const found = await fresh.requests.searchApps(alan, '', 50);
    sandbox.current.faults.reset();
    expect(found.ok).toBe(false);
  });
});
