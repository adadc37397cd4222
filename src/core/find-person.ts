/**
 * Finding the Access Service user a person named: a mention is linked as the speaker would be
 * (through the platform's profile e-mail, see identity.ts), an e-mail address is matched
 * case-insensitively, and a name must name one person; otherwise the reply offers the close
 * matches or asks for an e-mail address.
 */
import type { AccessClient } from '../access/client.ts';
import type { User } from '../access/schemas.ts';
import { NotLinkedError, ProfileUnavailableError } from './errors.ts';
import { sentenceList } from './format.ts';
import type { ChatActor, Identity } from './identity.ts';
import { matchByName } from './match.ts';
import { PlatformUnavailableError } from './notifier.ts';
import { describeRef, type PersonRef } from './person-ref.ts';
import { type Reply, warning } from './reply.ts';
import { inert } from './text.ts';

/** An Access Service user, as accessbot shows and audits them. */
export interface Person {
  accessUserId: string;
  displayName: string | null;
  email: string | null;
}

/**
 * How the platform of a command reaches a person someone mentioned (by the id the mention
 * carries); absent where nobody can be. `NotLinkedError` when the platform cannot tell who it is.
 */
export type MentionLookup = (mentionId: string) => Promise<ChatActor>;

const SHOWN = 5;

export const personName = (p: Pick<Person, 'displayName' | 'email' | 'accessUserId'>) =>
  inert(p.displayName ?? p.email ?? p.accessUserId);

const fromUser = (user: User): Person => ({
  accessUserId: user.id,
  displayName: user.displayName ?? null,
  email: user.email?.trim().toLowerCase() ?? null,
});

const labelled = (user: User) => {
  const name = inert(user.displayName ?? user.id);
  return user.email ? `${name} (${inert(user.email)})` : name;
};

export async function findPerson(
  deps: { client: AccessClient; identity: Identity; mention?: MentionLookup },
  ref: PersonRef,
): Promise<{ person: Person } | { reply: Reply }> {
  if (ref.kind === 'mention') {
    if (!deps.mention) {
      return { reply: warning('Mentions do not work here: name the person by e-mail address.') };
    }
    try {
      // A link is a Person, with the chat side besides.
      return { person: await deps.identity.resolve(await deps.mention(ref.chatUserId)) };
    } catch (error) {
      if (error instanceof ProfileUnavailableError || error instanceof PlatformUnavailableError) {
        return {
          reply: warning(
            "I couldn't look up the person you mentioned just now (the chat service did not answer). Nothing was changed; try again in a minute, or name them by e-mail address.",
          ),
        };
      }
      if (!(error instanceof NotLinkedError)) throw error;
      return {
        reply: warning(
          "I can't tell who the person you mentioned is in the Access Service (their chat profile shows no e-mail address that belongs to an Access user). Name them by e-mail address instead.",
        ),
      };
    }
  }
  const users = await Array.fromAsync(deps.client.listUsers());
  if (ref.kind === 'email') {
    const user = users.find((u) => u.email?.trim().toLowerCase() === ref.email);
    if (user) return { person: fromUser(user) };
    const close = matchByName(
      users.filter((u) => u.email),
      ref.email,
      (u) => u.email ?? '',
    );
    const hint =
      close.kind === 'none' && close.suggestions.length
        ? ` Did you mean ${sentenceList(close.suggestions.slice(0, SHOWN).map((u) => inert(u.email!)))}?`
        : '';
    return {
      reply: warning(`Nobody in the Access Service has the address ${inert(ref.email)}.${hint}`),
    };
  }
  const match = matchByName(users, ref.name, (u) => u.displayName ?? '');
  if (match.kind === 'one') return { person: fromUser(match.item) };
  if (match.kind === 'many') {
    const names = match.items.slice(0, SHOWN).map(labelled);
    return {
      reply: warning(
        `${describeRef(ref)} matches several people: ${sentenceList(names)}. Which one? Name them by e-mail address.`,
      ),
    };
  }
  const hint = match.suggestions.length
    ? ` Did you mean ${sentenceList(match.suggestions.slice(0, SHOWN).map(labelled))}?`
    : ' Name them by e-mail address.';
  return { reply: warning(`I found nobody called ${describeRef(ref)}.${hint}`) };
}
