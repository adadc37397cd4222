/**
 * `group add|remove` (stored as pending behind a confirmation card; a change that would change
 * nothing said at once), `group bind|unbind`, and `members` with no group.
 */
import type { IdentityLink } from '../../store/store.ts';
import { recordChange } from '../audit/index.ts';
import { openConfirmation } from '../confirm/index.ts';
import { findPerson, type Person, personName } from '../find-person.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { nameOf } from '../identity.ts';
import { normalize } from '../match.ts';
import { type PersonRef, personOf } from '../person-ref.ts';
import type { Place } from '../place.ts';
import { info, type Reply, success, warning } from '../reply.ts';
import { inert } from '../text.ts';
import { confirmationCard } from './cards.ts';
import type { ChangeTarget } from './commands.ts';
import { confirmerOf } from './confirm.ts';
import type { GroupDeps } from './deps.ts';
import { findGroup, isMember, membersReply } from './directory.ts';

export async function requestChange(
  deps: GroupDeps,
  link: IdentityLink,
  v: Voice,
  place: Place,
  action: 'add' | 'remove',
  target: ChangeTarget,
): Promise<Reply> {
  const { group: groupText, person: ref } = await split(deps, target);
  const found = await findGroup(v, deps.client, groupText);
  if ('reply' in found) return found.reply;
  const { group } = found;
  const change = { action: `group_${action}` as const, groupId: group.id, groupName: group.name };
  const allowed = await deps.rules.mayManage(link, v, group);
  const who = await findPerson({ ...deps, mention: place.mention }, v, ref);
  if (!allowed.ok) {
    // Audited as what was attempted: whom, when the person was found.
    const target = 'reply' in who ? {} : targetOf(who.person);
    await recordChange(deps, link, { ...change, ...target }, 'not_allowed');
    return allowed.reply;
  }
  if ('reply' in who) return who.reply;
  const { person } = who;
  const member = await isMember(deps.client, group.id, person.accessUserId);
  if (action === 'add' ? member : !member) {
    const said = { action, who: personName(person), group: inert(group.name) };
    return info(v, v.t('change.nothingToDo', said));
  }
  const facts = { ...change, ...targetOf(person) };
  const confirmer = confirmerOf(deps, facts.action, group);
  const { code, base } = await openConfirmation(deps, 'group', link, confirmer, facts);
  const pending = { ...base, ...facts, outcome: null };
  return confirmationCard(v, pending, code, nameOf(link));
}

/** Names only: the longest start of the words that names a group exactly is the group. */
async function split(
  deps: GroupDeps,
  target: ChangeTarget,
): Promise<{ group: string; person: PersonRef }> {
  if ('group' in target) return target;
  const { words } = target;
  const names = new Set<string>();
  for await (const group of deps.client.listGroups()) names.add(normalize(group.name));
  for (let end = words.length - 1; end >= 1; end--) {
    const group = words.slice(0, end).join(' ');
    if (names.has(normalize(group))) return { group, person: personOf(words.slice(end)) };
  }
  return { group: words[0]!, person: personOf(words.slice(1)) };
}

/** `members` in this channel answers for the group from now on. */
export async function bindChannel(
  deps: GroupDeps,
  link: IdentityLink,
  v: Voice,
  place: Place,
  groupText: string,
): Promise<Reply> {
  if (!place.channelId) return warning(v, v.t('bind.inAChannel'));
  const found = await findGroup(v, deps.client, groupText);
  if ('reply' in found) return found.reply;
  const { group } = found;
  const allowed = await deps.rules.mayManage(link, v, group);
  if (!allowed.ok) return allowed.reply;
  await deps.store.bindChannelGroup({
    platform: link.platform,
    channelId: place.channelId,
    groupId: group.id,
    groupName: group.name,
    boundBy: link.chatUserId,
    boundAt: deps.now(),
  });
  const c = v.channel;
  const said = c.t('bind.done', { who: inert(nameOf(link)), group: inert(group.name) });
  return success(c, said, { visibility: 'channel' });
}

/** By someone who may manage the group the channel is bound to. */
export async function unbindChannel(
  deps: GroupDeps,
  link: IdentityLink,
  v: Voice,
  place: Place,
): Promise<Reply> {
  if (!place.channelId) return warning(v, v.t('bind.inAChannel'));
  const bound = await deps.store.getChannelGroup(link.platform, place.channelId);
  if (!bound) return info(v, v.t('bind.notBound'));
  const group = { id: bound.groupId, name: bound.groupName };
  const allowed = await deps.rules.mayManage(link, v, group);
  if (!allowed.ok) return allowed.reply;
  await deps.store.unbindChannelGroup(link.platform, place.channelId);
  const c = v.channel;
  return success(c, c.t('bind.undone', { group: inert(bound.groupName) }), {
    visibility: 'channel',
  });
}

/** With no group, the group this channel is bound to. */
export async function membersHere(
  deps: GroupDeps,
  link: IdentityLink,
  v: Voice,
  place: Place,
  group: string | undefined,
): Promise<Reply> {
  const inChannel = place.channelId !== undefined;
  if (group) return membersReply(v, deps.client, group, inChannel);
  const bound = place.channelId
    ? await deps.store.getChannelGroup(link.platform, place.channelId)
    : undefined;
  if (bound) return membersReply(v, deps.client, bound.groupId, inChannel);
  return warning(v, v.t('members.whichGroup', { inChannel: flag(place.channelId) }));
}

const targetOf = (person: Person) => ({
  targetUserId: person.accessUserId,
  targetName: person.displayName,
  targetEmail: person.email,
});
