/**
 * Links from the chat directory: a platform's member list (Slack's users.list) is joined with
 * the Access Service's users by e-mail address, case-insensitively, so approvers who never spoke
 * to the bot still get their tasks. A link whose member now shows another address that matches
 * no Access user, or none, is dropped: links follow people. Access users left without any link
 * are counted, not polled.
 */
import type { DirectorySource } from '../core/directory-source.ts';
import type { IdentityLink, LinkStore } from '../store/store.ts';
import type { PollerContext } from './context.ts';

export interface DirectorySyncReport {
  /** Links written (new, or changed to another Access user or address). */
  linked: number;
  /** Members whose e-mail matches no Access user, summed over the sources. */
  unmatched: number;
  /** Links dropped: their member's address changed to one of nobody's, or went. */
  dropped: number;
  /** Access users with no link on any platform. */
  unlinked: number;
}

const normal = (email: string) => email.trim().toLowerCase();

export async function syncDirectory(
  deps: PollerContext<LinkStore>,
  sources: readonly DirectorySource[],
): Promise<DirectorySyncReport> {
  const { client, store, clock, metrics } = deps;
  const users = new Map<string, { id: string; displayName: string | null }>();
  const listed = await deps.gate.run(() => Array.fromAsync(client.listUsers()));
  const accessIds = listed.map((user) => user.id);
  for (const user of listed) {
    if (user.email)
      users.set(normal(user.email), { id: user.id, displayName: user.displayName ?? null });
  }

  let linked = 0;
  let unmatched = 0;
  let dropped = 0;
  for (const source of sources) {
    const known = new Map((await store.listLinks(source.platform)).map((l) => [l.chatUserId, l]));
    let missing = 0;
    for await (const member of source.members()) {
      const email = normal(member.email ?? '');
      const user = email ? users.get(email) : undefined;
      const link = known.get(member.chatUserId);
      if (!user) {
        if (email) missing++;
        if (link && link.email !== email) {
          await store.deleteLink(source.platform, member.chatUserId);
          dropped++;
        }
        continue;
      }
      if (link?.accessUserId === user.id && link.email === email) continue;
      const fresh: IdentityLink = {
        platform: source.platform,
        chatUserId: member.chatUserId,
        accessUserId: user.id,
        email,
        displayName: user.displayName,
        linkedAt: clock.now(),
      };
      await store.saveLink(fresh);
      linked++;
    }
    metrics.unmatchedMembers.set({ platform: source.platform }, missing);
    unmatched += missing;
  }

  const withLink = new Set((await store.listLinks()).map((l) => l.accessUserId));
  const unlinked = accessIds.filter((id) => !withLink.has(id)).length;
  metrics.unlinkedUsers.set(unlinked);
  deps.log.info({ linked, unmatched, dropped, unlinked }, 'directory synced');
  return { linked, unmatched, dropped, unlinked };
}
