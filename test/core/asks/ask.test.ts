/**
 * Ask before deciding and Away, end to end on Slack, Teams and the terminal (the real adapters
 * over real HTTP, the real poller, the sandbox, one fake clock): Ada asks Grace about her GitHub
 * request from her card (Slack's form, Teams' field, the terminal's `ask`); Grace gets it once and
 * answers from it (Slack's form, Teams' field, `answer`), once; both show on Ada's and Alan's
 * cards and in `history`. Alan goes away (`away until`, or Slack's App Home switch): Ada hears it
 * once and her card says so, Grace's `requests` says who is away and who else can decide, and
 * `back` undoes it.
 */
import { describe, expect, it } from 'vitest';
import type { ChatActor } from '../../../src/core/identity.ts';
import { tasks, users } from '../../../src/sandbox/seed.ts';
import { slackUserOf } from '../../fakes/chat-drivers.ts';
import { checkAllPayloads } from '../../fakes/slack-blockkit.ts';
import {
  clickPayload,
  sendEvent,
  sendInteraction,
  submissionPayload,
} from '../../fakes/slack-payloads.ts';
import {
  eachWorld,
  type Person,
  type RequesterWorld,
  slackWorld,
  teamsWorld,
  terminalWorld,
} from '../../helpers/requester-world.ts';

const ADA_TASK = tasks.adaGraceGithubWrite;
const ALAN_TASK = tasks.alanGraceGithubWrite;
const QUESTION = 'Which repository do you need to push to?';
const ANSWER = 'The compiler repository, for the Q3 release.';
const QUESTION_ID = /"value":"([0-9a-f-]{36})"/;

/** How each platform asks, answers and goes away, as a person there does it. */
interface Driver {
  ask(who: Person, taskId: string, text: string): Promise<string>;
  /** Answers the question `who` was sent last, from its message. */
  answer(who: Person, text: string): Promise<string>;
  away(who: Person, day: string, note: string): Promise<string>;
  back(who: Person): Promise<string>;
  /** A typed command, as `who` types it there. */
  say(who: Person, text: string): Promise<string>;
}

type SlackWorld = Awaited<ReturnType<typeof slackWorld>>;
type TeamsWorld = Awaited<ReturnType<typeof teamsWorld>>;

function slackDriver(w: SlackWorld): Driver {
  const dm = (who: Person) =>
    [...w.fake.messages.values()].filter((m) => m.channel === `D-${slackUserOf(who)}`);
  /** Clicks `actionId` in `who`'s message that has it, fills the form it opens, submits it. */
  const viaForm = async (
    who: Person,
    actionId: string,
    values: Record<string, unknown>,
    about = '',
  ) => {
    const message = dm(who).findLast((m) => {
      const blocks = JSON.stringify(m.blocks);
      return blocks.includes(`"${actionId}"`) && blocks.includes(about);
    });
    if (!message) throw new Error(`${who} has no message with ${actionId}`);
    const responseUrl = w.fake.responseUrl();
    const opened = w.fake.callsOf('views.open').length;
    const where = {
      kind: 'message' as const,
      channel: message.channel,
      ts: message.ts,
      responseUrl,
    };
    await sendInteraction(w.url, clickPayload(message.blocks, actionId, slackUserOf(who), where));
    const call = await w.fake.waitFor(() => w.fake.callsOf('views.open')[opened]);
    const view = { ...(call.args.view as Record<string, unknown>), id: `V-${opened}` };
    await sendInteraction(w.url, submissionPayload(view, slackUserOf(who), values));
    return JSON.stringify(await w.fake.waitFor(() => w.fake.respondedTo(responseUrl)[0]?.body));
  };
  /** Opens App Home and clicks `actionId` there; the tab as it is published next. */
  const fromHome = async (who: Person, actionId: string, values?: Record<string, unknown>) => {
    const user = slackUserOf(who);
    const published = () => w.fake.callsOf('views.publish').filter((c) => c.args.user_id === user);
    const before = published().length;
    await sendEvent(w.url, { type: 'app_home_opened', user, channel: `D-${user}`, tab: 'home' });
    const home = (await w.fake.waitFor(() => published()[before]))!.args.view as {
      blocks: unknown[];
    };
    const opened = w.fake.callsOf('views.open').length;
    await sendInteraction(
      w.url,
      clickPayload(home.blocks, actionId, user, { kind: 'home', viewId: 'V-HOME' }),
    );
    if (values) {
      const call = await w.fake.waitFor(() => w.fake.callsOf('views.open')[opened]);
      const view = { ...(call.args.view as Record<string, unknown>), id: 'V-AWAY' };
      await sendInteraction(w.url, submissionPayload(view, user, values));
    }
    return JSON.stringify((await w.fake.waitFor(() => published()[before + 1]))!.args.view);
  };
  return {
    ask: (who, taskId, text) =>
      viaForm(
        who,
        'accessbot.ask',
        { question: { 'accessbot.ask.text': { type: 'plain_text_input', value: text } } },
        taskId,
      ),
    answer: (who, text) =>
      viaForm(who, 'accessbot.answer', {
        answer: { 'accessbot.answer.text': { type: 'plain_text_input', value: text } },
      }),
    away: (who, day, note) =>
      fromHome(who, 'accessbot.away', {
        day: { 'accessbot.away.day': { type: 'datepicker', selected_date: day } },
        note: { 'accessbot.away.note': { type: 'plain_text_input', value: note } },
      }),
    back: (who) => fromHome(who, 'accessbot.back'),
    say: (who, text) => w.say(who, text),
  };
}

