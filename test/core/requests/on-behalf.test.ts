/**
 * Requests for someone else, end to end over the sandbox's HTTP with the real poller on a fake
 * clock: only members of REQUEST_ON_BEHALF_GROUP may file one (a refusal files nothing and is
 * audited); the service is asked for the person it is for; the approvers' cards name both; the
 * filer may not approve it; both hear the outcome once; both lists and histories show it.
 */
import { describe, expect, it, vi } from 'vitest';
import { AccessBot, type BotDeps } from '../../../src/core/bot.ts';
import type { GroupRulesConfig } from '../../../src/core/groups/rules.ts';
import { users, workApps } from '../../../src/sandbox/seed.ts';
import { actor, captureLog } from '../../helpers/bot.ts';
import { cardOf, chatId, nextSweep, usePollerWorld } from '../../poller/fakes.ts';

const w = usePollerWorld();
/** Ada is in the sample organisation's Security group; Alan is not. */
const ALLOWED: GroupRulesConfig = { onBehalfGroup: 'Security' };
type Who = 'ada' | 'alan' | 'grace';

function setUp(groups: GroupRulesConfig = ALLOWED, more: Partial<BotDeps> = {}) {
  const bot = new AccessBot({
    client: w.client,
    store: w.store,
    log: captureLog().log,
    pendingStatus: 'Pending',
    now: () => w.clock.now(),
    groups,
    ...more,
  });
  const as = (who: Who, locale?: string) => ({
    ...actor(users[who].email, 'slack', chatId(who)),
    ...(locale && { locale }),
  });
  const say = async (who: Who, text: string, locale?: string) =>
    (await bot.handle(as(who, locale), text)).summary;
  /** Every word of the answer, its list items too. */
  const read = async (who: Who, text: string, locale?: string) =>
    JSON.stringify(await bot.handle(as(who, locale), text));
  return { bot, say, read };
}

/** Grace's pending GitHub (Read) accesses, as the service has them. */
const graceReadRequests = () =>
  [...w.sandbox.state.accesses.values()].filter(
    (a) =>
      a.userId === users.grace.id &&
      a.permissionLevelId === workApps.github.levels.read.id &&
      a.status === 'Pending',
  );

const onBehalfEntries = () => w.store.listAudit({ actions: ['request_for'] });

const dmsTo = (who: Who, title: string) =>
  w.slack.posts.filter(
    (p) => p.to.kind === 'user' && p.to.chatUserId === chatId(who) && p.message.title === title,
  );

