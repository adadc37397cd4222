/** `members`, `groups` and `apps`: read-only answers about the organisation, for linked people. */
import type { AccessClient } from '../../access/client.ts';
import type { UsersGroup } from '../../access/schemas.ts';
import { uuidLike } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';
import { matchByName } from '../match.ts';
import { described, info, listBlock, MAX_LIST, type Reply, warning } from '../reply.ts';
import { found } from '../service-errors.ts';
import { inert } from '../text.ts';

/** In a channel, in the organisation's voice; a failure to find the group, in the asker's. */
export async function membersReply(
  v: Voice,
  client: AccessClient,
  query: string,
  inChannel: boolean,
): Promise<Reply> {
  const found = await findGroup(v, client, query);
  if ('reply' in found) return found.reply;
  const { group } = found;
  const members = await Array.fromAsync(client.listGroupMembers(group.id));
  const c = inChannel ? v.channel : v;
  // The whole channel sees this answer (guests and other organisations too): names only.
  const lines = members
    .map((m) => inert(m.displayName ?? m.id))
    .sort(new Intl.Collator(c.locale).compare);
  const name = inert(group.name);
  const title = c.t('members.title', { name, count: lines.length });
  if (!lines.length) {
    return info(c, c.t('members.none', { name }), { visibility: 'channel', title: name });
  }
  return info(c, c.t('members.summary', { title, names: lines.slice(0, MAX_LIST).join(', ') }), {
    visibility: 'channel',
    title,
    blocks: [listBlock(lines, MAX_LIST)],
  });
}

export async function isMember(client: AccessClient, groupId: string, accessUserId: string) {
  for await (const user of client.listGroupMembers(groupId)) {
    if (user.id === accessUserId) return true;
  }
  return false;
}

/** By id or name, or the reply that says which they may have meant. */
export async function findGroup(
  v: Voice,
  client: AccessClient,
  query: string,
): Promise<{ group: UsersGroup } | { reply: Reply }> {
  if (uuidLike.test(query)) {
    const group = await found(client.getGroup(query));
    return group ? { group } : { reply: warning(v, v.t('groups.noId', { id: inert(query) })) };
  }
  const groups = await Array.fromAsync(client.listGroups());
  const match = matchByName(groups, query, (g) => g.name);
  if (match.kind === 'one') return { group: match.item };
  const quoted = (items: readonly UsersGroup[]) =>
    v.list(items.map((g) => v.t('request.quoted', { name: inert(g.name) })));
  const typed = inert(query);
  if (match.kind === 'many') {
    const groups = quoted(match.items.slice(0, 10));
    return { reply: warning(v, v.t('groups.several', { typed, groups })) };
  }
  const said = match.suggestions.length
    ? v.t('groups.noneGuess', { typed, groups: quoted(match.suggestions) })
    : v.t('groups.none', { typed });
  return { reply: warning(v, said) };
}

export async function groupsReply(v: Voice, client: AccessClient): Promise<Reply> {
  const groups = await Array.fromAsync(client.listGroups());
  const lines = groups.map((g) => described(v, g)).sort(new Intl.Collator(v.locale).compare);
  if (!lines.length) return info(v, v.t('groups.empty'));
  const names = groups.map((g) => inert(g.name)).join(', ');
  return info(v, v.t('groups.summary', { names }), {
    title: v.t('groups.title', { count: lines.length }),
    blocks: [listBlock(lines, MAX_LIST), { kind: 'note', text: v.t('groups.hint') }],
  });
}