function teamsDriver(w: TeamsWorld): Driver {
  const act = async (who: Person, verb: string, data: Record<string, unknown>) =>
    JSON.stringify((await w.h.post(w.h.activities.cardAction(who, verb, data))).body);
  return {
    ask: (who, taskId, text) => act(who, 'ask', { value: taskId, [`question-${taskId}`]: text }),
    answer: async (who, text) => {
      const asked = w.messages(who).findLast((m) => m.includes('"verb":"answer"'))!;
      const id = QUESTION_ID.exec(asked.slice(asked.indexOf('"verb":"answer"')))![1]!;
      return act(who, 'answer', { value: id, [`answer-${id}`]: text });
    },
    away: (who, day, note) => w.say(who, `away until ${day} -- ${note}`),
    back: (who) => w.say(who, 'back'),
    say: (who, text) => w.say(who, text),
  };
}

/** The terminal is Ada's; the others act through the same core as their own terminal would. */
function terminalDriver(w: RequesterWorld): Driver {
  const bot = w.bot();
  const elsewhere = async (who: Person, text: string) => {
    const actor: ChatActor = {
      platform: 'shell',
      chatUserId: users[who].email,
      email: async () => users[who].email,
    };
    return JSON.stringify(await bot.handle(actor, text));
  };
  const as = (who: Person, text: string) =>
    who === 'ada' ? w.say(who, text) : elsewhere(who, text);
  return {
    ask: (who, taskId, text) => as(who, `ask ${taskId.slice(0, 8)} -- ${text}`),
    answer: async (who, text) => {
      const asked = w.messages(who).findLast((m) => m.includes('answer '))!;
      const code = /answer ([0-9a-f]{8}) --/.exec(asked)![1]!;
      return as(who, `answer ${code} -- ${text}`);
    },
    away: (who, day, note) => as(who, `away until ${day} -- ${note}`),
    back: (who) => as(who, 'back'),
    say: as,
  };
}

const platforms: Array<[string, () => Promise<[RequesterWorld, Driver]>]> = [
  ['Slack', async () => slackWorld().then((w) => [w, slackDriver(w)])],
  ['Teams', async () => teamsWorld().then((w) => [w, teamsDriver(w)])],
  [
    'the terminal',
    async () => terminalWorld({ typist: 'ada' }).then((w) => [w, terminalDriver(w)]),
  ],
];

