/**
 * Questions, answers and absences over hostile text: Ada asks Grace with each text of the
 * hostile corpus, Grace answers with it, Alan goes away with it as his note. The question Grace
 * gets, its answered edit, the note Ada gets, every card showing them, the notice that Alan is
 * away, Grace's `requests` and everyone's `history` carry nothing live on any renderer (Slack,
 * Teams, the terminal), and the words are still there. Text past the limits is refused whole.
 */
import { describe, expect, it } from 'vitest';
import type { Reply } from '../../src/core/reply.ts';
import { tasks, users } from '../../src/sandbox/seed.ts';
import { replyProblems, replyShown } from '../fakes/hostile-checks.ts';
import { corpus, MARK } from '../fakes/hostile-corpus.ts';
import { actor } from '../helpers/bot.ts';
import { botOver, chatId, link, nextSweep, usePollerWorld } from '../poller/fakes.ts';

const w = usePollerWorld({ sandboxOnClock: true });

const clean = (reply: Reply) => {
  expect(replyProblems(reply)).toEqual([]);
  expect(replyShown(reply)).toContain(MARK);
};

async function world() {
  await link(w.store, ['ada', 'alan', 'grace']);
  const { poller } = w.poller();
  const bot = botOver(w, poller);
  await nextSweep(poller, w.clock);
  const as = (who: 'ada' | 'alan' | 'grace') => actor(users[who].email, 'slack', chatId(who));
  return { poller, bot, as };
}

describe.each(corpus)('%s', (_name, text) => {
  it('stays text in the question, the answer, the cards, the notices, requests and history', async () => {
    const { poller, bot, as } = await world();
    const said = text.slice(0, 400);
    const asked = await bot.asks.ask(as('ada'), tasks.adaGraceGithubWrite, said);
    expect(asked.tone).toBe('success');
    clean(asked);
    const question = w.slack.posts.find((p) => p.message.title === 'A question from Ada Lovelace');
    clean(question!.message);
    const id = JSON.stringify(question!.message).match(/"action":"answer","value":"([^"]+)"/)![1]!;
    clean(await bot.asks.answer(as('grace'), id, said));
    clean(await bot.away.set(as('alan'), '2026-11-29', said.slice(0, 200)));
    await nextSweep(poller, w.clock);
    // Answered by now, and an absence's note is for the cards: the list names who is away.
    expect(replyProblems(await bot.handle(as('grace'), 'requests'))).toEqual([]);
    for (const who of ['ada', 'grace', 'alan'] as const) {
      clean(await bot.handle(as(who), 'history'));
    }
    await poller.stop();
    const sent = [...w.slack.posts.map((p) => p.message), ...w.slack.updates.map((u) => u.message)];
    const about = sent.filter((m) =>
      /question|answered|is away|Alan Turing is away/.test(JSON.stringify(m)),
    );
    expect(about.length).toBeGreaterThan(4);
    for (const message of about) expect(replyProblems(message)).toEqual([]);
  });
});

describe('text past the limits', () => {
  it('is refused whole, whatever the form let through', async () => {
    const { bot, as } = await world();
    const asked = await bot.asks.ask(as('ada'), tasks.adaGraceGithubWrite, 'x'.repeat(501));
    expect(asked.summary).toBe('That question is too long (501 characters; the limit is 500).');
    expect(w.slack.posts.filter((p) => p.message.title?.startsWith('A question'))).toEqual([]);
    const away = await bot.away.set(as('alan'), '2026-11-29', 'y'.repeat(201));
    expect(away.summary).toBe('That note is too long (201 characters; the limit is 200).');
    expect(await w.store.listAway(w.clock.now())).toEqual([]);
  });
});
