/**
 * `&`, `<` and `>` over real Bolt and a fake Slack. What Slack sends — a slash command's text, an
 * option picked in the form — carries them as entities (`R&amp;D Portal`) and is read once, so a
 * person can request R&D Portal by typing its name, and a typed `<@U123>` is text. Every text
 * object the bot sends — the options it answers, the form it updates with the levels — carries
 * a hostile name with them as entities, escaped once.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { policies } from '../../src/sandbox/seed.ts';
import {
  slackBlockProblems,
  slackOptionsProblems,
  slackProblems,
} from '../fakes/hostile-checks.ts';
import { corpus, MARK } from '../fakes/hostile-corpus.ts';
import { checkAllPayloads, OptionsAnswer } from '../fakes/slack-blockkit.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';
import {
  selectPayload,
  sendCommand,
  sendInteraction,
  suggestionPayload,
} from '../fakes/slack-payloads.ts';

const slack = useSlackBot();
const fake = () => slack.fake;
const sandbox = () => slack.sandbox.current;

const rd = { id: randomUUID(), level: randomUUID() };
/** The corpus's applications: each named and described with one hostile text, as are its levels. */
const hostileApps = corpus.map(([name, text]) => ({ name, text, id: randomUUID() }));

beforeAll(() => {
  const { state } = sandbox();
  const add = (id: string, name: string, description: string, levels: [string, string][]) => {
    state.addWorkApp(
      { id, name, description },
      levels.map(([levelId, level]) => ({ id: levelId, name: level, description })),
      [],
    );
    state.assignPolicy(id, null, 'AccessRequest', policies.cloudOwners.id);
  };
  add(rd.id, 'R&D Portal', 'Research <and> development', [[rd.level, 'Member']]);
  for (const app of hostileApps) {
    add(app.id, app.text, app.text, [
      [randomUUID(), app.text],
      [randomUUID(), `${app.text} 2`],
    ]);
  }
});

/** `/access <text>` as Slack sends it (text already with entities); the answer. */
async function ask(text: string, user = 'U-GRACE') {
  const responseUrl = fake().responseUrl();
  const ack = await sendCommand(slack.bot.url, text, user, responseUrl);
  expect(ack.status).toBe(200);
  const body = await fake().waitFor(() => fake().respondedTo(responseUrl)[0]?.body);
  return body as { text: string; blocks: unknown[] };
}

const created = () =>
  sandbox().requests.filter((r) => r.method === 'POST' && r.path.endsWith('/WorkApps/Accesses'));

describe('typed text, as Slack sends it', () => {
  it('requests R&D Portal by its name, typed with an ampersand', async () => {
    const answer = await ask('request "R&amp;D Portal" -- for the quarterly review');
    expect(answer.text).toContain('Requested access to R&amp;D Portal (Member)');
    expect(JSON.stringify(answer)).not.toContain('&amp;amp;');
    expect(slackProblems(answer)).toEqual([]);
    expect(created()).toHaveLength(1);
    expect(JSON.parse(created()[0]!.body)).toMatchObject({
      workAppId: rd.id,
      permissionLevelId: rd.level,
      justification: 'for the quarterly review',
    });
  });

  it('keeps a typed <@U123> as text: named back escaped once, mentioning nobody', async () => {
    const answer = await ask('request &lt;@U123&gt; -- why');
    expect(answer.text).toContain('"&lt;@U123&gt;"');
    expect(JSON.stringify(answer)).not.toContain('&amp;lt;@U123');
    expect(slackProblems(answer)).toEqual([]);
    expect(created()).toHaveLength(0);
  });
});

describe('the request form over hostile names', () => {
  /** The form, opened by `/access request`. */
  async function openForm() {
    await sendCommand(slack.bot.url, 'request', 'U-GRACE', fake().responseUrl());
    const opened = await fake().waitFor(() => fake().callsOf('views.open')[0]);
    return { ...(opened.args.view as Record<string, unknown>), id: 'V-form' };
  }

  async function options(view: Record<string, unknown>, typed: string) {
    const payload = suggestionPayload(view, 'accessbot.request.app', 'U-GRACE', typed);
    const res = await sendInteraction(slack.bot.url, payload);
    return JSON.parse(res.body) as unknown;
  }

  it('answers the options search with every name as text, and reads a typed & once', async () => {
    const view = await openForm();
    const all = await options(view, '');
    expect(slackOptionsProblems(all)).toEqual([]);
    const texts = OptionsAnswer.parse(all).options.map((o) => o.text.text);
    expect(texts).toContain('R&amp;D Portal');
    expect(texts.join(' ')).toContain(MARK);
    const typed = OptionsAnswer.parse(await options(view, 'R&amp;D'));
    expect(typed.options.map((o) => o.text.text)).toEqual(['R&amp;D Portal']);
  });

  it.each(hostileApps.map((app) => [app.name, app] as const))(
    '%s: picked, the form shows its name and levels as text, escaped once',
    async (_name, app) => {
      const view = await openForm();
      const offered = OptionsAnswer.parse(await options(view, '')).options;
      // Slack sends the picked option back as it keeps it: the text the bot sent.
      const picked = offered.find((o) => o.value === app.id)!;
      await sendInteraction(
        slack.bot.url,
        selectPayload(view, 'accessbot.request.app', 'U-GRACE', picked),
      );
      const updated = await fake().waitFor(() => fake().callsOf('views.update')[0]);
      const blocks = (updated.args.view as { blocks: unknown[] }).blocks;
      expect(slackBlockProblems(blocks, 'form')).toEqual([]);
      // The picked application is shown as it was offered: escaped once, not once more.
      const [appInput] = blocks as { element: { initial_option: unknown } }[];
      expect(appInput!.element.initial_option).toEqual({ value: app.id, text: picked.text });
      // Its levels, named with the same text, are offered too.
      const levels = JSON.stringify(blocks.slice(1));
      if (picked.text.text.includes(MARK)) expect(levels).toContain(MARK);
      expect(checkAllPayloads(fake())).toBeGreaterThan(1);
    },
  );
});
