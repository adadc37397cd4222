/**
 * Questions and absences on a fake clock, through the real bot and poller (the platform a
 * recording notifier): reminders to an approver who asked the requester wait for the answer,
 * up to three days, while the other approvers are reminded as ever; an away approver's reminders
 * stop, their tasks escalate at once (not after ESCALATE_AFTER) and the request's other approvers
 * hear it once; the cards show both; the absence ends by itself on its day, audited.
 */
import { describe, expect, it } from 'vitest';
import type { ChatActor } from '../../src/core/identity.ts';
import type { NotifyRules } from '../../src/poller/rules.ts';
import { tasks, users } from '../../src/sandbox/seed.ts';
import { botOver, cardOf, chatId, link, nextSweep, usePollerWorld } from './fakes.ts';

const w = usePollerWorld({ sandboxOnClock: true });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ADA_TASK = tasks.adaGraceGithubWrite;
const ALAN_TASK = tasks.alanGraceGithubWrite;

const rules: NotifyRules = {
  channels: [],
  escalations: [],
  defaultEscalation: { platform: 'slack', channelId: 'C-LEADS' },
  notifyOnly: [],
};

type Person = 'ada' | 'alan' | 'grace';
const actor = (who: Person): ChatActor => ({
  platform: 'slack',
  chatUserId: chatId(who),
  email: async () => users[who].email,
});

/** Ada, Alan and Grace linked; a poller reminding daily, escalating after three days. */
async function world() {
  await link(w.store, ['ada', 'alan', 'grace']);
  const { poller } = w.poller({ rules, remindAfterMs: DAY, escalateAfterMs: 3 * DAY });
  const bot = botOver(w, poller);
  /** What `who` is shown for a typed line: its summary, then the text of its blocks. */
  const say = async (who: Person, text: string) => {
    const reply = await bot.handle(actor(who), text);
    const lines = reply.blocks.flatMap((b) =>
      b.kind === 'list' ? b.items : b.kind === 'text' || b.kind === 'note' ? [b.text] : [],
    );
    return [reply.summary, ...lines].join('\n');
  };
  await nextSweep(poller, w.clock);
  return { poller, bot, say, sweep: () => nextSweep(poller, w.clock) };
}

const to = (who: Person) =>
  w.slack.posts.filter((p) => p.to.kind === 'user' && p.to.chatUserId === chatId(who));
/** The card of `taskId` as its last post or edit shows it. */
function lastCard(taskId: string) {
  const post = w.slack.posts.find(
    (p) => cardOf(p.message)?.taskId === taskId && !p.message.title?.includes('away'),
  );
  const edits = w.slack.updates.filter((u) => u.ref.data.id === post?.ref.data.id);
  return cardOf((edits.at(-1) ?? post)!.message);
}
const remindedAbout = (taskId: string) =>
  w.slack.followUps.filter(
    (f) =>
      f.message.summary.includes('GitHub (Write)') &&
      f.ref.data.id ===
        w.slack.posts.find((p) => cardOf(p.message)?.taskId === taskId)?.ref.data.id,
  ).length;

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
      'Alan Turing is away until Sun, Nov 29, 2026 — "At a conference"',
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
