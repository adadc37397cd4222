/**
 * An approver away, through the real bot and poller on a fake clock: their reminders stop, their
 * tasks escalate at once (not after ESCALATE_AFTER) and the request's other approvers hear it
 * once; the cards show it; the absence ends by itself on its day, audited.
 */
import { describe, expect, it } from 'vitest';
import { users } from '../../../src/sandbox/seed.ts';
import { ADA_TASK, ALAN_TASK, DAY, useAsksWorld } from '../../helpers/asks-world.ts';
import { cardOf } from '../../poller/fakes.ts';

const { w, world, to, lastCard, remindedAbout } = useAsksWorld();

describe('an approver away', () => {
  it('stops their reminders, escalates their task at once, and tells the other approver once', async () => {
    const { say, sweep } = await world();
    expect(await say('alan', 'away until 2026-11-29 -- At a conference')).toContain(
      'You are away until Sun, Nov 29, 2026',
    );
    await sweep();
    await sweep();
    const leads = w.slack.posts.filter(
      (p) => p.to.kind === 'channel' && p.to.channelId === 'C-LEADS',
    );
    expect(leads.map((p) => cardOf(p.message)?.taskId)).toEqual([ALAN_TASK]);
    expect(cardOf(leads[0]!.message)?.notes).toEqual([
      'Alan Turing is away until Sun, Nov 29, 2026',
    ]);
    const notices = to('ada').filter((p) => p.message.title === 'Alan Turing is away');
    expect(notices).toHaveLength(1);
    expect(cardOf(notices[0]!.message)?.buttons).toEqual([]);
    expect(lastCard(ADA_TASK)?.notes).toEqual([
      'Alan Turing is away until Sun, Nov 29, 2026 — "At a conference"',
    ]);
    w.clock.advance(DAY);
    await sweep();
    expect([remindedAbout(ADA_TASK), remindedAbout(ALAN_TASK)]).toEqual([1, 0]);

    // Grace is told who is away and who else decides; her nudge skips Alan.
    expect(await say('grace', 'requests')).toContain(
      'Away: Alan Turing until Sun, Nov 29, 2026. Ada Lovelace can decide it too.',
    );
    expect(await say('grace', 'nudge 1')).toMatch(
      /Nudged Ada Lovelace about .* Approvers who are away are not nudged/,
    );
    expect(to('alan').filter((p) => p.message.title?.startsWith('A nudge'))).toEqual([]);
  });

  it('tells the other approver once when the away one’s task is in both their lists', async () => {
    // The service lists Alan's task to Ada too, in place of one of her own: one task, shared.
    const { state } = w.sandbox;
    const listed = state.tasksFor.bind(state);
    state.tasksFor = (userId, status) =>
      listed(userId, status).map((t) =>
        userId === users.ada.id && t.id === ADA_TASK ? state.task(ALAN_TASK) : t,
      );
    const { say, sweep } = await world();
    await say('alan', 'away until 2026-11-29');
    await sweep();
    await sweep();
    const notices = to('ada').filter((p) => p.message.title === 'Alan Turing is away');
    expect(notices.map((p) => cardOf(p.message)?.taskId)).toEqual([ALAN_TASK]);
    expect(to('alan').filter((p) => p.message.title === 'Alan Turing is away')).toEqual([]);
  });

  it('tells the other approver once per absence: back and away again is no new one', async () => {
    const { say, sweep } = await world();
    const notices = () => to('ada').filter((p) => p.message.title === 'Alan Turing is away');
    const awayThenBack = async (day: string) => {
      await say('alan', `away until ${day}`);
      await sweep();
      await sweep();
      await say('alan', 'back');
      await sweep();
    };
    await awayThenBack('2026-11-29');
    await awayThenBack('2026-11-29');
    await say('alan', 'away until 2026-11-29 -- changed my mind');
    await sweep();
    expect(notices()).toHaveLength(1);
    // The cards show him away again all the same.
    expect(lastCard(ADA_TASK)?.notes).toEqual([
      'Alan Turing is away until Sun, Nov 29, 2026 — "changed my mind"',
    ]);

    await say('alan', 'back');
    await awayThenBack('2026-12-04');
    expect(notices().map((p) => p.message.summary)).toEqual([
      expect.stringContaining('Nov 29, 2026'),
      expect.stringContaining('Dec 4, 2026'),
    ]);
  });

  it('ends by itself on its day, audited, and the cards stop saying so', async () => {
    const { say, sweep } = await world();
    await say('alan', 'away until 2026-11-24');
    await sweep();
    expect(lastCard(ADA_TASK)?.notes).toHaveLength(1);
    w.clock.advance(Date.parse('2026-11-24T00:00:00Z') - w.clock.now().getTime());
    await sweep();
    expect(lastCard(ADA_TASK)?.notes ?? []).toEqual([]);
    const history = await say('alan', 'history');
    expect(history).toContain('Away until Tue, Nov 24, 2026: ended on its day');
    expect(await say('alan', 'back')).toContain('You are not marked as away');
  });

  it('refuses days past, today and too far ahead, and days it cannot read', async () => {
    const { say } = await world();
    expect(await say('alan', 'away until 2026-11-22')).toContain('is not ahead');
    expect(await say('alan', 'away until 2027-06-01')).toContain('more than 90 days ahead');
    expect(await say('alan', 'away until someday')).toContain('I cannot read "someday" as a day');
    expect(await say('alan', 'back')).toContain('You are not marked as away');
  });
});
