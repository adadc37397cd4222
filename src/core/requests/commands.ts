/** The request commands: `request`, `requests` and `nudge`. */
import { z } from 'zod';
import { fail, MAX_REASON_LENGTH, type Parsed, splitFree, tooLong, words } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';
import { compactMentions, MAX_PERSON_LENGTH, PersonRef, personOf } from '../person-ref.ts';

/** A request by its number in the person's last `requests` list, or by its access id. */
export const RequestRef = z.union([
  z.object({ kind: z.literal('id'), id: z.uuid() }),
  z.object({ kind: z.literal('number'), n: z.number().int().min(1).max(500) }),
]);
export type RequestRef = z.infer<typeof RequestRef>;

export const RequestCommands = [
  z.object({
    name: z.literal('request'),
    /** App name, then optionally a permission level; absent: the platform may open a form. */
    target: z.string().max(300).optional(),
    justification: z.string().max(MAX_REASON_LENGTH).optional(),
    /** Someone else it is for (`for <person>`); absent: the speaker. */
    for: PersonRef.optional(),
  }),
  z.object({ name: z.literal('requests') }),
  z.object({ name: z.literal('nudge'), request: RequestRef }),
] as const;
export type RequestCommand = z.infer<(typeof RequestCommands)[number]>;

export function parseNudge(v: Voice, typed: readonly string[]): Parsed<RequestCommand> {
  const [word = ''] = typed;
  const n = /^\d{1,3}$/.test(word) ? Number(word) : Number.NaN;
  const ref = RequestRef.safeParse(
    Number.isNaN(n) ? { kind: 'id', id: word.toLowerCase() } : { kind: 'number', n },
  );
  if (typed.length === 1 && ref.success)
    return { ok: true, command: { name: 'nudge', request: ref.data } };
  return fail(v.t('parse.whichRequest', { usage: v.t('usage.nudge') }));
}

/** `… for <person>`: the last unquoted `for` word, so `"Copilot for Business"` stays an app. */
function splitFor(head: string): { target: string; person?: string } {
  const tokens = compactMentions(head).match(/"[^"]*"|“[^”]*”|\S+/g) ?? [];
  const at = tokens.findLastIndex((t) => t.toLowerCase() === 'for');
  if (at < 0) return { target: head };
  return { target: tokens.slice(0, at).join(' '), person: tokens.slice(at + 1).join(' ') };
}

/** No app: the platform may open a form. */
export function parseRequest(v: Voice, args: string): Parsed<RequestCommand> {
  const split = splitFree(args);
  const { target: head, person } = splitFor(split.head);
  const target = head || undefined;
  const justification = split.free || undefined;
  if (!target && (justification || person !== undefined)) {
    return fail(v.t('parse.whichApp', { usage: v.t('usage.request') }));
  }
  const named = person === undefined ? undefined : words(person);
  if (named && !named.length) return fail(v.t('parse.whoFor', { usage: v.t('usage.request') }));
  const ref = named && PersonRef.safeParse(personOf(named));
  if (ref && !ref.success) return tooLong(v, 'person', person!, MAX_PERSON_LENGTH);
  if (target && target.length > 300) return tooLong(v, 'appName', target, 300);
  if (justification && justification.length > MAX_REASON_LENGTH)
    return tooLong(v, 'justification', justification, MAX_REASON_LENGTH);
  const command = { name: 'request' as const, target, justification };
  return { ok: true, command: ref ? { ...command, for: ref.data } : command };
}
