/**
 * Teams channels named by their bare id (`19:…@thread.tacv2`, as NOTIFY_RULES names them) are
 * reached once the app is in the team: a message in the channel, whose conversation id carries
 * its reply chain (`;messageid=…`), or a team event teaches the channel's own reference, and a
 * notification then starts a new thread in the channel itself.
 */
import { describe, expect, it } from 'vitest';
import { english } from '../../src/core/i18n/voice.ts';
import { info } from '../../src/core/reply.ts';
import { aadId, BOT, TENANT, teamsId, useTeams } from '../fakes/bot-connector-harness.ts';

const t = useTeams();

const OPS = '19:0d26a46cfce348bba474e4356514e532@thread.tacv2';
const TEAM = '19:acca514e83cb497e960e0b014d405336@thread.tacv2';
const teamData = (channel: string) => ({
  teamsChannelId: channel,
  teamsTeamId: TEAM,
  channel: { id: channel },
  team: { id: TEAM },
  tenant: { id: TENANT },
});

/** A mention of the bot in a channel, shaped as Teams sends it (Microsoft's documented payload). */
const channelMessage = (channel: string, messageId: string) => {
  const mention = `<at>${BOT.name}</at>`;
  return {
    type: 'message',
    id: messageId,
    channelId: 'msteams',
    serviceUrl: t.h.connector.url,
    timestamp: new Date().toISOString(),
    from: { id: teamsId('ada'), name: 'Ada Lovelace', aadObjectId: aadId('ada') },
    recipient: BOT,
    conversation: {
      isGroup: true,
      conversationType: 'channel',
      id: `${channel};messageid=${messageId}`,
      tenantId: TENANT,
    },
    text: `${mention} help`,
    entities: [{ type: 'mention', text: mention, mentioned: BOT }],
    channelData: teamData(channel),
  };
};

/** A team event, sent in General (the team's own conversation) about another channel. */
const teamEvent = (eventType: string, channel: string) => ({
  type: 'conversationUpdate',
  id: `f:${eventType}-${channel}`,
  channelId: 'msteams',
  serviceUrl: t.h.connector.url,
  from: { id: teamsId('ken'), aadObjectId: aadId('ken') },
  recipient: BOT,
  conversation: { isGroup: true, conversationType: 'channel', id: TEAM, tenantId: TENANT },
  channelData: { ...teamData(channel), eventType },
});

const notify = (channelId: string) =>
  t.h.teams.notifier.post({ kind: 'channel', channelId }, info(english, 'A task for the channel'));
const sent = () => t.h.connector.calls.filter((c) => c.op === 'send' || c.op === 'reply');

describe('Teams channels named by their bare id', () => {
  it('a message in the channel makes it reachable; the post is a new thread there', async () => {
    await t.h.post(channelMessage(OPS, '1611060744833'));
    t.h.connector.clear();
    const ref = await notify(OPS);
    expect(sent()).toEqual([expect.objectContaining({ conversationId: OPS, status: 200 })]);
    expect(sent()[0]?.activityId).not.toBe('1611060744833');
    expect(JSON.stringify(sent()[0]?.activity)).toContain('A task for the channel');

    await t.h.teams.notifier.update(ref, info(english, 'Decided'));
    const update = t.h.connector.calls.find((c) => c.op === 'update');
    expect(update).toMatchObject({ conversationId: OPS, activityId: sent()[0]?.newId });
  });

  it('a channel created in the team is reachable, and a deleted one is forgotten', async () => {
    const audit = '19:9QpYcadzIqX4rNhoaZ3lRyTaLIaHoURuUR3A2RHpr0U1@thread.tacv2';
    await t.h.post(teamEvent('channelCreated', audit));
    await notify(audit);
    expect(sent()).toEqual([expect.objectContaining({ conversationId: audit, status: 200 })]);

    await t.h.post(teamEvent('channelDeleted', audit));
    expect(await t.h.teams.references.get({ kind: 'channel', channelId: audit })).toBeUndefined();
  });
});