/** `who`'s card of `taskId` as it now stands, once `probe` accepts it. */
const cardOf = (w: RequesterWorld, who: Person, taskId: string, probe: (m: string) => boolean) =>
  w.waitFor(who, (m) => m.includes(taskId) && m.includes('Requested by') && probe(m));

describe.each(platforms)('on %s', (_name, start) => {
  let world: [RequesterWorld, Driver] | undefined;
  const started = eachWorld(async () => {
    world = await start();
    return world[0];
  });
  const withCards = async () => {
    const w = await started();
    await w.sweep();
    await cardOf(w, 'alan', ALAN_TASK, () => true);
    return [w, world![1]] as const;
  };

  it('asks the requester once, takes one answer, and shows both on every approver’s card', async () => {
    const [w, d] = await withCards();
    expect(await d.ask('ada', ADA_TASK, QUESTION)).toContain(`Asked Grace Hopper`);
    const asked = await w.waitFor('grace', (m) => m.includes('A question from Ada Lovelace'));
    expect(asked).toContain(QUESTION);
    const code = /answer ([0-9a-f]{8}) --/.exec(asked)![1]!;
    await cardOf(w, 'alan', ALAN_TASK, (m) => m.includes('Ada Lovelace asked Grace Hopper'));
    expect(await d.answer('grace', ANSWER)).toContain('Sent your answer to Ada Lovelace');
    const answered = await w.waitFor('grace', (m) => m.includes('You answered Ada Lovelace'));
    expect(answered).not.toMatch(/accessbot\.answer|"verb":"answer"|answer [0-9a-f]{8} --/);
    await w.waitFor('ada', (m) => m.includes('Grace Hopper answered'));
    const shown = await cardOf(w, 'alan', ALAN_TASK, (m) => m.includes(ANSWER));
    expect(shown).toContain(QUESTION);
    // One message of the question, now showing its answer.
    expect(w.messages('grace').filter((m) => m.includes(QUESTION))).toHaveLength(1);
    expect(await d.say('grace', `answer ${code} -- Something else`)).toContain(
      'You answered that question already',
    );
    const history = await d.say('grace', 'history');
    expect(history).toContain('Ada Lovelace asked you about');
    expect(history).toContain('Answered the question of Ada Lovelace');
    if ('fake' in w) expect(checkAllPayloads(w.fake as SlackWorld['fake'])).toBeGreaterThan(5);
    if ('h' in w) expect((w.h as TeamsWorld['h']).cardIssues()).toEqual([]);
    expect(w.messages('ada').filter((m) => m.includes('Grace Hopper answered'))).toHaveLength(1);
  });

  it('tells the other approver once that one is away, and who else can decide', async () => {
    const [w, d] = await withCards();
    expect(await d.away('alan', '2026-11-29', 'At a conference')).toContain(
      'You are away until Sun, Nov 29, 2026',
    );
    await w.sweep();
    await w.sweep();
    const away = 'Alan Turing is away until Sun, Nov 29, 2026';
    await w.waitFor('ada', (m) => m.includes('waits for your decision too'));
    await cardOf(w, 'ada', ADA_TASK, (m) => m.includes(away) && !m.includes('waits for your'));
    expect(
      w
        .messages('ada')
        .filter((m) => m.includes(`${away} — `) && m.includes('waits for your decision too')),
    ).toHaveLength(1);
    expect(await d.say('grace', 'requests')).toContain(
      'Away: Alan Turing until Sun, Nov 29, 2026. Ada Lovelace can decide it too.',
    );
    expect(await d.back('alan')).toContain('Welcome back');
    await w.sweep();
    await cardOf(w, 'ada', ADA_TASK, (m) => !m.includes(away) && m.includes('Grace Hopper'));
    if ('fake' in w) expect(checkAllPayloads(w.fake as SlackWorld['fake'])).toBeGreaterThan(5);
    if ('h' in w) expect((w.h as TeamsWorld['h']).cardIssues()).toEqual([]);
  });
});
