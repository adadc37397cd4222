/**
 * Passkey step-up in chat: with STEP_UP=passkey a change's code confirms nothing (its asker gets a
 * link to the passkey page instead, and the group stays as it was) while `cancel` still cancels;
 * a sensitive approval's reply carries the link and no code, and a code typed anyway approves
 * nothing. `passkeys` lists a person's own, removes one but never the last, and only an admin
 * resets someone's.
 */
import { describe, expect, it } from 'vitest';
import { groups, users } from '../../../src/sandbox/seed.ts';
import type { Passkey } from '../../../src/store/store.ts';
import { approvals, contextFor, GateClock, sensitiveRequest } from '../../helpers/decide-world.ts';
import { groupBot } from '../../helpers/group-bot.ts';
import { useSandbox } from '../../helpers/sandbox.ts';

const sandbox = useSandbox();
const stepUp = { publicUrl: 'https://accessbot.example.com' };
const LINK =
  /"kind":"link","label":"Open the passkey page","url":"https:\/\/accessbot\.example\.com\/passkey\?t=[\w-]{43}"/;
const inGroup = (who: keyof typeof users) =>
  sandbox.current.state.groupMembers(groups.design.id).some((u) => u.id === users[who].id);

const passkey = (credentialId: string, chatUserId: string, minute: number): Passkey => ({
  credentialId,
  platform: 'slack',
  chatUserId,
  publicKey: 'pk',
  counter: 0,
  transports: 'internal',
  createdAt: new Date(Date.UTC(2026, 10, 20, 9, minute)),
  lastUsedAt: null,
});

describe('passkey step-up in chat', () => {
  it('answers a change’s `confirm <code>` with a link to the passkey page, changing nothing; `cancel` cancels', async () => {
    const t = await groupBot(sandbox.client, undefined, undefined, { stepUp });
    const code = await t.ask('margaret', 'group add Design grace.hopper@example.com');
    const said = await t.say('margaret', `confirm ${code}`);
    expect(said).toMatch(LINK);
    expect(said).toContain('Add Grace Hopper');
    expect(inGroup('grace')).toBe(false);
    // Someone else's confirm gets no link: refused as ever.
    expect(await t.say('tim', `confirm ${code}`)).not.toMatch(LINK);
    expect(await t.say('margaret', `cancel ${code}`)).not.toMatch(LINK);
    expect(inGroup('grace')).toBe(false);
    expect(await t.say('margaret', `confirm ${code}`)).not.toMatch(LINK);
    await t.store.close();
  });

  it('asks a sensitive approval with the link and no code, and a code typed anyway approves nothing', async () => {
    const client = sandbox.client;
    const t = await groupBot(client, undefined, undefined, { stepUp });
    const more = await groupBot(client, undefined, undefined, {
      stepUp,
      context: contextFor(client, t.store, new GateClock()),
    });
    const [taskId] = sensitiveRequest(sandbox.current);
    const said = await more.say('tim', `approve ${taskId}`);
    expect(said).toMatch(LINK);
    expect(said).not.toMatch(/"confirmation"|confirm [a-z2-9]{8}/);
    expect(await more.say('tim', `approve ${taskId} confirm abcdefgh`)).toMatch(LINK);
    expect(approvals(sandbox.current, taskId!)).toHaveLength(0);
    await t.store.close();
    await more.store.close();
  });

  it('lists a person’s own passkeys, removes one but never the last, and lets only an admin reset someone’s', async () => {
    const t = await groupBot(sandbox.client, undefined, undefined, { stepUp });
    expect(await t.say('tim', 'passkeys')).toContain('You have no passkey yet');
    await t.store.savePasskey(passkey('cred-a', 'U-tim', 1));
    await t.store.savePasskey(passkey('cred-b', 'U-tim', 2));
    await t.store.savePasskey(passkey('cred-c', 'U-margaret', 3));
    const listed = await t.say('tim', 'passkeys');
    expect(listed).toContain('Your passkeys (2)');
    expect(listed).toContain('never used');
    expect(await t.say('tim', 'passkeys remove 3')).toContain('You have no passkey number 3');
    expect(await t.say('tim', 'passkeys remove 1')).toContain('Passkey 1 is removed');
    expect(await t.say('tim', 'passkeys remove 1')).toContain('That is your only passkey');
    expect((await t.store.passkeysOf('slack', 'U-tim')).map((p) => p.credentialId)).toEqual([
      'cred-b',
    ]);
    expect(await t.say('tim', 'passkeys reset margaret.hamilton@example.com')).toContain(
      'Only accessbot’s admins',
    );
    expect(await t.store.passkeysOf('slack', 'U-margaret')).toHaveLength(1);
    // Margaret must have acted once for her chat account to be linked to her.
    await t.say('margaret', 'passkeys');
    const reset = await t.say('radia', 'passkeys reset margaret.hamilton@example.com');
    expect(reset).toContain('Margaret Hamilton’s passkeys are removed (1)');
    expect(await t.store.passkeysOf('slack', 'U-margaret')).toEqual([]);
    expect(t.logLines.join('')).toContain('an admin reset a person’s passkeys');
    const [entry] = await t.store.listAudit({ since: new Date(0), actions: ['passkeys_reset'] });
    expect(entry).toMatchObject({
      action: 'passkeys_reset',
      accessUserId: users.radia.id,
      targetUserId: users.margaret.id,
      outcome: 'reset',
      detail: '1',
    });
    expect(await t.say('radia', 'history')).toContain(
      'Reset the passkeys of Margaret Hamilton (1)',
    );
    expect(await t.say('tim', 'passkeys lose')).toContain('Use `passkeys`');
    expect(await t.say('tim', 'passkeys add')).toMatch(LINK);
    await t.store.close();
  });
});
