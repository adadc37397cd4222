/**
 * Who a Teams person is: known by tenant and Azure AD object id, linked by the e-mail address the
 * Bot Connector's member information gives — never one the client put in the activity — and
 * looked up again when the link is an hour old, so a changed address unlinks the account until
 * it links again. A member lookup that fails is said as such. Over real HTTP with botbuilder's
 * CloudAdapter and the fake Bot Connector.
 */
import { describe, expect, it } from 'vitest';
import { RECHECK_AFTER_MS, UNLINKED_FOR_MS } from '../../src/core/identity.ts';
import { users } from '../../src/sandbox/seed.ts';
import {
  aadId,
  memberOf,
  shown,
  TENANT,
  teamsId,
  teamsKey,
  useTeams,
} from '../fakes/bot-connector-harness.ts';

const t = useTeams({
  // Ada, an admin, may change groups: a command that names a person.
  env: {
    TEAMS_ANONYMOUS: '1',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    GROUP_ADMINS_GROUP: 'Engineering',
  },
});
const sandbox = t.sandbox;

const sent = () => t.h.connector.calls.filter((c) => c.op === 'reply' || c.op === 'send');
const lastAnswer = () => shown(sent().at(-1)?.activity);
const memberLookups = () => t.h.connector.calls.filter((c) => c.op === 'getMember');
const linkOf = (who: Parameters<typeof teamsKey>[0]) => t.h.store.getLink('teams', teamsKey(who));

/** `who` says `text`, with `from` and `channelData` changed as a client could. */
const say = (
  who: Parameters<typeof teamsKey>[0],
  text: string,
  change: { from?: object; channelData?: object } = {},
) => {
  const message = t.h.activities.message(who, text);
  return t.h.post({
    ...message,
    from: { ...message.from, ...change.from },
    channelData: { ...message.channelData, ...change.channelData },
  });
};

/** Runs `body` with `who`'s Teams profile showing `addresses`, then puts it back. */
async function withProfile(
  who: 'katherine' | 'frances' | 'dennis',
  addresses: { email?: string },
  body: () => Promise<void>,
) {
  const id = teamsId(who);
  const before = t.h.connector.members.get(id)!;
  t.h.connector.members.set(id, memberOf(who, before.name, addresses));
  try {
    await body();
  } finally {
    t.h.connector.members.set(id, before);
  }
}

describe('a Teams person is their tenant and Azure AD object id', () => {
  it('links under `<tenant>:<object id>`, never under the `29:` id', async () => {
    await say('ada', 'groups');
    expect(await linkOf('ada')).toMatchObject({
      chatUserId: `${TENANT}:${aadId('ada')}`,
      accessUserId: users.ada.id,
    });
    expect(await t.h.store.getLink('teams', teamsId('ada'))).toBeUndefined();
  });

  it('checks each turn that the `29:` id is that object: another’s never uses its link', async () => {
    await say('ken', 'groups');
    expect(await linkOf('ken')).toMatchObject({ accessUserId: users.ken.id });
    // Alan's `29:` id naming Ken's object, with Ken's link fresh in the store: not Ken.
    await say('ken', 'groups', { from: { id: teamsId('alan') } });
    expect(lastAnswer()).toContain("I can't tell who you are");
    expect(lastAnswer()).not.toContain('Engineering');
    // Ken himself is known from the hour's lookup, with no new one.
    t.h.connector.clear();
    await say('ken', 'groups');
    expect(memberLookups()).toEqual([]);
    expect(lastAnswer()).toContain('Engineering');
  });

  it('answers an activity that names no Azure AD account, and does nothing else', async () => {
    const message = t.h.activities.message('alan', 'tasks');
    const { aadObjectId: _none, ...from } = message.from;
    await t.h.post({ ...message, from });
    expect(lastAnswer()).toContain("I can't tell who you are");
    expect(memberLookups()).toEqual([]);
    expect(await linkOf('alan')).toBeUndefined();
    const click = t.h.activities.cardAction('alan', 'refresh', { value: users.ada.id });
    const res = await t.h.post({ ...click, from });
    expect(res.body).toMatchObject({ statusCode: 403, value: { code: 'Forbidden' } });
  });
});