describe('a request for someone else', () => {
  it('is filed for that person when the filer may, and audited naming both', async () => {
    const { say } = setUp();
    expect(await say('ada', 'request GitHub read for Grace Hopper -- the release')).toBe(
      'Requested access to GitHub (Read) for Grace Hopper. Its approvers have been asked. Justification: "the release".',
    );
    const [filed, ...more] = graceReadRequests();
    expect(more).toEqual([]);
    expect(filed?.userId).toBe(users.grace.id);
    expect(await onBehalfEntries()).toMatchObject([
      {
        accessUserId: users.ada.id,
        targetUserId: users.grace.id,
        targetName: 'Grace Hopper',
        appName: 'GitHub',
        levelName: 'Read',
        reason: 'the release',
        outcome: 'filed',
        detail: filed!.id,
      },
    ]);
    expect(await say('ada', 'history')).toContain('Request GitHub (Read) for Grace Hopper: done');
    expect(await say('grace', 'history')).toContain(
      'Requested GitHub (Read) for you (by Ada Lovelace)',
    );
  });

  it('asked for a level, shows a command that keeps whom it is for', async () => {
    const { say } = setUp();
    expect(await say('ada', 'request GitHub for Grace Hopper -- the release')).toContain(
      'e.g. `request GitHub Read for Grace Hopper -- why you need it`',
    );
    expect(await say('ada', 'request GitHub -- the release')).toContain(
      'e.g. `request GitHub Read -- why you need it`',
    );
    expect(graceReadRequests()).toEqual([]);
  });

  it('by e-mail address too; naming oneself is an ordinary request', async () => {
    const { say } = setUp();
    expect(await say('ada', `request GitHub read for ${users.grace.email}`)).toContain(
      'for Grace Hopper',
    );
    expect(graceReadRequests()).toHaveLength(1);
    expect(await say('alan', `request Figma Viewer for ${users.alan.email}`)).toBe(
      'Requested access to Figma (Viewer). Its approvers have been asked.',
    );
    expect(await onBehalfEntries()).toHaveLength(1);
  });

  it('is refused to anyone outside the group, nothing filed, the attempt audited', async () => {
    const { say } = setUp();
    expect(await say('alan', 'request GitHub read for Grace Hopper -- please')).toBe(
      'You may request access only for yourself: filing for someone else is for the people accessbot’s admins allow. Nothing was requested.',
    );
    expect(graceReadRequests()).toEqual([]);
    expect(await onBehalfEntries()).toMatchObject([
      {
        accessUserId: users.alan.id,
        targetUserId: users.grace.id,
        appName: 'GitHub',
        levelName: 'Read',
        outcome: 'not_allowed',
        detail: null,
      },
    ]);
    expect(await say('alan', 'history')).toContain(
      'Request GitHub (Read) for Grace Hopper: refused: not allowed to request for others',
    );
  });

  it('is refused to everyone while REQUEST_ON_BEHALF_GROUP is unset', async () => {
    const { say } = setUp({});
    expect(await say('ada', 'request GitHub read for Grace Hopper')).toBe(
      'Nobody may request access for someone else yet: an admin of accessbot turns it on with REQUEST_ON_BEHALF_GROUP. Nothing was requested.',
    );
    expect(graceReadRequests()).toEqual([]);
    expect(await onBehalfEntries()).toMatchObject([{ outcome: 'not_allowed' }]);
  });

  it('answers an unknown or ambiguous person as `group add` does, filing nothing', async () => {
    const { say } = setUp();
    expect(await say('ada', 'request GitHub read for "Gracy Hoper"')).toBe(
      'I found nobody called "Gracy Hoper". Did you mean Grace Hopper (grace.hopper@example.com)?',
    );
    expect(await say('ada', 'request GitHub read for an')).toContain('matches several people');
    expect(await say('ada', 'request GitHub read for')).toBe(
      'For whom? Name them after `for`. Usage: request <app> [permission level] [for <person>] -- <justification> — ask for access (for someone else, if an admin allows you)',
    );
    expect(graceReadRequests()).toEqual([]);
    expect(await onBehalfEntries()).toEqual([]);
  });

  it('shows "requested by" the filer "for" the person on the cards, and the filer may not approve it', async () => {
    const { say } = setUp();
    await say('alan', 'tasks');
    await say('ada', 'request GitHub read for Grace Hopper');
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    const [access] = graceReadRequests();
    const toAlan = w.slack.posts
      .filter((p) => p.to.kind === 'user' && p.to.chatUserId === chatId('alan'))
      .map((p) => cardOf(p.message))
      .filter((c) => c && access!.taskIds.includes(c.taskId));
    expect(toAlan).toHaveLength(1);
    const card = toAlan[0];
    expect(card?.fields).toEqual(
      expect.arrayContaining([
        { label: 'Requested by', value: 'Ada Lovelace' },
        { label: 'For', value: 'Grace Hopper' },
      ]),
    );
    const adaTask = w.sandbox.state
      .tasksFor(users.ada.id, 'Pending')
      .find((t) => t.metadata.accessId === graceReadRequests()[0]!.id);
    const filersOf = vi.spyOn(w.store, 'filersOf');
    expect(await say('ada', `approve ${adaTask!.id}`)).toBe(
      '"Access request: GitHub (Read)" is your own request, so you can\'t approve it: another approver has to. You can still decline it.',
    );
    expect(w.sandbox.state.task(adaTask!.id).status).toBe('Pending');
    // Only the filer of the task decided is looked up, not those of Ada's whole list.
    expect(filersOf.mock.calls.map(([ids]) => ids)).toEqual([[graceReadRequests()[0]!.id]]);
  });

  it('tells the filer and the person it is for the outcome, once each, and lists it for both', async () => {
    const { say, read } = setUp();
    await say('grace', 'requests');
    await say('ada', 'request GitHub read for Grace Hopper');
    expect(await read('ada', 'requests')).toContain(
      '1. GitHub (Read) — waiting for Ada Lovelace and Alan Turing, asked less than a minute ago (for Grace Hopper)',
    );
    expect(await read('grace', 'requests')).toContain('(filed by Ada Lovelace)');
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    const [access] = graceReadRequests();
    const alanTask = access!.taskIds.find(
      (id) => w.sandbox.state.task(id).assigneeId === users.alan.id,
    );
    w.sandbox.state.decideTask(alanTask!, 'Approved', users.alan.id);
    for (let i = 0; i < 3; i++) await nextSweep(poller, w.clock);
    const title = 'Access request approved';
    expect(dmsTo('ada', title)).toHaveLength(1);
    expect(dmsTo('grace', title)).toHaveLength(1);
    expect(dmsTo('ada', title)[0]?.message.summary).toMatch(
      /^Your request for access to GitHub \(Read\): Approved by Alan Turing/,
    );
  });

  it('may be nudged by its filer, as by the person it is for', async () => {
    const { poller } = w.poller();
    const { say } = setUp(ALLOWED, { approvers: poller.approvers, nudgeAfterMs: 86_400_000 });
    await say('alan', 'tasks');
    await say('ada', 'request GitHub read for Grace Hopper');
    await say('ada', 'requests');
    const nudged = await say('ada', 'nudge 1');
    expect(nudged).toMatch(/^Nudged .*Alan Turing about GitHub \(Read\)\./);
  });

  it('is confirmed in German and in Japanese', async () => {
    const { say, read } = setUp();
    expect(await say('ada', 'request GitHub read for Grace Hopper', 'de')).toBe(
      'Zugriff auf GitHub (Read) für Grace Hopper beantragt. Die Genehmigenden wurden gefragt.',
    );
    expect(await say('alan', 'request Figma Viewer for Grace Hopper', 'de')).toBe(
      'Sie dürfen Zugriff nur für sich selbst beantragen: Anträge für andere stellen nur die Personen, denen die Admins von accessbot es erlauben. Es wurde nichts beantragt.',
    );
    expect(await say('ada', 'request Figma Viewer for Grace Hopper', 'ja')).toBe(
      'Grace Hopper さんの Figma (Viewer) へのアクセスを申請しました。承認者に依頼しました。',
    );
    expect(await read('ada', 'requests', 'ja')).toContain('(Grace Hopper さんの分)');
  });
});
