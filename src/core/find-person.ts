/**
 * The Access user a person named: a mention is linked as the speaker would be (identity.ts), an
 * e-mail matched case-insensitively, a name must name one person (else close matches are offered).
 */
import type { AccessClient } from '../access/client.ts';
import type { User } from '../access/schemas.ts';
import { NotLinkedError, ProfileUnavailableError } from './errors.ts';
import type { Voice } from './i18n/voice.ts';
import type { ChatActor, Identity } from './identity.ts';
import { matchByName } from './match.ts';
import { PlatformUnavailableError } from './notifier.ts';
import { describeRef, type PersonRef } from './person-ref.ts';
import { type Reply, warning } from './reply.ts';
import { inert } from './text.ts';

export interface Person {
  accessUserId: string;
  displayName: string | null;
  email: string | null;
}

/** Throws `NotLinkedError` when the platform cannot tell who the mention is. */
export type MentionLookup = (mentionId: string) => Promise<ChatActor>;

const SHOWN = 5;

export const personName = (p: Pick<Person, 'displayName' | 'email' | 'accessUserId'>) =>
  inert(p.displayName ?? p.email ?? p.accessUserId);

const fromUser = (user: User): Person => ({
  accessUserId: user.id,
  displayName: user.displayName ?? null,
  email: user.email?.trim().toLowerCase() ?? null,
});

const labelled = (v: Voice, user: User) => {
  const name = inert(user.displayName ?? user.id);
  return user.email ? v.t('person.withEmail', { name, email: inert(user.email) }) : name;
};

export async function findPerson(
  deps: { client: AccessClient; identity: Identity; mention?: MentionLookup },
  v: Voice,
  ref: PersonRef,
): Promise<{ person: Person } | { reply: Reply }> {
  if (ref.kind === 'mention') {
    if (!deps.mention) return { reply: warning(v, v.t('person.noMentions')) };
    try {
      // A link is a Person, with the chat side besides.
      return { person: await deps.identity.resolve(await deps.mention(ref.chatUserId)) };
    } catch (error) {
      if (error instanceof ProfileUnavailableError || error instanceof PlatformUnavailableError) {
        return { reply: warning(v, v.t('person.mentionUnavailable')) };
      }
      if (!(error instanceof NotLinkedError)) throw error;
      return { reply: warning(v, v.t('person.mentionUnknown')) };
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
    const email = inert(ref.email);
    const guesses = close.kind === 'none' ? close.suggestions.slice(0, SHOWN) : [];
    const said = guesses.length
      ? v.t('person.noAddressGuess', {
          email,
          guesses: v.list(guesses.map((u) => inert(u.email!))),
        })
      : v.t('person.noAddress', { email });
    return { reply: warning(v, said) };
  }
  const match = matchByName(users, ref.name, (u) => u.displayName ?? '');
  if (match.kind === 'one') return { person: fromUser(match.item) };
  const named = describeRef(v, ref);
  if (match.kind === 'many') {
    const people = v.list(match.items.slice(0, SHOWN).map((u) => labelled(v, u)));
    return { reply: warning(v, v.t('person.several', { named, people })) };
  }
  const guesses = match.suggestions.slice(0, SHOWN).map((u) => labelled(v, u));
  const said = guesses.length
    ? v.t('person.nobodyGuess', { named, guesses: v.list(guesses) })
    : v.t('person.nobody', { named });
  return { reply: warning(v, said) };
}
