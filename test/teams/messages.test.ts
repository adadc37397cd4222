/** Teams: typed commands in personal chat and, with an @mention, in channels and group chats. */
import { describe, expect, it } from 'vitest';
import { tasks } from '../../src/sandbox/seed.ts';
import { cardsOf } from '../fakes/bot-connector-cards.ts';
import {
  openGithubTask,
  shown,
  teamsId,
  teamsKey,
  useTeams,
} from '../fakes/bot-connector-harness.ts';

const t = useTeams();
const sandbox = t.sandbox;

const sent = () => t.h.connector.calls.filter((c) => c.op === 'reply' || c.op === 'send');

describe('personal chat', () => {
  it('answers `tasks` with a card of numbered tasks, each with Approve and Decline', async () => {
    const inbound = t.h.activities.message('ada', 'tasks');
    const res = await t.h.post(inbound);
    expect(res.status).toBe(200);
    const [reply] = sent();
    expect(reply).toMatchObject({
      op: 'reply',
      conversationId: 'a:personal-ada',
      activityId: inbound.id,
    });
    const [card] = cardsOf(reply!.activity!);
    expect(card).toMatchObject({ type: 'AdaptiveCard', version: '1.5' });
    const text = shown(card);
    expect(text).toContain('1. ');
    expect(text).toContain(tasks.adaGraceGithubWrite);
    expect(text).toContain('"verb":"approve"');
    expect(text).toContain('Action.ShowCard');
    expect(text).toContain('"view":"list"');
    expect(reply!.activity!.summary).toMatch(/pending task/);
  });

  it('links the Teams user by the roster e-mail once, then remembers it', async () => {
    await t.h.post(t.h.activities.message('ada', 'help'));
    expect(await t.h.store.getLink('teams', teamsKey('ada'))).toMatchObject({
      email: 'ada.lovelace@example.com',
    });
    t.h.connector.clear();
    await t.h.post(t.h.activities.message('ada', 'tasks'));
    expect(t.h.connector.calls.filter((c) => c.op === 'getMember')).toEqual([]);
  });

  it('links a user whose roster entry has only a userPrincipalName', async () => {
    await t.h.post(t.h.activities.message('grace', 'tasks'));
    expect(await t.h.store.getLink('teams', teamsKey('grace'))).toMatchObject({
      email: 'grace.hopper@example.com',
    });
  });

  it('tells a person the Access Service does not know why it cannot act', async () => {
    await t.h.post(t.h.activities.message('stranger', 'tasks'));
    expect(shown(sent()[0]?.activity)).toContain('does not belong to any user');
  });

  it('answers an unknown command with a suggestion, as plain text', async () => {
    await t.h.post(t.h.activities.message('ada', 'taks'));
    const activity = sent()[0]?.activity;
    expect(activity?.text).toContain('Did you mean `tasks`?');
    expect(activity?.attachments).toBeUndefined();
  });

  it('approves by number from the last list, and shows the decided card', async () => {
    const id = openGithubTask(sandbox.current);
    await t.h.post(t.h.activities.message('ada', 'tasks'));
    const [card] = cardsOf(sent()[0]!.activity!);
    const container = (card!.body as { items?: { inlines?: { text?: string }[] }[] }[]).find((b) =>
      JSON.stringify(b).includes(id),
    );
    const number = /^(\d+)\. /.exec(container?.items?.[0]?.inlines?.[0]?.text ?? '')?.[1];
    expect(number).toBeDefined();
    t.h.connector.clear();
    await t.h.post(t.h.activities.message('ada', `approve ${number}`));
    expect(shown(sent()[0]?.activity)).toContain('You approved');
    expect(sandbox.current.state.task(id).status).toBe('Approved');
  });

  it('tells the truth when the Access Service is down', async () => {
    sandbox.current.faults.failNext(20, 503);
    await t.h.post(t.h.activities.message('alan', 'groups'));
    expect(shown(sent()[0]?.activity)).toContain('not answering right now');
  });

  it('ignores a message without text', async () => {
    const { text: _text, ...noText } = t.h.activities.message('ada', 'x');
    const res = await t.h.post(noText);
    expect(res.status).toBe(200);
    expect(sent()).toEqual([]);
  });
});

describe('channels and group chats', () => {
  it('strips the @mention and answers `members` in the channel, for everyone', async () => {
    const inbound = t.h.activities.message('ada', 'members engineering', 'channel');
    await t.h.post(inbound);
    const [reply] = sent();
    expect(reply).toMatchObject({
      conversationId: '19:general@thread.tacv2',
      activityId: inbound.id,
    });
    expect(shown(reply?.activity)).toContain('Engineering');
    expect(shown(reply?.activity)).toContain('Ada Lovelace');
    // The whole channel sees it: names, no e-mail addresses.
    expect(shown(reply?.activity)).not.toContain('ada.lovelace@example.com');
  });

  it('answers other commands privately, opening the personal chat when needed', async () => {
    await t.h.post(t.h.activities.message('margaret', 'tasks', 'channel'));
    const created = t.h.connector.calls.find((c) => c.op === 'createConversation');
    expect(created?.body).toMatchObject({
      isGroup: false,
      members: [{ id: teamsId('margaret') }],
      tenantId: 'tenant-1',
    });
    const [reply] = sent();
    expect(reply?.conversationId).toBe(created?.newId);
    expect(shown(reply?.activity)).toContain('pending task');
    expect(sent().some((c) => c.conversationId.startsWith('19:'))).toBe(false);
    // The new personal chat is remembered for later notifications.
    expect(
      await t.h.teams.references.get({ kind: 'user', chatUserId: teamsKey('margaret') }),
    ).toMatchObject({
      conversation: { id: created?.newId },
    });
  });

  it('uses the stored personal chat in a group chat', async () => {
    await t.h.post(t.h.activities.message('ken', 'help'));
    t.h.connector.clear();
    await t.h.post(t.h.activities.message('ken', 'groups', 'groupChat'));
    expect(t.h.connector.calls.some((c) => c.op === 'createConversation')).toBe(false);
    expect(sent().map((c) => c.conversationId)).toEqual(['a:personal-ken']);
  });

  it('says so in the channel when the private answer cannot be delivered', async () => {
    t.h.connector.fail('createConversation', 403, { code: 'BotNotInConversationRoster' });
    await t.h.post(t.h.activities.message('frances', 'tasks', 'channel'));
    const [reply] = sent();
    expect(reply?.conversationId).toBe('19:general@thread.tacv2');
    expect(reply?.activity?.text).toContain("couldn't send you a private answer");
  });
});
