/**
 * Access reviews from chat hold the same on Slack, Teams and the terminal (each real adapter,
 * Slack and Teams over real HTTP, against one sandbox): `reviews` groups a reviewer's pending
 * reviews per application and level; `review <group>` shows a row per person, ten a page, with
 * Keep and Revoke that decide the review task itself; "everyone left" asks first, naming the
 * count and the people, then decides each once — a review decided elsewhere meanwhile is left as
 * it is, a service failing mid-batch is told as it is, and hostile names stay text.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/app/config.ts';
import { decisionContext } from '../../../src/app/runtime.ts';
import { users, workApps } from '../../../src/sandbox/seed.ts';
import { confirmationCodeOn } from '../../fakes/chat-drivers.ts';
import { hostile, MARK } from '../../fakes/hostile-corpus.ts';
import { botFor, captureLog } from '../../helpers/bot.ts';
import { type ChatPlatforms, startChatPlatforms } from '../../helpers/every-platform.ts';
import { type ReviewPlatform, reviewPlatforms } from '../../helpers/review-platforms.ts';
import { useSandbox } from '../../helpers/sandbox.ts';
import { openTerminalChat, type TerminalChat } from '../../helpers/terminal-chat.ts';

const sandbox = useSandbox({ pageSize: 100 });
const { github } = workApps;
const ada = users.ada;

/** What a platform showed, as text: JSON's escaped quotes are quotes again. */
const said = (text: string) => text.replaceAll('\\"', '"');

/** Every Slack mrkdwn text in what was shown: where a `<!channel>` would ping. */
function markup(shownText: string): string {
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (o.type === 'mrkdwn' && typeof o.text === 'string') texts.push(o.text);
    for (const value of Object.values(o)) walk(value);
  };
  try {
    walk(JSON.parse(shownText));
  } catch {
    // Not Slack's JSON (the terminal, or a Teams card): nothing there is Slack markup.
  }
  return texts.join('\n');
}

let chats: ChatPlatforms;
let terminal: TerminalChat;
let platforms: ReviewPlatform[];

const codeOn = confirmationCodeOn;

beforeAll(async () => {
  chats = await startChatPlatforms(sandbox.current, {});
  const config = loadConfig({ ACCESS_API_URL: 'sandbox' });
  // Sensitive applications (AWS) are confirmed here as on Slack and Teams.
  const { bot } = await botFor(sandbox.client, (store) => ({
    context: decisionContext(config, { client: sandbox.client, store, log: captureLog().log }),
  }));
  terminal = await openTerminalChat({ bot, email: ada.email });
  platforms = reviewPlatforms(chats, terminal);
});

afterAll(async () => {
  await terminal?.stop();
  await chats?.close();
});

afterEach(() => chats.checkPayloads());

/** Ada's GitHub Write reviews, made fresh for each test: `names[i]` is reviewed by task `ids[i]`. */
let ids: string[];
beforeEach(() => {
  chats.reset();
  sandbox.current.requests.length = 0;
  const state = sandbox.current.state;
  // Nothing of an earlier test still waits for Ada, but the seeded AWS review.
  for (const task of state.tasksFor(ada.id, 'Pending')) {
    if (task.target?.workAppId === github.id) state.decideTask(task.id, 'Approved', ada.id);
  }
  ids = [];
});

function reviewsOf(names: readonly string[]): string[] {
  const state = sandbox.current.state;
  for (const name of names) {
    const id = randomUUID();
    state.addUser({ id, email: `${id}@example.com`, displayName: name, jobTitle: 'Engineer' });
    const access = state.grantAccess({
      workAppId: github.id,
      userId: id,
      permissionLevelId: github.levels.write.id,
    });
    const [task] = state.createEntitlementReview({
      accessId: access.id,
      requestedBy: users.radia.id,
    });
    ids.push(task!.id);
  }
  return ids;
}

