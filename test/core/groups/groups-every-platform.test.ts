/**
 * Group membership from chat holds the same on Slack, Teams and the terminal: each scenario runs
 * through each real adapter (Slack and Teams over real HTTP, the terminal over streams) against
 * one sandbox — the refusal, the confirmation card and its Confirm (once, however often clicked),
 * Cancel, a forged click, a stale card, the note to the person added, channel bindings, history.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccessBot } from '../../../src/core/bot.ts';
import { groups, users } from '../../../src/sandbox/seed.ts';
import { openStore } from '../../../src/store/open.ts';
import { shown } from '../../fakes/bot-connector-harness.ts';
import { slackAnswer, slackSay, teamsSay } from '../../fakes/chat-drivers.ts';
import { clickPayload, sendEvent, sendInteraction } from '../../fakes/slack-payloads.ts';
import { captureLog } from '../../helpers/bot.ts';
import { type ChatPlatforms, startChatPlatforms } from '../../helpers/every-platform.ts';
import { RULES } from '../../helpers/group-bot.ts';
import { outboxNotices } from '../../helpers/outbox-notices.ts';
import { useSandbox } from '../../helpers/sandbox.ts';
import { openTerminalChat, type TerminalChat } from '../../helpers/terminal-chat.ts';

const sandbox = useSandbox({ pageSize: 2 });
type Person =
  | 'ada'
  | 'grace'
  | 'katherine'
  | 'margaret'
  | 'edsger'
  | 'dennis'
  | 'barbara'
  | 'tim'
  | 'ken';
type Verb = 'confirm' | 'cancel';

const RULES_ENV = {
  GROUP_ADMINS_GROUP: 'Security',
  GROUP_MANAGERS: 'Design=margaret.hamilton@example.com',
  AUDITORS_GROUP: 'Finance',
};

/** One platform as people use it; `card` is a confirmation card as the platform showed it. */
interface Platform {
  name: string;
  /** Who is added and removed on this platform (each platform its own, one sandbox). */
  target: Person;
  say(who: Person, text: string, inChannel?: boolean): Promise<string>;
  click(who: Person, verb: Verb, card: string): Promise<string>;
  advance(ms: number): void;
  /** Direct messages the platform delivered to `who` so far. */
  dmsTo(who: Person): string;
}

let slack: ChatPlatforms['slack'];
let teams: ChatPlatforms['teams'];
const slackClock = { skewMs: 0 };
const slackUser = (who: Person) => `U-${who.toUpperCase()}`;

function slackPlatform(): Platform {
  const answer = (responseUrl: string) => slackAnswer(slack.fake, responseUrl);
  return {
    name: 'Slack',
    target: 'edsger',
    say: (who, text) => slackSay(slack.fake, slack.bot.url, who, text),
    async click(who, verb, card) {
      const { blocks } = JSON.parse(card) as { blocks: unknown[] };
      const responseUrl = slack.fake.responseUrl();
      const actionId = verb === 'confirm' ? 'accessbot.change.confirm' : 'accessbot.change.cancel';
      await sendInteraction(
        slack.bot.url,
        clickPayload(blocks, actionId, slackUser(who), { kind: 'ephemeral', responseUrl }),
      );
      return answer(responseUrl);
    },
    advance: (ms) => {
      slackClock.skewMs += ms;
    },
    dmsTo: (who) =>
      JSON.stringify(
        slack.fake
          .callsOf('chat.postMessage')
          .filter((c) => String(c.args.channel).includes(slackUser(who))),
      ),
  };
}

/** The Action.Execute of `verb` anywhere in what Teams was sent or answered. */
function teamsAction(json: unknown, verb: string): Record<string, unknown> | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const node = json as Record<string, unknown>;
  if (node.type === 'Action.Execute' && node.verb === verb) return node;
  for (const value of Object.values(node)) {
    const found = teamsAction(value, verb);
    if (found) return found;
  }
  return undefined;
}

function teamsPlatform(): Platform {
  return {
    name: 'Teams',
    target: 'dennis',
    say: (who, text, inChannel) => teamsSay(teams, who, text, inChannel),
    async click(who, verb, card) {
      const action = teamsAction(JSON.parse(card), `${verb}Change`);
      if (!action) throw new Error(`no ${verb} button on ${card.slice(0, 200)}`);
      const data = action.data as Record<string, unknown>;
      const res = await teams.post(teams.activities.cardAction(who, `${verb}Change`, data));
      return shown(res.body);
    },
    advance: (ms) => {
      teams.time.skewMs += ms;
    },
    dmsTo: (who) =>
      shown(
        teams.connector.calls
          .filter((c) => c.op !== 'update' && c.conversationId === `a:personal-${who}`)
          .map((c) => c.activity),
      ),
  };
}

