/**
 * Teams in each person's language, over real HTTP with the Bot Connector fake: an activity's
 * `locale` and `localTimezone` say how to answer its sender; the conversation reference keeps
 * them, so what the poller pushes later is in the person's language too, and follows them when
 * they change it. Every card carries `speak` (what a screen reader says of it), every button a
 * `tooltip` naming what it does to what, every image `altText`; and every card parses and stays
 * within Teams' message size in the longer languages (the harness checks each one).
 */
import { describe, expect, it } from 'vitest';
import { cardsOf } from '../fakes/bot-connector-cards.ts';
import { openGithubTask, shown, teamsKey, useTeams } from '../fakes/bot-connector-harness.ts';
import { FakeClock, nextSweep, testPoller } from '../poller/fakes.ts';

const t = useTeams();
const sandbox = t.sandbox;
const sent = () => t.h.connector.calls.filter((c) => c.op === 'reply' || c.op === 'send');
const german = { locale: 'de-DE', localTimezone: 'Europe/Berlin' };
const japanese = { locale: 'ja-JP', localTimezone: 'Asia/Tokyo' };

type Json = Record<string, unknown>;
/** Every object in a card, depth first. */
function everything(value: unknown): Json[] {
  if (Array.isArray(value)) return value.flatMap(everything);
  if (!value || typeof value !== 'object') return [];
  return [value as Json, ...Object.values(value).flatMap(everything)];
}

/** What a screen reader needs of a card: spoken text, named buttons, described images. */
function accessibilityProblems(card: Json | undefined): string[] {
  if (!card) return ['no card'];
  const problems: string[] = [];
  if (typeof card.speak !== 'string' || !card.speak) problems.push('no speak');
  for (const part of everything(card)) {
    if (part.type === 'Image' && !part.altText) problems.push(`image without altText: ${part.url}`);
    const decides = part.verb === 'approve' || part.verb === 'decline';
    if (String(part.type).startsWith('Action.') && decides && !part.tooltip) {
      problems.push(`button without tooltip: ${part.title}`);
    }
  }
  return problems;
}

describe('a person whose Teams is in German (de-DE)', () => {
  it('gets `tasks` as a German card a screen reader can read', async () => {
    await t.h.post({ ...t.h.activities.message('ada', 'tasks'), ...german });
    const [reply] = sent();
    const [card] = cardsOf(reply!.activity!);
    expect(reply!.activity!.summary).toBe('Sie haben 3 offene Aufgaben');
    const text = shown(card);
    expect(text).toContain('Zugriffsantrag: GitHub (Write)');
    expect(text).toContain('"title":"Genehmigen"');
    expect(text).toMatch(/\d{1,2}\. [A-Z][a-z]{2}\.? 2026, \d{2}:\d{2} MEZ/);
    expect(accessibilityProblems(card)).toEqual([]);
    expect(card!.speak).toBe('Sie haben 3 offene Aufgaben');
    const tooltips = everything(card).flatMap((p) => (p.tooltip ? [String(p.tooltip)] : []));
    expect(tooltips).toContain('GitHub Write für Grace Hopper genehmigen');
  });

  it('approves from a card and sees the outcome in German', async () => {
    const id = openGithubTask(sandbox.current);
    await t.h.post({ ...t.h.activities.message('ada', 'tasks'), ...german });
    const action = { ...t.h.activities.cardAction('ada', 'approve', { value: id }), ...german };
    const answer = await t.h.post(action);
    expect(answer.status).toBe(200);
    const card = answer.body.value as Json;
    expect(shown(card)).toContain('Genehmigt von Ada Lovelace am');
    expect(accessibilityProblems(card)).toEqual([]);
  });

  it('reads members, history and what to type in German in a personal chat', async () => {
    const id = openGithubTask(sandbox.current);
    await t.h.post({ ...t.h.activities.message('ada', 'members engineering'), ...german });
    expect(sent()[0]?.activity?.summary).toMatch(/^Engineering — 6 Mitglieder: Ada Lovelace/);
    await t.h.post({ ...t.h.activities.message('ada', 'tasks'), ...german });
    expect(shown(cardsOf(sent()[1]!.activity!)[0])).toContain('"text":"decline 1 -- <Grund>"');
    await t.h.post({ ...t.h.activities.cardAction('ada', 'approve', { value: id }), ...german });
    t.h.connector.clear();
    await t.h.post({ ...t.h.activities.message('ada', 'history'), ...german });
    const history = shown(cardsOf(sent()[0]!.activity!)[0]);
    expect(history).toContain(
      `Genehmigt „Zugriffsantrag: GitHub (Read)“ (beantragt von Katherine Johnson), Aufgabe ${id.slice(0, 8)}`,
    );
    expect(history).not.toContain('Access request');
  });

  it('is told in German when a button names no task, whichever button it is', async () => {
    for (const verb of ['approve', 'looking']) {
      const action = { ...t.h.activities.cardAction('ada', verb, { value: 'x' }), ...german };
      const answer = await t.h.post(action);
      expect(answer.body, verb).toMatchObject({
        statusCode: 400,
        value: { message: 'Diese Schaltfläche nennt keine Aufgabe.' },
      });
    }
  });

  it('is told in German what it typed wrong', async () => {
    await t.h.post({ ...t.h.activities.message('ada', 'taks'), ...german });
    expect(sent()[0]?.activity?.text).toBe(
      'Den Befehl „taks“ kenne ich nicht. Meinten Sie `tasks`? Mit `help` sehen Sie, was ich kann.',
    );
  });
});

describe('what the poller pushes to a Teams person', () => {
  it('is in the language of their last activity, in their zone, and follows a change', async () => {
    await t.h.post({ ...t.h.activities.installation('ada'), ...japanese });
    expect(
      await t.h.teams.references.get({ kind: 'user', chatUserId: teamsKey('ada') }),
    ).toMatchObject(japanese);
    openGithubTask(sandbox.current);
    const clock = new FakeClock();
    const { poller } = testPoller({
      client: t.h.client,
      store: t.h.store,
      notifiers: [t.h.teams.notifier],
      clock,
    });
    await nextSweep(poller, clock);
    const all = sent().map((s) => s.activity!);
    // Her access review comes on its review card, in her language and on her calendar too.
    const review =
      /^AWS Console \(PowerUser\) のアクセスレビュー: 残り 1 人 — 1 件中 0 件レビュー済み、期限 2026年/;
    expect(all.filter((a) => review.test(a.summary ?? ''))).toHaveLength(1);
    const pushed = all.filter((a) => !review.test(a.summary ?? ''));
    expect(pushed.length).toBeGreaterThan(0);
    for (const activity of pushed) {
      expect(activity.summary).toMatch(/^あなたの決定を待つ新しいタスク: /);
      const [card] = cardsOf(activity);
      expect(shown(card)).toMatch(/2026年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2} JST/);
      expect(accessibilityProblems(card)).toEqual([]);
    }

    // Ada switches Teams to German: the next message she sends says so, and so do the next cards.
    await t.h.post({ ...t.h.activities.message('ada', 'help'), ...german });
    expect(
      await t.h.teams.references.get({ kind: 'user', chatUserId: teamsKey('ada') }),
    ).toMatchObject(german);
    t.h.connector.clear();
    openGithubTask(sandbox.current);
    await nextSweep(poller, clock);
    const later = sent().map((s) => s.activity!);
    expect(later.length).toBeGreaterThan(0);
    for (const activity of later) {
      expect(activity.summary).toMatch(/^Neue Aufgabe wartet auf Ihre Entscheidung: /);
    }
    await poller.stop();
  });
});
