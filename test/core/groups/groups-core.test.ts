/**
 * Group membership from chat, in the core over the sandbox: who may, finding the person, the
 * confirmation (once, only by the asker, not after it expires), the service's answer told as it
 * is, the audit line and the note to the person changed; channel bindings; history.
 */

import { describe, expect, it } from 'vitest';
import { historyReply } from '../../../src/core/audit/history.ts';
import { idOf } from '../../../src/core/confirm/code.ts';
import { english, voiceFor } from '../../../src/core/i18n/voice.ts';
import { groups, tasks, users } from '../../../src/sandbox/seed.ts';
import { groupBot, RULES } from '../../helpers/group-bot.ts';
import { useSandbox } from '../../helpers/sandbox.ts';

const sandbox = useSandbox();
const state = () => sandbox.current.state;
const inGroup = (group: keyof typeof groups, who: keyof typeof users) =>
  state().group(groups[group].id).memberIds.has(users[who].id);
const memberPosts = () =>
  sandbox.current.requests.filter(
    (r) => r.path.includes('/UsersGroups/') && r.path.endsWith('/Users') && r.method === 'POST',
  );

describe('who may change a group', () => {
  it('nobody, until an admin turns it on, and the refusal says how', async () => {
    const t = await groupBot(sandbox.client, {});
    const said = await t.say('ada', 'group add Design grace.hopper@example.com');
    expect(said).toContain('Nobody may change group members from chat yet');
    expect(said).toContain('GROUP_ADMINS_GROUP');
    expect(inGroup('design', 'grace')).toBe(false);
  });

  it("a group's manager for that group only, an admin for all, everyone else refused and audited", async () => {
    const t = await groupBot(sandbox.client);
    expect(await t.say('margaret', 'group add Design grace.hopper@example.com')).toContain(
      'Add Grace Hopper to Design?',
    );
    const elsewhere = await t.say('margaret', 'group add Finance grace.hopper@example.com');
    expect(elsewhere).toContain('You may not change the members of Finance');
    expect(await t.say('radia', 'group add Finance grace.hopper@example.com')).toContain(
      'Add Grace Hopper to Finance?',
    );
    const grace = await t.say('grace', 'group remove Engineering alan.turing@example.com');
    expect(grace).toContain('You may not change the members of Engineering');
    expect(grace).toContain('only accessbot’s admins may');
    // Which group holds the admins is not told to someone outside it.
    expect(grace).not.toContain('Security');
    const [refusal] = await t.store.listAudit({
      actor: { platform: 'slack', chatUserId: 'U-grace' },
    });
    // Audited as what was attempted: whom she meant to remove.
    expect(refusal).toMatchObject({
      action: 'group_remove',
      outcome: 'not_allowed',
      groupName: 'Engineering',
      targetName: 'Alan Turing',
      targetEmail: 'alan.turing@example.com',
    });
  });
});

describe('naming the person', () => {
  it('offers the close matches for an unknown or ambiguous name, and asks for an address', async () => {
    const t = await groupBot(sandbox.client);
    expect(await t.say('ada', 'group add Design "Gracy Hoper"')).toContain(
      'Did you mean Grace Hopper (grace.hopper@example.com)?',
    );
    const several = await t.say('ada', 'group add Design an');
    expect(several).toContain('matches several people');
    expect(several).toContain('Name them by e-mail address');
    expect(await t.say('ada', 'group add Design nobody@example.com')).toContain(
      'Nobody in the Access Service has the address nobody@example.com',
    );
  });

  it('takes the longest start that names a group as the group', async () => {
    const t = await groupBot(sandbox.client);
    expect(await t.say('ada', 'group remove All Staff Grace Hopper')).toContain(
      'Remove Grace Hopper from All Staff?',
    );
  });

  it('says at once when the change would change nothing', async () => {
    const t = await groupBot(sandbox.client);
    expect(await t.say('ada', 'group add Engineering grace.hopper@example.com')).toContain(
      'Grace Hopper is already a member of Engineering; nothing to do.',
    );
    expect(await t.say('ada', 'group remove Finance tim.berners-lee@example.com')).toContain(
      'Tim Berners-Lee is not a member of Finance; nothing to do.',
    );
  });
});