/** Each person's terminal chat, all on one bot (one store), as replicas of one accessbot. */
async function terminals() {
  const store = await openStore('sqlite::memory:');
  const { log } = captureLog();
  const clock = { skewMs: 0 };
  const { notices, register } = outboxNotices(store, log);
  const bot = new AccessBot({
    client: sandbox.client,
    store,
    log,
    pendingStatus: 'Pending',
    groups: RULES,
    notices,
    now: () => new Date(Date.now() + clock.skewMs),
  });
  const open = (who: Person) =>
    openTerminalChat({
      bot,
      email: users[who].email,
      // Barbara's terminal is where she is told about changes to her groups.
      startNotifications: async (notifier) => {
        if (who === 'barbara') register(notifier);
        return { stop: async () => {} };
      },
    });
  const people = {} as Record<Person, TerminalChat>;
  for (const who of ['ada', 'grace', 'katherine', 'margaret', 'barbara', 'ken'] as const) {
    people[who] = await open(who);
  }
  return { people, clock, close: () => Promise.all(Object.values(people).map((p) => p.stop())) };
}

/** The terminal has no buttons: a click is typing what the card says to type. */
function terminalPlatform(t: Awaited<ReturnType<typeof terminals>>): Platform {
  return {
    name: 'terminal',
    target: 'barbara',
    say: (who, text) => t.people[who as keyof typeof t.people].ask(text),
    click: (who, verb, card) => {
      const id = /confirm ([a-z2-9]{8})/.exec(card)?.[1];
      if (!id) throw new Error(`no id on the card: ${card}`);
      return t.people[who as keyof typeof t.people].ask(`${verb} ${id}`);
    },
    advance: (ms) => {
      t.clock.skewMs += ms;
    },
    dmsTo: (who) => t.people[who as keyof typeof t.people]?.seen() ?? '',
  };
}

let shell: Awaited<ReturnType<typeof terminals>>;
let platforms: Platform[];

let chats: ChatPlatforms;

beforeAll(async () => {
  chats = await startChatPlatforms(sandbox.current, RULES_ENV, {
    slackBot: { now: () => new Date(Date.now() + slackClock.skewMs) },
  });
  ({ slack, teams } = chats);
  shell = await terminals();
  platforms = [slackPlatform(), teamsPlatform(), terminalPlatform(shell)];
});

afterAll(async () => {
  await shell?.close();
  await chats?.close();
});

afterEach(() => chats.checkPayloads());

beforeEach(() => chats.reset());

const inDesign = (who: Person) =>
  sandbox.current.state.group(groups.design.id).memberIds.has(users[who].id);
const designPosts = () =>
  sandbox.current.requests.filter(
    (r) => r.method === 'POST' && r.path.endsWith(`/UsersGroups/${groups.design.id}/Users`),
  ).length;