describe('the e-mail comes from the Bot Connector, not from the activity', () => {
  it('ignores an address the client put in the activity', async () => {
    const ada = users.ada.email;
    await say('katherine', 'tasks', {
      from: { email: ada, userPrincipalName: ada },
      channelData: { email: ada },
    });
    expect(await linkOf('katherine')).toMatchObject({
      accessUserId: users.katherine.id,
      email: users.katherine.email,
    });
    await say('stranger', 'tasks', { from: { email: ada, userPrincipalName: ada } });
    expect(lastAnswer()).toContain('stranger@elsewhere.test');
    expect(lastAnswer()).toContain('does not belong to any user');
    expect(await linkOf('stranger')).toBeUndefined();
  });

  it('links nobody when the member lookup names another Azure AD object', async () => {
    // Ada's `29:` id with someone else's object id: Ada's address must not link them.
    const someoneElse = 'aad-someone-else';
    await say('ada', 'tasks', { from: { aadObjectId: someoneElse } });
    expect(lastAnswer()).toContain("I can't tell who you are");
    expect(await t.h.store.getLink('teams', `${TENANT}:${someoneElse}`)).toBeUndefined();
  });

  it('tells the truth when the member lookup fails, and guesses nothing', async () => {
    t.h.connector.fail('getMember', 429, { times: 3 });
    await say('margaret', 'tasks', { from: { email: users.margaret.email } });
    expect(lastAnswer()).toContain("I couldn't read your chat profile just now");
    expect(lastAnswer()).not.toContain('pending task');
    expect(await linkOf('margaret')).toBeUndefined();
    // It answers again: linked at once, not told "no account" from memory.
    await say('margaret', 'tasks');
    expect(await linkOf('margaret')).toMatchObject({ accessUserId: users.margaret.id });
  });

  it('does not act on an hour-old link while the member lookup fails', async () => {
    await say('barbara', 'groups');
    t.h.time.skewMs += RECHECK_AFTER_MS;
    try {
      t.h.connector.fail('getMember', 429, { times: 3 });
      await say('barbara', 'groups');
      expect(lastAnswer()).toContain("I couldn't read your chat profile just now");
      expect(lastAnswer()).not.toContain('Engineering');
      await say('barbara', 'groups');
      expect(lastAnswer()).toContain('Engineering');
    } finally {
      t.h.time.skewMs -= RECHECK_AFTER_MS;
    }
  });
});

describe('links follow people', () => {
  it('drops the link of an account whose address changed, then links it again by the new one', async () => {
    await say('frances', 'groups');
    expect(await linkOf('frances')).toMatchObject({ accessUserId: users.frances.id });
    const renamed = 'frances.allen-hopper@example.com';
    const before = sandbox.current.state.users.get(users.frances.id)!;
    await withProfile('frances', { email: renamed }, async () => {
      // Within the hour the link stands, and nobody asks Teams again.
      t.h.connector.clear();
      await say('frances', 'groups');
      expect(lastAnswer()).toContain('Engineering');
      expect(memberLookups()).toEqual([]);

      // An hour on, Teams shows the new address, which no Access user has yet: nobody.
      t.h.time.skewMs += RECHECK_AFTER_MS;
      try {
        await say('frances', 'groups');
        expect(lastAnswer()).toContain('does not belong to any user');
        expect(lastAnswer()).not.toContain('Engineering');
        expect(await linkOf('frances')).toBeUndefined();

        // The Access Service takes the new address: a minute later, Frances again.
        sandbox.current.state.users.set(before.id, { ...before, email: renamed });
        t.h.time.skewMs += UNLINKED_FOR_MS + 1;
        await say('frances', 'groups');
        expect(lastAnswer()).toContain('Engineering');
        expect(await linkOf('frances')).toMatchObject({
          accessUserId: users.frances.id,
          email: renamed,
        });
      } finally {
        sandbox.current.state.users.set(before.id, before);
        t.h.time.skewMs -= RECHECK_AFTER_MS + UNLINKED_FOR_MS + 1;
      }
    });
  });

  it('moves the account to whoever now has its address', async () => {
    await say('dennis', 'groups');
    await withProfile('dennis', { email: users.radia.email }, async () => {
      t.h.time.skewMs += RECHECK_AFTER_MS;
      try {
        await say('dennis', 'groups');
        expect(await linkOf('dennis')).toMatchObject({
          accessUserId: users.radia.id,
          email: users.radia.email,
        });
      } finally {
        t.h.time.skewMs -= RECHECK_AFTER_MS;
      }
    });
  });
});

describe('a person mentioned in a channel', () => {
  /** Ada's `group remove Design @who` in a channel, as Teams sends it. */
  const removing = (who: 'tim' | 'edsger', name: string) => {
    const message = t.h.activities.message('ada', 'group remove Design', 'channel') as {
      text: string;
      entities: object[];
    };
    const mention = {
      type: 'mention',
      text: `<at>${name}</at>`,
      mentioned: { id: teamsId(who), name },
    };
    return {
      ...message,
      text: `${message.text} ${mention.text}`,
      entities: [...message.entities, mention],
    };
  };

  it('is known by the object id the Bot Connector gives for their `29:` id', async () => {
    await t.h.post(removing('tim', 'Tim Berners-Lee'));
    expect(lastAnswer()).toContain('Remove Tim Berners-Lee from Design?');
    expect(await linkOf('tim')).toMatchObject({ accessUserId: users.tim.id });
  });

  it('is not guessed when the member lookup fails', async () => {
    await say('ada', 'groups');
    t.h.connector.fail('getMember', 429, { times: 3 });
    await t.h.post(removing('edsger', 'Edsger Dijkstra'));
    expect(lastAnswer()).toContain("I couldn't look up the person you mentioned just now");
    expect(await linkOf('edsger')).toBeUndefined();
  });
});
