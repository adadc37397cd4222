/**
 * A question to the requester, through the real bot and poller on a fake clock: reminders to an
 * approver who asked the requester wait for the answer, up to three days, while the other
 * approvers are reminded as ever; the cards show it and its answer.
 */
import { describe, expect, it } from 'vitest';
import { users } from '../../../src/sandbox/seed.ts';
import { ADA_TASK, ALAN_TASK, DAY, HOUR, useAsksWorld } from '../../helpers/asks-world.ts';
import { cardOf, chatId } from '../../poller/fakes.ts';

const { w, world, to, lastCard, remindedAbout } = useAsksWorld();

describe('a question to the requester', () => {
  it('reaches the requester once, shows on both approvers’ cards, and holds only the asker’s reminders', async () => {
    const { say, sweep } = await world();
    expect(await say('ada', `ask ${ADA_TASK} -- Which repository do you need?`)).toContain(
      'Asked Grace Hopper: "Which repository do you need?"',
    );
    const asked = to('grace');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message.title).toBe('A question from Ada Lovelace');
    expect(JSON.stringify(asked[0]?.message)).toContain('"action":"answer"');
    expect(lastCard(ADA_TASK)?.notes?.[0]).toMatch(
      /^You asked Grace Hopper .*: "Which repository do you need\?" — no answer yet$/,
    );
    expect(lastCard(ALAN_TASK)?.notes?.[0]).toMatch(
      /^Ada Lovelace asked Grace Hopper .*no answer yet$/,
    );
    // One waits at a time, whoever asks.
    expect(await say('alan', `ask ${ALAN_TASK} -- And why?`)).toContain(
      'The question of Ada Lovelace of',
    );

    w.clock.advance(DAY);
    await sweep();
    expect([remindedAbout(ADA_TASK), remindedAbout(ALAN_TASK)]).toEqual([0, 1]);
    w.clock.advance(DAY);
    await sweep();
    expect([remindedAbout(ADA_TASK), remindedAbout(ALAN_TASK)]).toEqual([0, 2]);
    // Three days without an answer: the asker is reminded again.
    w.clock.advance(DAY);
    await sweep();
    expect([remindedAbout(ADA_TASK), remindedAbout(ALAN_TASK)]).toEqual([1, 3]);
    expect(to('grace')).toHaveLength(1);
  });

  it('takes the requester’s answer once: the question shows it, the asker hears it, reminders resume', async () => {
    const { say, sweep } = await world();
    await say('ada', `ask ${ADA_TASK} -- Which repository?`);
    const question = to('grace')[0]!;
    const code = /answer ([0-9a-f]{8}) --/.exec(JSON.stringify(question.message))![1]!;
    expect(await say('alan', `answer ${code} -- Not mine to say`)).toContain(
      'No question to you has that code',
    );
    w.clock.advance(HOUR);
    expect(await say('grace', `answer ${code} -- The compiler one.`)).toContain(
      'Sent your answer to Ada Lovelace: "The compiler one."',
    );
    const edited = w.slack.updates.filter((u) => u.ref.data.id === question.ref.data.id);
    expect(edited.map((u) => u.message.title)).toEqual(['You answered Ada Lovelace']);
    expect(JSON.stringify(edited[0]?.message)).not.toContain('"action":"answer"');
    expect(to('ada').map((p) => p.message.title)).toContain('Grace Hopper answered');
    expect(lastCard(ALAN_TASK)?.notes?.[0]).toMatch(/— answered .*: "The compiler one."$/);
    expect(await say('grace', `answer ${code} -- Changed my mind`)).toContain(
      'You answered that question already',
    );
    expect(to('ada').filter((p) => p.message.title === 'Grace Hopper answered')).toHaveLength(1);
    w.clock.advance(DAY);
    await sweep();
    expect(remindedAbout(ADA_TASK)).toBe(1);
    const history = await say('grace', 'history');
    expect(history).toContain(
      'Answered the question of Ada Lovelace about "Access request: GitHub (Write)"',
    );
    expect(history).toContain('Ada Lovelace asked you about');
  });

  it('brings a card left behind up to date at its approver’s next poll, once', async () => {
    const { say, sweep } = await world();
    await say('ada', `ask ${ADA_TASK} -- Which repository?`);
    const alanCard = w.slack.posts.find((p) => cardOf(p.message)?.taskId === ALAN_TASK)!;
    const edits = () => w.slack.updates.filter((u) => u.ref.data.id === alanCard.ref.data.id);
    expect(edits()).toHaveLength(1);
    // As when the edit could not be written: another was under way for the card.
    await w.store.staleCards([ALAN_TASK]);
    await sweep();
    await sweep();
    expect(edits()).toHaveLength(2);
    expect(cardOf(edits()[1]!.message)?.notes?.[0]).toContain('Ada Lovelace asked Grace Hopper');
    const [stored] = (await w.store.listNotifications({ taskIds: [ALAN_TASK] })).filter(
      (n) => n.recipient === `user:${chatId('alan')}`,
    );
    expect(stored?.shownVersion).toBe(stored?.cardVersion);
  });

  it('edits an unanswered question once its task is decided, and refuses a late answer', async () => {
    const { say, sweep } = await world();
    await say('ada', `ask ${ADA_TASK} -- Which repository?`);
    const question = to('grace')[0]!;
    w.sandbox.state.decideTask(ALAN_TASK, 'Approved', users.alan.id);
    await sweep();
    const edited = w.slack.updates.filter((u) => u.ref.data.id === question.ref.data.id);
    expect(edited.map((u) => u.message.summary)).toEqual([
      'Ada Lovelace asked about "Access request: GitHub (Write)": "Which repository?". No answer is needed any more: it was approved.',
    ]);
    const code = /answer ([0-9a-f]{8}) --/.exec(JSON.stringify(question.message))![1]!;
    expect(await say('grace', `answer ${code} -- too late`)).toContain('no answer is needed');
  });
});
