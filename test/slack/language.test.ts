/**
 * Slack in each person's language, over real HTTP with the Web API fake: Slack's `users.info`
 * (asked with `include_locale`, once for a person's language, zone and first e-mail) says Ada
 * reads German and Alan Japanese. Ada's slash commands, buttons, forms and the edited card are
 * German, dates in her zone; the card the poller pushes to Alan is Japanese; a channel reads
 * DEFAULT_LOCALE. Every button says what it does to what to a screen reader
 * (`accessibility_label`, within Slack's 75 characters), and every payload keeps Block Kit's
 * limits in the longer languages.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { tasks } from '../../src/sandbox/seed.ts';
import { checkAllPayloads } from '../fakes/slack-blockkit.ts';
import { post, signedHeaders } from '../fakes/slack-bot.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';
import {
  clickPayload,
  commandBody,
  sendCommand,
  sendInteraction,
  type Where,
} from '../fakes/slack-payloads.ts';
import { clientFor } from '../helpers/sandbox.ts';
import { FakeClock, nextSweep, testPoller } from '../poller/fakes.ts';

const slack = useSlackBot();
const fake = () => slack.fake;
const text = (value: unknown) => JSON.stringify(value);

interface Button {
  type: string;
  action_id: string;
  value: string;
  text: { text: string };
  accessibility_label?: string;
}
const buttonsIn = (blocks: unknown): Button[] =>
  JSON.stringify(blocks).includes('"button"')
    ? (blocks as { elements?: Button[] }[]).flatMap((b) =>
        (b.elements ?? []).filter((e) => e.type === 'button'),
      )
    : [];

async function ask(line: string, user: string) {
  const responseUrl = fake().responseUrl();
  await sendCommand(slack.bot.url, line, user, responseUrl);
  const body = await fake().waitFor(() => fake().respondedTo(responseUrl)[0]?.body);
  return { responseUrl, body: body as { text: string; blocks: unknown[] } };
}

afterEach(() => {
  expect(checkAllPayloads(fake())).toBeGreaterThanOrEqual(0);
});

describe('a person who reads German (de-DE) on Slack', () => {
  it('gets `tasks` in German, each button named for a screen reader', async () => {
    fake().locales.set('U-ADA', 'de-DE');
    const { body } = await ask('tasks', 'U-ADA');
    expect(body.text).toBe('Sie haben 3 offene Aufgaben');
    const shown = text(body.blocks);
    expect(shown).toContain('Zugriffsantrag: GitHub (Write)');
    expect(shown).toContain('Beantragt von');
    // Dates in her language and zone (Europe/London for the fake's Ada).
    expect(shown).toMatch(/\d{1,2}\. [A-Z][a-z]{2}\.? 2026, \d{2}:\d{2}/);
    const buttons = buttonsIn(body.blocks);
    expect(buttons.map((b) => b.text.text)).toEqual(
      expect.arrayContaining(['Genehmigen', 'Ablehnen', 'Alle 3 genehmigen']),
    );
    for (const b of buttons) {
      expect(b.accessibility_label, b.text.text).toBeDefined();
      expect(b.accessibility_label!.length).toBeLessThanOrEqual(75);
    }
    const github = buttons.find(
      (b) => b.value === tasks.adaGraceGithubWrite && b.text.text === 'Genehmigen',
    );
    expect(github?.accessibility_label).toBe('GitHub Write für Grace Hopper genehmigen');
    // One users.info call told her language, her zone and her e-mail address.
    expect(fake().callsOf('users.info')).toHaveLength(1);
    expect(fake().callsOf('users.info')[0]!.args.include_locale).toBe('true');
  });

  it('approves from the German card: the message is edited in German', async () => {
    fake().locales.set('U-ADA', 'de-DE');
    const { responseUrl, body } = await ask('tasks', 'U-ADA');
    const where: Where = { kind: 'ephemeral', responseUrl };
    const click = clickPayload(body.blocks, 'accessbot.approve', 'U-ADA', where);
    await sendInteraction(slack.bot.url, click);
    const answer = await fake().waitFor(() => fake().respondedTo(responseUrl)[1]?.body);
    const shown = text(answer);
    expect(shown).toMatch(/Sie haben „[^“]+“ genehmigt\./);
    expect(shown).toContain('Genehmigt von Ada Lovelace am');
  });

  it('opens the Decline form in German', async () => {
    fake().locales.set('U-ADA', 'de-DE');
    const { responseUrl, body } = await ask('tasks', 'U-ADA');
    const where: Where = { kind: 'ephemeral', responseUrl };
    await sendInteraction(
      slack.bot.url,
      clickPayload(body.blocks, 'accessbot.decline', 'U-ADA', where),
    );
    const opened = await fake().waitFor(() => fake().callsOf('views.open')[0]);
    const view = text(opened.args.view);
    expect(view).toContain('Aufgabe ablehnen');
    expect(view).toContain('Grund (optional)');
  });

  it('is told in German what is wrong with a line, and that commands stay English', async () => {
    fake().locales.set('U-ADA', 'de-DE');
    expect((await ask('aprove 1', 'U-ADA')).body.text).toContain(
      'Den Befehl „aprove“ kenne ich nicht. Meinten Sie `approve`?',
    );
    expect(text((await ask('help', 'U-ADA')).body.blocks)).toContain(
      'Befehle werden auf Englisch eingegeben, wie gezeigt.',
    );
  });

  it('reads `members` in the channel in DEFAULT_LOCALE, for everyone there', async () => {
    fake().locales.set('U-ADA', 'de-DE');
    const { body } = await ask('members engineering', 'U-ADA');
    expect(body.text).toMatch(/^Engineering — 6 members/);
  });

  it('reads `members` in German in a direct message with the app', async () => {
    fake().locales.set('U-ADA', 'de-DE');
    const responseUrl = fake().responseUrl();
    const body = commandBody('members engineering', 'U-ADA', responseUrl).replace(
      'channel_id=C-GENERAL',
      'channel_id=D-U-ADA',
    );
    await post(slack.bot.url, body, 'form', signedHeaders(body));
    const answer = await fake().waitFor(() => fake().respondedTo(responseUrl)[0]?.body);
    expect((answer as { text: string }).text).toMatch(/^Engineering — 6 Mitglieder/);
  });

  it('reads `history` in German: the task named from what was recorded, by its short id', async () => {
    fake().locales.set('U-ADA', 'de-DE');
    const { responseUrl, body } = await ask('tasks', 'U-ADA');
    // One list, one closing line of what to type, its placeholder in German.
    expect(text(body.blocks)).toContain('`decline 1 -- &lt;Grund&gt;`');
    const where: Where = { kind: 'ephemeral', responseUrl };
    const click = clickPayload(
      body.blocks,
      'accessbot.approve',
      'U-ADA',
      where,
      tasks.adaEdsgerOffboarding,
    );
    await sendInteraction(slack.bot.url, click);
    await fake().waitFor(() => fake().respondedTo(responseUrl)[1]?.body);
    const history = text((await ask('history', 'U-ADA')).body);
    expect(history).toContain(
      `Genehmigt „Offboarding: Revoke Edsger Dijkstra's GitHub access (last day: Friday)“ (beantragt von Ken Thompson), Aufgabe ${tasks.adaEdsgerOffboarding.slice(0, 8)}`,
    );
    expect(history).not.toMatch(/Approved|requested by|task \w/);
  });

  it('finds `report` among the commands `help` lists, and `group unbind`', async () => {
    fake().locales.set('U-ADA', 'de-DE');
    const help = text((await ask('help', 'U-ADA')).body.blocks);
    expect(help).toContain('group unbind — die Bindung wieder lösen');
    // The report's line is one of the list's, not after its closing note.
    expect(help.indexOf('report [Tage]')).toBeGreaterThan(-1);
    expect(help.indexOf('report [Tage]')).toBeLessThan(help.indexOf('Eine Aufgabe nennen Sie'));
  });
});

describe('a card the poller pushes to a person who reads Japanese (ja-JP)', () => {
  it('is Japanese, dated in their zone, its buttons named for a screen reader', async () => {
    fake().locales.set('U-ALAN', 'ja-JP');
    fake().timeZones.set('U-ALAN', 'Asia/Tokyo');
    const { store } = slack.bot;
    // Alan's first command links him; the poller then finds his tasks.
    await ask('tasks', 'U-ALAN');
    fake().messages.clear();
    const clock = new FakeClock();
    const { poller } = testPoller({
      client: clientFor(slack.sandbox.current),
      store,
      notifiers: [slack.bot.served.adapters[0]!.notifier],
      clock,
      rules: {
        channels: [{ platform: 'slack', channelId: 'C-LEADS' }],
        escalations: [],
        notifyOnly: [],
      },
    });
    await nextSweep(poller, clock);
    const posted = [...fake().messages.values()];
    const mine = posted.find((m) => m.channel === 'D-U-ALAN');
    expect(mine?.text).toMatch(/^あなたの決定を待つ新しいタスク: アクセス申請: GitHub \(Write\)/);
    const shown = text(mine?.blocks);
    expect(shown).toContain('申請者');
    expect(shown).toMatch(/2026年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2} JST/);
    const approve = buttonsIn(mine?.blocks).find((b) => b.action_id === 'accessbot.approve');
    expect(approve?.text.text).toBe('承認');
    expect(approve?.accessibility_label).toBe('Grace Hopper の GitHub Write を承認');
    // The channel the rules name reads DEFAULT_LOCALE.
    const channel = posted.find((m) => m.channel === 'C-LEADS');
    expect(channel?.text).toMatch(/^New task for its approvers: Access request: GitHub \(Write\)/);
    await poller.stop();
  });
});