describe('confirming a change', () => {
  it('carries it out once however many clicks arrive together, audits it and tells the person', async () => {
    const t = await groupBot(sandbox.client);
    await t.say('ken', 'tasks'); // Ken is linked on the chat platform, so he can be told.
    const id = await t.ask('ada', 'group add Design ken.thompson@example.com');
    expect(inGroup('design', 'ken')).toBe(false);
    const before = memberPosts().length;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.bot.changes.clicked(t.as('ada'), id, 'confirm')),
    );
    expect(memberPosts().length - before).toBe(1);
    expect(inGroup('design', 'ken')).toBe(true);
    expect(results.filter((r) => r.outcome === 'added')).toHaveLength(1);
    // The others found it claimed: being carried out, or already settled; none acted.
    expect(results.filter((r) => r.outcome !== 'added').map((r) => r.outcome)).toEqual(
      Array(4).fill('stale'),
    );
    const [entry] = await t.store.listAudit({ actor: { platform: 'slack', chatUserId: 'U-ada' } });
    expect(entry).toMatchObject({
      action: 'group_add',
      outcome: 'added',
      groupId: groups.design.id,
      targetUserId: users.ken.id,
      targetEmail: 'ken.thompson@example.com',
    });
    expect(t.dms.posts.map((p) => [p.to, p.message.summary])).toEqual([
      [
        { kind: 'user', chatUserId: 'U-ken' },
        'Ada Lovelace added you to the group Design (through accessbot).',
      ],
    ]);
    const again = await t.bot.changes.clicked(t.as('ada'), id, 'confirm');
    expect(again.reply.summary).toContain('already settled; nothing was done twice');
    expect(memberPosts().length - before).toBe(1);
  });

  it('refuses anyone but the asker, audits it, and leaves the change pending', async () => {
    const t = await groupBot(sandbox.client);
    const id = await t.ask('ada', 'group add Design frances.allen@example.com');
    const forged = await t.bot.changes.clicked(t.as('radia'), id, 'confirm');
    expect(forged.reply.summary).toContain('Only the person who asked for this change');
    expect(forged.message.kind).toBe('keep');
    expect(await t.bot.changes.clicked(t.as('ada', 'teams'), id, 'cancel')).toMatchObject({
      outcome: 'not_requester',
    });
    expect(inGroup('design', 'frances')).toBe(false);
    expect((await t.store.getConfirmation(idOf(id)))?.state).toBe('pending');
    const [entry] = await t.store.listAudit({
      actor: { platform: 'slack', chatUserId: 'U-radia' },
    });
    expect(entry).toMatchObject({ outcome: 'not_requester', targetUserId: users.frances.id });
  });

  it('does nothing once the card has expired, nor after a cancel', async () => {
    const t = await groupBot(sandbox.client);
    const late = await t.ask('ada', 'group add Design dennis.ritchie@example.com');
    t.clock.ms += 15 * 60_000;
    const expired = await t.bot.changes.clicked(t.as('ada'), late, 'confirm');
    expect(expired.outcome).toBe('expired');
    expect(expired.reply.summary).toContain('This confirmation expired');
    const cancelled = await t.ask('ada', 'group add Design dennis.ritchie@example.com');
    expect(JSON.stringify(await t.bot.handle(t.as('ada'), `cancel ${cancelled}`))).toContain(
      'Cancelled: I did not add Dennis Ritchie to Design.',
    );
    expect(
      (await t.bot.changes.clicked(t.as('ada'), cancelled, 'confirm')).reply.summary,
    ).toContain('already settled');
    expect(inGroup('design', 'dennis')).toBe(false);
    expect((await t.store.listAudit()).map((e) => e.outcome)).toEqual(['cancelled', 'expired']);
    expect(
      (await t.bot.changes.clicked(t.as('ada'), 'nosuchchange', 'confirm')).reply.summary,
    ).toContain('I know of no pending change with that code');
  });

  it('stops a manager who lost the right since the card was shown', async () => {
    const t = await groupBot(sandbox.client);
    const id = await t.ask('ken', 'group add Design barbara.liskov@example.com');
    state().group(groups.security.id).memberIds.delete(users.ken.id);
    try {
      const result = await t.bot.changes.clicked(t.as('ken'), id, 'confirm');
      expect(result.outcome).toBe('not_allowed');
      expect(inGroup('design', 'barbara')).toBe(false);
    } finally {
      state().group(groups.security.id).memberIds.add(users.ken.id);
    }
  });
});

