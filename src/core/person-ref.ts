/**
 * A person as someone typed them: a chat mention (Slack's `<@U123>`, or the token the Teams
 * adapter puts where a mention was), an e-mail address, or (part of) a name.
 */
import { z } from 'zod';
import type { Voice } from './i18n/voice.ts';
import { inert } from './text.ts';

export const MAX_PERSON_LENGTH = 200;

export const PersonRef = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('mention'), chatUserId: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('email'), email: z.email().max(MAX_PERSON_LENGTH) }),
  z.object({ kind: z.literal('name'), name: z.string().min(1).max(MAX_PERSON_LENGTH) }),
]);
export type PersonRef = z.infer<typeof PersonRef>;

/** `<@U123>` or `<@U123|name>`: a mention, as Slack escapes it and the Teams adapter writes it. */
const MENTION = /^<@([^\s<>|]+)(?:\|[^<>]*)?>$/;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** A mention's token with any display name dropped, so a name with spaces stays one word. */
export const compactMentions = (text: string) => text.replace(/<@([^\s<>|]+)\|[^<>]*>/g, '<@$1>');

export function exactPerson(word: string): PersonRef | undefined {
  const mention = MENTION.exec(word);
  if (mention) return { kind: 'mention', chatUserId: mention[1]! };
  if (EMAIL.test(word)) {
    const email = PersonRef.safeParse({ kind: 'email', email: word.toLowerCase() });
    if (email.success) return email.data;
  }
  return undefined;
}

/** The person as they may be typed again, e.g. in a hint that shows a whole command. */
export function typedPerson(ref: PersonRef): string {
  if (ref.kind === 'mention') return `<@${ref.chatUserId}>`;
  return ref.kind === 'email' ? ref.email : ref.name;
}

/** A mention or address when it is one, else a name (`@` dropped). */
export function personOf(words: readonly string[]): PersonRef {
  const exact = words.length === 1 ? exactPerson(words[0]!) : undefined;
  return exact ?? { kind: 'name', name: words.join(' ').replace(/^@/, '') };
}

/** For a message that says they were not found. */
export function describeRef(v: Voice, ref: PersonRef): string {
  switch (ref.kind) {
    case 'mention':
      return v.t('person.mentioned');
    case 'email':
      return inert(ref.email);
    case 'name':
      return v.t('request.quoted', { name: inert(ref.name) });
  }
}