describe.each([0, 1, 2])('group changes on every platform (%#: Slack, Teams, terminal)', (i) => {
  const p = () => platforms[i]!;
  const email = () => users[p().target].email;
  const name = () => users[p().target].displayName;

  it('refuses someone who may not manage the group, saying why, and changes nothing', async () => {
    const said = await p().say('grace', `group add Design ${email()}`);
    expect(said).toContain('You may not change the members of Design');
    expect(said).not.toContain('Confirm');
    expect(inDesign(p().target)).toBe(false);
  });

  it('adds on Confirm, once however often it is clicked, and tells the person added', async () => {
    await p().say(p().target, 'tasks'); // the person is linked on this platform
    const card = await p().say('ada', `group add Design ${email()}`);
    expect(card).toContain(`Add ${name()} to Design?`);
    expect(card).toMatch(/cancel/i);
    expect(inDesign(p().target)).toBe(false);
    const before = designPosts();
    const done = await p().click('ada', 'confirm', card);
    expect(done).toContain(`${name()} is now a member of Design.`);
    expect(inDesign(p().target)).toBe(true);
    expect(p().dmsTo(p().target)).toContain('Ada Lovelace added you to the group Design');
    const twice = await p().click('ada', 'confirm', card);
    expect(twice).toContain('nothing was done twice');
    expect(designPosts() - before).toBe(1);
  });

  it('refuses a forged click from someone else, and Cancel leaves everything as it was', async () => {
    const card = await p().say('ada', `group remove Design ${email()}`);
    expect(card).toContain(`Remove ${name()} from Design?`);
    const forged = await p().click('grace', 'confirm', card);
    expect(forged).toContain('Only the person who asked for this change');
    expect(inDesign(p().target)).toBe(true);
    const cancelled = await p().click('ada', 'cancel', card);
    expect(cancelled).toContain(`Cancelled: I did not remove ${name()} from Design.`);
    expect(inDesign(p().target)).toBe(true);
  });

  it('adds to the admins group only on the word of a second admin', async () => {
    const security = sandbox.current.state.group(groups.security.id).memberIds;
    const card = await p().say('ada', `group add Security ${email()}`);
    expect(card).toContain('not the person added');
    const id = /confirm ([a-z2-9]{8})/.exec(card)?.[1];
    expect(await p().say('ada', `confirm ${id}`)).toContain('takes a second admin');
    expect(security.has(users[p().target].id)).toBe(false);
    expect(await p().say('ken', `confirm ${id}`)).toContain(
      `${name()} is now a member of Security.`,
    );
    expect(security.has(users[p().target].id)).toBe(true);
    security.delete(users[p().target].id);
  });

  it('says a stale card expired, clicked or typed, and a code that names nothing, and changes nothing', async () => {
    const card = await p().say('ada', `group remove Design ${email()}`);
    const typed = /confirm ([a-z2-9]{8})/.exec(
      await p().say('ada', `group remove Design ${email()}`),
    );
    p().advance(16 * 60_000);
    const stale = await p().click('ada', 'confirm', card);
    expect(stale).toContain('This confirmation expired');
    expect(await p().say('ada', `confirm ${typed?.[1]}`)).toContain('This confirmation expired');
    expect(await p().say('ada', 'confirm zzzzzzzz')).toContain(
      'Nothing is waiting for your confirmation under the code zzzzzzzz',
    );
    expect(inDesign(p().target)).toBe(true);
  });

  it('shows history: a person their own, others only to auditors', async () => {
    expect(await p().say('ada', 'history')).toContain(`Add ${name()} to Design: done`);
    expect(await p().say('grace', 'history all')).toContain('Only auditors may read');
    const audit = await p().say('katherine', `history ${users.ada.email}`);
    expect(audit).toContain('Recent actions by Ada Lovelace');
    expect(audit).toContain(`Remove ${name()} from Design: cancelled`);
  });

  it('answers `members` alone in a channel bound by a manager of the group', async () => {
    const bound = await p().say('margaret', 'group bind Design', true);
    if (p().name === 'terminal') {
      expect(bound).toContain('Binding is for channels');
      return;
    }
    expect(bound).toContain('bound this channel to Design');
    const members = await p().say('grace', 'members', true);
    expect(members).toContain('Margaret Hamilton');
    expect(members).toContain(name());
    expect(await p().say('margaret', 'group unbind', true)).toContain('no longer bound');
  });
});

describe('a person named by a chat mention', () => {
  it('on Slack, `<@U…>` as Slack escapes it, names that Slack user', async () => {
    const card = await platforms[0]!.say('ada', 'group remove Design <@U-TIM|tim>');
    expect(card).toContain('Remove Tim Berners-Lee from Design?');
    expect(await platforms[0]!.click('ada', 'cancel', card)).toContain('Cancelled');
  });

  it('on Teams, an @mention in a channel names that Teams user, and the bot’s own is dropped', async () => {
    const message = teams.activities.message('ada', 'group remove Design', 'channel') as {
      text: string;
      entities: object[];
    };
    const tim = {
      type: 'mention',
      text: '<at>Tim Berners-Lee</at>',
      mentioned: { id: '29:tim', name: 'Tim Berners-Lee' },
    };
    const before = teams.connector.calls.length;
    await teams.post({
      ...message,
      text: `${message.text} ${tim.text}`,
      entities: [...message.entities, tim],
    });
    const card = shown(teams.connector.calls.slice(before).map((c) => c.activity));
    expect(card).toContain('Remove Tim Berners-Lee from Design?');
    expect(await platforms[1]!.click('ada', 'cancel', card)).toContain('Cancelled');
    expect(inDesign('tim')).toBe(true);
  });
});

describe('Slack App Home', () => {
  it('lists group changes among the recent actions, and the changes made to the person', async () => {
    for (const user of ['U-ADA', 'U-EDSGER']) {
      await sendEvent(slack.bot.url, {
        type: 'app_home_opened',
        user,
        channel: `D-${user}`,
        tab: 'home',
        event_ts: '1.2',
      });
    }
    const views = await slack.fake.waitFor(() => {
      const published = slack.fake.callsOf('views.publish');
      return published.length === 2 ? published : undefined;
    });
    const home = (user: string) =>
      JSON.stringify(views.find((v) => v.args.user_id === user)?.args.view);
    expect(home('U-ADA')).toContain('Your recent actions');
    expect(home('U-ADA')).toContain('Add Edsger Dijkstra to Design: done');
    expect(home('U-EDSGER')).toContain('Added you to Design (by Ada Lovelace)');
  });
});