describe('four eyes on privileged groups', () => {
  it('adding to the admins group takes a second admin, neither the asker nor the person added', async () => {
    const t = await groupBot(sandbox.client);
    const card = await t.bot.handle(t.as('ada'), 'group add Security grace.hopper@example.com');
    expect(card.summary).toContain('A second admin confirms it');
    expect(JSON.stringify(card)).not.toContain('"confirmChange"');
    const id = t.idOn(card);
    const own = await t.bot.changes.clicked(t.as('ada'), id, 'confirm');
    expect(own.reply.summary).toContain('takes a second admin');
    // The asker on another platform is still the asker.
    expect(
      (await t.bot.changes.clicked(t.as('ada', 'teams'), id, 'confirm')).reply.summary,
    ).toContain('takes a second admin');
    expect((await t.bot.changes.clicked(t.as('grace'), id, 'confirm')).outcome).toBe('not_allowed');
    expect((await t.bot.changes.clicked(t.as('margaret'), id, 'confirm')).outcome).toBe(
      'not_allowed',
    );
    expect(inGroup('security', 'grace')).toBe(false);
    expect((await t.store.getConfirmation(idOf(id)))?.state).toBe('pending');
    expect((await t.bot.changes.clicked(t.as('radia'), id, 'confirm')).outcome).toBe('added');
    expect(inGroup('security', 'grace')).toBe(true);
    state().group(groups.security.id).memberIds.delete(users.grace.id);
  });

  it('the person added cannot be the second admin, on the auditors group and a listed one', async () => {
    const t = await groupBot(sandbox.client, { ...RULES, privileged: ['design'] });
    const id = await t.ask('ada', 'group add Finance ken.thompson@example.com');
    expect((await t.bot.changes.clicked(t.as('ken'), id, 'confirm')).outcome).toBe('not_allowed');
    expect(inGroup('finance', 'ken')).toBe(false);
    expect((await t.bot.changes.clicked(t.as('radia'), id, 'confirm')).outcome).toBe('added');
    state().group(groups.finance.id).memberIds.delete(users.ken.id);
    const design = await t.ask('margaret', 'group add Design alan.turing@example.com');
    expect((await t.bot.changes.clicked(t.as('margaret'), design, 'confirm')).outcome).toBe(
      'stale',
    );
    expect(inGroup('design', 'alan')).toBe(false);
    // A removal takes the asker alone.
    const remove = await t.ask('ada', 'group remove Security radia.perlman@example.com');
    expect(await t.say('ada', `cancel ${remove}`)).toContain('Cancelled');
  });
});

