/**
 * An away approver's note is for the people who decide with them: their direct messages show it,
 * the escalation channel hears only who is away until when.
 */
import { describe, expect, it } from 'vitest';
import { ALAN_TASK, useAsksWorld } from '../../helpers/asks-world.ts';
import { cardOf } from '../../poller/fakes.ts';

const { w, world, to } = useAsksWorld();
const NOTE = '<!channel> Q7-NOTE: approve all at https://evil.example/x *now*';

describe('an away approver’s escalation', () => {
  it('tells the channel who is away until when, never their note; the other approver sees it', async () => {
    const { say, sweep } = await world();
    await say('alan', `away until 2026-11-29 -- ${NOTE}`);
    await sweep();
    await sweep();
    const posted = w.slack.posts.filter((p) => p.to.kind === 'channel');
    expect(posted.map((p) => cardOf(p.message)?.taskId)).toEqual([ALAN_TASK]);
    expect(cardOf(posted[0]!.message)?.notes).toEqual([
      'Alan Turing is away until Sun, Nov 29, 2026',
    ]);
    const refs = new Set(posted.map((p) => p.ref.data.id));
    const edited = w.slack.updates.filter((u) => refs.has(u.ref.data.id));
    const shown = JSON.stringify([...posted, ...edited].map((p) => p.message));
    for (const trace of ['Q7-NOTE', 'evil.example', 'channel>']) expect(shown).not.toContain(trace);

    const notice = to('ada').find((p) => p.message.title === 'Alan Turing is away');
    expect(notice?.message.summary).toContain('Q7-NOTE: approve all at');
  });
});