const statusOf = (taskId: string) => sandbox.current.state.task(taskId).status;
const decisions = (kind: 'Approve' | 'Decline') =>
  sandbox.current.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/${kind}`));

describe.each(['Slack', 'Teams', 'terminal'])('on %s', (name) => {
  const platform = () => platforms.find((p) => p.name === name)!;

  it('lists the reviews grouped per application and level, and keeps one from its row', async () => {
    reviewsOf(['Alan Kay', 'Barbara Liskov', 'Donald Knuth']);
    const list = said(await platform().say('reviews'));
    expect(list).toContain('GitHub (Write): 3 to review, oldest since');
    expect(list).toContain('AWS Console (PowerUser): 1 to review');
    expect(list.indexOf('AWS Console')).toBeLessThan(list.indexOf('GitHub'));

    const group = said(await platform().say('review GitHub'));
    for (const person of ['Alan Kay', 'Barbara Liskov', 'Donald Knuth'])
      expect(group).toContain(person);
    expect(group).toContain('review 2 keep all');
    await platform().keep(group, ids[1]!);
    expect(statusOf(ids[1]!)).toBe('Approved');
    expect(statusOf(ids[0]!)).toBe('Pending');
    expect(said(await platform().say('review 2'))).toContain('GitHub (Write): 2 to review');

    // Decided elsewhere since the page was shown: its Keep tells so (typed, its id no longer
    // names a pending task), and decides nothing.
    sandbox.current.state.decideTask(ids[0]!, 'Declined', users.radia.id);
    expect(said(await platform().keep(group, ids[0]!))).toMatch(
      name === 'terminal'
        ? /None of your pending tasks has an id starting with/
        : /already decided/,
    );
    expect(statusOf(ids[0]!)).toBe('Declined');
    expect(decisions('Approve')).toHaveLength(1);
  });

  it('says on a row which of the person’s groups give the access by default', async () => {
    reviewsOf(['Alan Kay']);
    const state = sandbox.current.state;
    // Dennis is in Engineering, whose members get GitHub by default.
    const access = state.grantAccess({
      workAppId: github.id,
      userId: users.dennis.id,
      permissionLevelId: github.levels.write.id,
    });
    const [task] = state.createEntitlementReview({
      accessId: access.id,
      requestedBy: users.radia.id,
    });
    ids.push(task!.id);
    const group = said(await platform().say('review GitHub'));
    expect(group).toMatch(/Dennis Ritchie[^"\n]*by default through Engineering/);
    expect(group).not.toMatch(/Alan Kay[^"\n]*by default/);
  });

  it('keeps everyone left once confirmed, leaving alone a review decided elsewhere meanwhile', async () => {
    reviewsOf(['Alan Kay', 'Barbara Liskov', 'Donald Knuth']);
    const ask = said(await platform().say('review GitHub keep all'));
    expect(ask).toContain('3 people');
    for (const person of ['Alan Kay', 'Barbara Liskov', 'Donald Knuth'])
      expect(ask).toContain(person);
    expect(decisions('Approve')).toHaveLength(0);

    sandbox.current.state.decideTask(ids[0]!, 'Declined', users.radia.id);
    const done = said(await platform().confirm(ask));
    expect(done).toContain('Kept 2 of 3 people');
    expect(done).toMatch(/Alan Kay[^;]*already decided elsewhere/);
    expect(statusOf(ids[0]!)).toBe('Declined');
    expect(statusOf(ids[1]!)).toBe('Approved');
    expect(statusOf(ids[2]!)).toBe('Approved');
    expect(decisions('Approve')).toHaveLength(2);

    // The same confirmation again decides nothing.
    expect(said(await terminal.ask(`confirm ${codeOn(ask)}`))).not.toContain('Kept');
    expect(decisions('Approve')).toHaveLength(2);
  });

  it('revokes everyone left with one reason, and says truthfully where the service failed', async () => {
    reviewsOf(['Alan Kay', 'Barbara Liskov', 'Donald Knuth']);
    expect(said(await platform().say('review GitHub revoke all'))).toContain(
      'review 2 revoke all --',
    );
    expect(decisions('Decline')).toHaveLength(0);
    const reason = `left the team <!channel> ${MARK}`;
    const rawAsk = await platform().say(`review GitHub revoke all -- ${reason}`);
    const ask = said(rawAsk);
    expect(ask).toContain('left the team');
    expect(markup(rawAsk)).not.toMatch(/<[!@]/);
    sandbox.current.faults.failWhere(
      (method, path) => method === 'POST' && path.endsWith(`${ids[1]}/Decline`),
    );
    const done = said(await platform().confirm(ask));
    expect(done).toContain('Revoked 1 of 3 people');
    expect(done).toMatch(/Alan Kay[^;]*revoked/);
    expect(done).toMatch(/Barbara Liskov[^;]*not decided/);
    expect(done).toMatch(/Donald Knuth[^;]*not decided: stopped/);
    expect(statusOf(ids[0]!)).toBe('Declined');
    expect(sandbox.current.state.task(ids[0]!).metadata?.reason).toBe(reason);
    expect(statusOf(ids[1]!)).toBe('Pending');
    expect(statusOf(ids[2]!)).toBe('Pending');
  });

  it('keeps or revokes everyone left from the page itself, confirmed first', async () => {
    reviewsOf(['Alan Kay', 'Barbara Liskov']);
    const page = await platform().say('review 2');
    const keepAsk = said(await platform().everyone(page, 'keep'));
    expect(keepAsk).toContain('2 people');
    expect(keepAsk).toContain('Barbara Liskov');
    expect(decisions('Approve')).toHaveLength(0);
    expect(said(await platform().confirm(keepAsk))).toContain('Kept 2 of 2 people');
    expect(statusOf(ids[0]!)).toBe('Approved');

    reviewsOf(['Donald Knuth']);
    const again = await platform().say('review 2');
    const revokeAsk = said(await platform().everyone(again, 'revoke', 'moved teams'));
    expect(revokeAsk).toContain('1 person');
    expect(revokeAsk).toContain('moved teams');
    expect(said(await platform().confirm(revokeAsk))).toContain('Revoked 1 of 1 person');
    expect(sandbox.current.state.task(ids[2]!).metadata?.reason).toBe('moved teams');
  });

  it('pages a large group within the platform limits, hostile names shown as text', async () => {
    const names = Array.from({ length: 23 }, (_, i) =>
      i < 3 ? Object.values(hostile)[i]! : `Person ${String(i).padStart(2, '0')}`,
    );
    reviewsOf(names);
    const raw = await platform().say('review 2');
    const first = said(raw);
    expect(first).toContain('page 1 of 3');
    expect(first).toContain('13 more people');
    expect(first).toContain('review 2 page 2');
    expect(markup(raw)).not.toMatch(/<[!@]/);
    const rawLast = await platform().say('review 2 page 3');
    const last = said(rawLast);
    expect(last).toContain('page 3 of 3');
    expect(last).not.toContain('more people');
    expect(markup(rawLast)).not.toMatch(/<[!@]/);
    if (name === 'Slack') expect(markup(raw)).toContain('&lt;!channel&gt;');
    expect(first + last).toContain(MARK);
  });

  it('pages 300 people and keeps everyone left in one confirmed batch, within the platform limits', async () => {
    // Long names, so that what is shown of 300 of them would burst a message were it not bounded.
    const long = 'Maximiliane Wilhelmina Fitzgerald-Oppenheimer';
    const person = (i: number) => `${long} ${String(i).padStart(3, '0')}`;
    reviewsOf(Array.from({ length: 300 }, (_, i) => person(i + 1)));
    const page = await platform().say('review 2');
    const first = said(page);
    expect(first).toContain('page 1 of 30');
    expect(first).toContain('290 more people');
    expect(first).toContain(person(10));
    expect(first).not.toContain(person(11));
    const last = said(await platform().say('review 2 page 30'));
    expect(last).toContain('page 30 of 30');
    expect(last).toContain(person(300));

    const ask = said(await platform().everyone(page, 'keep'));
    expect(ask).toContain('300 people');
    expect(ask).toContain(person(1));
    // A bounded list of who it covers, the rest counted.
    expect(ask).toMatch(/250 more/);
    expect(ask).not.toContain(person(300));
    expect(decisions('Approve')).toHaveLength(0);
    const done = said(await platform().confirm(ask));
    expect(done).toContain('Kept 300 of 300 people');
    expect(decisions('Approve')).toHaveLength(300);
    expect(new Set(ids.map(statusOf))).toEqual(new Set(['Approved']));
    // Every payload of this test was checked against the platform's limits (afterEach).
  });
});

it('says which group a name or number does not name, and refuses a page that is no number', async () => {
  expect(said(await terminal.ask('review Nothing'))).toContain(
    'You have no access reviews of "Nothing"',
  );
  expect(said(await terminal.ask('review 1 page x'))).toContain('A page is a number from 1 to 100');
  expect(said(await terminal.ask('review 1 keep all -- why'))).toContain(
    'Only `revoke all` takes a reason',
  );
});