describe("the service's answer, told as it is", () => {
  it('someone added the person meanwhile: already a member (409)', async () => {
    const t = await groupBot(sandbox.client);
    const id = await t.ask('ada', 'group add Design edsger.dijkstra@example.com');
    state().addGroupMember(groups.design.id, users.edsger.id);
    const result = await t.bot.changes.clicked(t.as('ada'), id, 'confirm');
    expect(result.outcome).toBe('already_member');
    expect(result.reply.summary).toContain('Edsger Dijkstra was already a member of Design');
    expect(t.dms.posts).toEqual([]);
  });

  it('someone removed the person meanwhile: not a member', async () => {
    const t = await groupBot(sandbox.client);
    const id = await t.ask('ada', 'group remove Finance frances.allen@example.com');
    state().removeGroupMember(groups.finance.id, users.frances.id);
    const result = await t.bot.changes.clicked(t.as('ada'), id, 'confirm');
    expect(result.outcome).toBe('not_member');
    expect(result.reply.summary).toContain('Frances Allen was not a member of Finance');
    state().addGroupMember(groups.finance.id, users.frances.id);
  });

  it('the group was deleted meanwhile', async () => {
    const t = await groupBot(sandbox.client);
    const id = await t.ask('ada', 'group add Design alan.turing@example.com');
    const design = state().groups.get(groups.design.id)!;
    state().groups.delete(groups.design.id);
    try {
      const result = await t.bot.changes.clicked(t.as('ada'), id, 'confirm');
      expect(result.outcome).toBe('group_not_found');
      expect(result.reply.summary).toContain('The group Design no longer exists');
    } finally {
      state().groups.set(groups.design.id, design);
    }
  });

  it('the person was deleted meanwhile', async () => {
    const t = await groupBot(sandbox.client);
    const id = await t.ask('margaret', 'group add Design radia.perlman@example.com');
    const radia = state().users.get(users.radia.id)!;
    state().users.delete(users.radia.id);
    try {
      const result = await t.bot.changes.clicked(t.as('margaret'), id, 'confirm');
      expect(result.outcome).toBe('person_not_found');
      expect(result.reply.summary).toContain('The Access Service no longer knows Radia Perlman');
    } finally {
      state().users.set(users.radia.id, radia);
    }
  });

  // Margaret manages Design by configuration: confirming asks the service nothing before the POST.
  it('the answer was lost after the service made the change: the member list decides', async () => {
    const t = await groupBot(sandbox.client);
    const id = await t.ask('margaret', 'group add Design alan.turing@example.com');
    sandbox.current.faults.dropNext(1, { afterHandling: true });
    const result = await t.bot.changes.clicked(t.as('margaret'), id, 'confirm');
    expect(result.outcome).toBe('added');
    expect(inGroup('design', 'alan')).toBe(true);
    const [entry] = await t.store.listAudit();
    expect(entry?.detail).toContain('the member list shows the change');
  });

  it('the service is down and made no change: failed, and said so', async () => {
    const t = await groupBot(sandbox.client);
    const id = await t.ask('margaret', 'group add Design katherine.johnson@example.com');
    sandbox.current.faults.failNext(1, 503);
    const result = await t.bot.changes.clicked(t.as('margaret'), id, 'confirm');
    expect(result.outcome).toBe('failed');
    expect(result.reply.summary).toContain(
      'The Access Service did not add Katherine Johnson to Design',
    );
    expect(inGroup('design', 'katherine')).toBe(false);
  });
});

describe('a channel bound to a group', () => {
  it('answers `members` alone for its group once a manager binds it', async () => {
    const t = await groupBot(sandbox.client);
    const here = { channelId: 'C-DESIGN' };
    expect(await t.say('grace', 'members', here)).toContain('Which group?');
    expect(await t.say('grace', 'group bind Design', here)).toContain(
      'You may not change the members of Design',
    );
    expect(await t.say('margaret', 'group bind Design')).toContain('Binding is for channels');
    expect(await t.say('margaret', 'group bind Design', here)).toContain(
      'bound this channel to Design',
    );
    expect(await t.say('grace', 'members', here)).toContain('Margaret Hamilton');
    expect(await t.say('grace', 'members', { channelId: 'C-OTHER' })).toContain('Which group?');
    expect(await t.say('grace', 'group unbind', here)).toContain(
      'You may not change the members of Design',
    );
    expect(await t.say('margaret', 'group unbind', here)).toContain('no longer bound to Design');
    expect(await t.say('grace', 'members', here)).toContain('Which group?');
  });
});

