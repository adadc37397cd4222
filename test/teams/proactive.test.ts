/**
 * Teams proactive messages: installation stores the conversation reference, the notifier posts a
 * task through it and later updates that same message, and Bot Connector failures end in the
 * notifier's typed errors after the promised retries.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { connectorError } from '../../adapters/teams/errors.ts';
import { english } from '../../src/core/i18n/voice.ts';
import {
  MessageRefusedError,
  PlatformUnavailableError,
  RecipientGoneError,
} from '../../src/core/notifier.ts';
import { warning } from '../../src/core/reply.ts';
import { taskCard, taskMessage } from '../../src/core/tasks/task-card.ts';
import { users } from '../../src/sandbox/seed.ts';
import { cardsOf } from '../fakes/bot-connector-cards.ts';
import { openGithubTask, shown, teamsKey, useTeams } from '../fakes/bot-connector-harness.ts';

const t = useTeams();
const sandbox = t.sandbox;

const ada = { kind: 'user', chatUserId: teamsKey('ada') } as const;
const notification = async (taskId: string) =>
  taskMessage(
    english,
    taskCard(english, await t.h.client.getTask(taskId), { pendingStatus: 'Pending' }),
    'New task waiting for your decision',
  );
const install = (who: 'ada' | 'ken' | 'katherine') => t.h.post(t.h.activities.installation(who));

describe('installation → notification → update', () => {
  it('delivers a task to the installer and updates that message when decided elsewhere', async () => {
    await install('ada');
    expect(await t.h.teams.references.get(ada)).toMatchObject({
      conversation: { id: 'a:personal-ada' },
      serviceUrl: t.h.connector.url,
    });
    const id = openGithubTask(sandbox.current);
    const ref = await t.h.teams.notifier.post(ada, await notification(id));
    const [send] = t.h.connector.calls.filter((c) => c.op === 'send' || c.op === 'reply');
    expect(send?.conversationId).toBe('a:personal-ada');
    expect(ref).toMatchObject({
      platform: 'teams',
      destination: ada,
      data: { activityId: send?.newId },
    });
    const [card] = cardsOf(send!.activity!);
    // Teams names whom a card refreshes for by their `29:` id, kept in the stored reference.
    expect(card?.refresh).toMatchObject({ userIds: ['29:ada'] });
    expect(shown(card)).toContain('"verb":"approve"');
    expect(send?.activity?.summary).toContain('New task waiting for your decision');

    sandbox.current.state.decideTask(id, 'Approved', users.alan.id);
    const decided = await t.h.client.getTask(id);
    await t.h.teams.notifier.update(
      ref,
      taskMessage(english, taskCard(english, decided, { pendingStatus: 'Pending' })),
    );
    const update = t.h.connector.calls.find((c) => c.op === 'update');
    expect(update).toMatchObject({ conversationId: 'a:personal-ada', activityId: send?.newId });
    expect(shown(t.h.connector.message(send!.newId!))).toContain('Approved by Alan Turing');
    expect(shown(t.h.connector.message(send!.newId!))).not.toContain('Action.Execute');
  });

  it('follows a message up with a new message in the same chat, without buttons', async () => {
    await install('ada');
    const ref = await t.h.teams.notifier.post(
      ada,
      await notification(openGithubTask(sandbox.current)),
    );
    const before = t.h.connector.calls.filter((c) => c.op === 'send' || c.op === 'reply').length;
    await t.h.teams.notifier.followUp(ref, warning(english, 'Still waiting for your decision'));
    const sends = t.h.connector.calls.filter((c) => c.op === 'send' || c.op === 'reply');
    expect(sends).toHaveLength(before + 1);
    const followUp = sends.at(-1)!;
    expect(followUp.conversationId).toBe('a:personal-ada');
    expect(JSON.stringify(followUp.activity)).toContain('Still waiting for your decision');
    expect(shown(cardsOf(followUp.activity!)[0])).not.toContain('Action.Execute');
  });

  it('links the installer at once and keeps the reference in the store', async () => {
    await install('ada');
    expect(await t.h.store.getLink('teams', teamsKey('ada'))).toMatchObject({
      accessUserId: users.ada.id,
      email: users.ada.email,
    });
    const stored = await t.h.store.getConversationRef('teams', `user:${teamsKey('ada')}`);
    expect(stored).toMatchObject({ conversation: { id: 'a:personal-ada' } });
  });

  it('stores the reference when the bot is added to a personal conversation', async () => {
    const added = {
      ...t.h.activities.installation('katherine'),
      type: 'conversationUpdate',
      membersAdded: [{ id: 'x' }, { id: '28:accessbot-app' }],
    };
    await t.h.post(added);
    expect(
      await t.h.teams.references.get({ kind: 'user', chatUserId: teamsKey('katherine') }),
    ).toBeDefined();
  });

  it('stores a team installation under its conversation', async () => {
    await t.h.post(t.h.activities.installation('ken', 'add', 'channel'));
    expect(
      await t.h.teams.references.get({ kind: 'channel', channelId: '19:general@thread.tacv2' }),
    ).toBeDefined();
  });

  it('drops the reference when the bot is uninstalled', async () => {
    await install('ken');
    await t.h.post(t.h.activities.installation('ken', 'remove'));
    expect(
      await t.h.teams.references.get({ kind: 'user', chatUserId: teamsKey('ken') }),
    ).toBeUndefined();
  });
});

describe('Bot Connector failures', () => {
  beforeEach(async () => {
    await install('ada');
  });
  const post = async () =>
    t.h.teams.notifier.post(ada, await notification(openGithubTask(sandbox.current)));
  const sends = () => t.h.connector.calls.filter((c) => c.op === 'reply' || c.op === 'send');

  it('a person who never installed the bot cannot be reached', async () => {
    const err = await t.h.teams.notifier
      .post(
        { kind: 'user', chatUserId: teamsKey('frances') },
        await notification(openGithubTask(sandbox.current)),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecipientGoneError);
  });

  it('403 (the bot was removed): RecipientGoneError, and the reference is dropped', async () => {
    t.h.connector.fail('reply', 403, { code: 'BotNotInConversationRoster' });
    await expect(post()).rejects.toBeInstanceOf(RecipientGoneError);
    expect(await t.h.teams.references.get(ada)).toBeUndefined();
    expect(t.h.logLines.join('')).toContain('the recipient is gone');
  });

  it('400 (the activity itself refused): MessageRefusedError at once, the reference kept', async () => {
    t.h.connector.fail('reply', 400, { code: 'BadArgument' });
    const before = sends().length;
    const note = t.h.teams.notifier.post(ada, warning(english, 'A note'));
    await expect(note).rejects.toBeInstanceOf(MessageRefusedError);
    expect(sends().length - before).toBe(1);
    expect(await t.h.teams.references.get(ada)).toBeDefined();
    const tooLarge = connectorError(
      'sendActivity',
      { status: 413, code: undefined, retryAfterMs: undefined },
      undefined,
    );
    expect(tooLarge).toBeInstanceOf(MessageRefusedError);
  });

  it('429 with Retry-After is waited out and the message goes through', async () => {
    t.h.connector.fail('reply', 429, { retryAfter: '0' });
    await post();
    expect(sends().map((c) => c.status)).toEqual([429, 200]);
  });

  it('429 without Retry-After and 412 are retried with backoff', async () => {
    t.h.connector.fail('reply', 412, { times: 1 });
    t.h.connector.fail('reply', 429, { times: 1 });
    const before = t.h.logLines.length;
    await post();
    expect(sends().map((c) => c.status)).toEqual([412, 429, 200]);
    const retried = t.h.logLines
      .slice(before)
      .filter((l) => l.includes('Bot Connector busy; retrying'));
    expect(retried.map((l) => JSON.parse(l).status)).toEqual([412, 429]);
  });

  it('502 and 504 are retried', async () => {
    t.h.connector.fail('reply', 502, { times: 1 });
    t.h.connector.fail('reply', 504, { times: 1 });
    await post();
    expect(sends().map((c) => c.status)).toEqual([502, 504, 200]);
  }, 15_000);

  it('a connector that stays busy ends in PlatformUnavailableError, logged with its status', async () => {
    t.h.connector.fail('reply', 429, { times: 10 });
    const err = await post().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformUnavailableError);
    expect(sends()).toHaveLength(3);
    expect(await t.h.teams.references.get(ada)).toBeDefined();
    expect(t.h.logLines.join('')).toContain('Bot Connector sendActivity failed with 429');
  });

  it('an update of a removed conversation is RecipientGoneError', async () => {
    const ref = await post();
    t.h.connector.fail('update', 403);
    await expect(
      t.h.teams.notifier.update(
        ref,
        taskMessage(
          english,
          taskCard(english, await t.h.client.getTask(openGithubTask(sandbox.current)), {
            pendingStatus: 'Pending',
          }),
        ),
      ),
    ).rejects.toBeInstanceOf(RecipientGoneError);
  });

  it('refuses a message reference that is not a Teams one', async () => {
    await expect(
      t.h.teams.notifier.update(
        { platform: 'teams', destination: ada, data: { ts: '1' } },
        warning(english, 'An update for a Slack message'),
      ),
    ).rejects.toThrow();
  });
});
