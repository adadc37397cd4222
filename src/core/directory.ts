/** `members`, `groups` and `apps`: read-only answers about the organisation, for linked people. */
import type { AccessClient } from '../access/client.ts';
import type { UsersGroup, WorkApp } from '../access/schemas.ts';
import { appMatches } from './catalog.ts';
import { plural, sentenceList } from './format.ts';
import { matchByName } from './match.ts';
import { info, listBlock, type Reply, warning } from './reply.ts';
import { found } from './service-errors.ts';
import { inert } from './text.ts';

/** Lists longer than this are cut, with a count of what was left out. */
export const MAX_LIST = 50;

export const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function membersReply(client: AccessClient, query: string): Promise<Reply> {
  const found = await findGroup(client, query);
  if ('reply' in found) return found.reply;
  const { group } = found;
  const members = await Array.fromAsync(client.listGroupMembers(group.id));
  // The whole channel sees this answer (guests and other organisations too): names only.
  const lines = members.map((m) => inert(m.displayName ?? m.id)).sort((a, b) => a.localeCompare(b));
  const name = inert(group.name);
  const title = `${name} — ${plural(lines.length, 'member')}`;
  if (!lines.length) {
    return info(`${name} has no members.`, { visibility: 'channel', title: name });
  }
  return info(`${title}: ${lines.slice(0, MAX_LIST).join(', ')}`, {
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

/** The group a person named by id or name, or the reply that says which they may have meant. */
export async function findGroup(
  client: AccessClient,
  query: string,
): Promise<{ group: UsersGroup } | { reply: Reply }> {
  if (uuidLike.test(query)) {
    const group = await found(client.getGroup(query));
    return group ? { group } : { reply: warning(`There is no group with id ${inert(query)}.`) };
  }
  const groups = await Array.fromAsync(client.listGroups());
  const match = matchByName(groups, query, (g) => g.name);
  if (match.kind === 'one') return { group: match.item };
  if (match.kind === 'many') {
    const names = match.items.slice(0, 10).map((g) => `"${inert(g.name)}"`);
    return {
      reply: warning(
        `"${inert(query)}" matches several groups: ${sentenceList(names)}. Which one?`,
      ),
    };
  }
  const hint = match.suggestions.length
    ? ` Did you mean ${sentenceList(match.suggestions.map((g) => `"${inert(g.name)}"`))}?`
    : ' Type `groups` to see them all.';
  return { reply: warning(`I found no group called "${inert(query)}".${hint}`) };
}

export async function groupsReply(client: AccessClient): Promise<Reply> {
  const groups = await Array.fromAsync(client.listGroups());
  const lines = groups
    .map((g) => (g.description ? `${inert(g.name)} — ${inert(g.description)}` : inert(g.name)))
    .sort((a, b) => a.localeCompare(b));
  if (!lines.length) return info('There are no user groups.');
  return info(`Groups: ${groups.map((g) => inert(g.name)).join(', ')}`, {
    title: `${plural(lines.length, 'group')}`,
    blocks: [
      listBlock(lines, MAX_LIST),
      { kind: 'note', text: 'See who is in one with `members <group>`.' },
    ],
  });
}

export function appsReply(all: readonly WorkApp[], search?: string): Reply {
  const apps = all
    .filter((app) => !search || appMatches(app, search))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (!apps.length) {
    return info(
      search ? `No application matches "${inert(search)}".` : 'There are no applications.',
    );
  }
  const lines = apps.map((a) =>
    a.description ? `${inert(a.name)} — ${inert(a.description)}` : inert(a.name),
  );
  const title = search
    ? `${plural(apps.length, 'application')} matching "${inert(search)}"`
    : plural(apps.length, 'application');
  return info(`${title}: ${apps.map((a) => inert(a.name)).join(', ')}`, {
    title,
    blocks: [
      listBlock(lines, MAX_LIST),
      { kind: 'note', text: 'Ask for access with `request <app> [level] -- <why>`.' },
    ],
  });
}