describe('history', () => {
  it('shows a person their own actions and what was done to them; auditors see others', async () => {
    const t = await groupBot(sandbox.client);
    const id = await t.ask('ada', 'group add Design barbara.liskov@example.com');
    await t.bot.changes.clicked(t.as('ada'), id, 'confirm');
    const own = await t.say('ada', 'history');
    expect(own).toContain('Your recent actions (1 entry');
    expect(own).toContain('Add Barbara Liskov to Design: done');
    expect(await t.say('barbara', 'history')).toContain('Added you to Design (by Ada Lovelace)');
    expect(await t.say('grace', 'history')).toContain('Your recent actions: nothing yet.');
    const refused = await t.say('ada', 'history all');
    expect(refused).toContain('Only auditors may read the history of others');
    expect(refused).not.toContain('Finance');
    const audited = await t.say('katherine', 'history ada.lovelace@example.com');
    expect(audited).toContain('Recent actions by Ada Lovelace (1 entry');
    expect(audited).toContain('UTC: Add Barbara Liskov to Design: done');
    // What was done to Barbara is Ada's action, not hers.
    expect(await t.say('katherine', 'history barbara.liskov@example.com')).toContain(
      'Recent actions by Barbara Liskov: nothing yet.',
    );
    const everyone = await t.say('frances', 'history all');
    expect(everyone).toContain('Recent actions of everyone');
    expect(everyone).toContain('UTC: Ada Lovelace: Add Barbara Liskov to Design: done');
    // Unlinked since, Ada is known only by her chat account.
    await t.store.deleteLink('slack', 'U-ada');
    expect(await t.say('barbara', 'history')).toContain('Added you to Design (by slack U-ada)');
    const unconfigured = await groupBot(sandbox.client, { ...RULES, auditorsGroup: undefined });
    expect(await unconfigured.say('katherine', 'history all')).toContain('AUDITORS_GROUP');
  });

  it('names a decided task by its title, application and requester beside the start of its id', async () => {
    const t = await groupBot(sandbox.client);
    await t.bot.tasks.decide(t.as('ada'), tasks.adaGraceGithubWrite, 'approve');
    const short = tasks.adaGraceGithubWrite.slice(0, 8);
    const own = await t.say('ada', 'history');
    expect(own).toContain(
      `Approved \\"Access request: GitHub (Write)\\" (requested by Grace Hopper), task ${short}`,
    );
    expect(own).not.toContain(tasks.adaGraceGithubWrite);
    // The log keeps the task's facts, not an English sentence: each reader's language names it.
    const [entry] = await t.store.listAudit({ taskId: tasks.adaGraceGithubWrite });
    expect(entry).toMatchObject({
      taskType: 'AccessRequest',
      appName: 'GitHub',
      levelName: 'Write',
    });
    expect(entry).not.toHaveProperty('taskTitle');
    const said = async (locale: string) =>
      JSON.stringify(await t.bot.handle({ ...t.as('ada'), locale }, 'history'));
    expect(await said('de-DE')).toContain(
      `Genehmigt „Zugriffsantrag: GitHub (Write)“ (beantragt von Grace Hopper), Aufgabe ${short}`,
    );
    expect(await said('ja-JP')).toContain(
      `「アクセス申請: GitHub (Write)」 (申請者 Grace Hopper)、タスク ${short} を承認`,
    );
    // An entry that kept an English title, as accessbot once wrote them, shows it as written.
    const titled = historyReply(
      voiceFor('de-DE'),
      [
        {
          at: new Date(),
          platform: 'slack',
          chatUserId: 'U-ada',
          accessUserId: 'a-ada',
          action: 'approve',
          taskId: tasks.adaGraceGithubWrite,
          taskTitle: 'Access request: GitHub (Write)',
          taskType: 'AccessRequest',
          appName: 'GitHub',
          reason: null,
          outcome: 'approved',
          detail: null,
        },
      ],
      'Ihre letzten Aktionen',
      { withActor: false },
    );
    expect(titled.summary).toContain(
      `Genehmigt „Access request: GitHub (Write)“, Aufgabe ${short}`,
    );
    // An entry written before titles were kept still names its task by id.
    const old = historyReply(
      english,
      [
        {
          at: new Date(),
          platform: 'slack',
          chatUserId: 'U-ada',
          accessUserId: 'a-ada',
          action: 'approve',
          taskId: 'task-1',
          reason: null,
          outcome: 'approved',
          detail: null,
        },
      ],
      'Your recent actions',
      { withActor: false },
    );
    expect(old.summary).toContain('Approved task task-1');
  });
});
