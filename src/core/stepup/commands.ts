/** `passkeys`, `passkeys add`, `passkeys remove <n>`, `passkeys reset <person>` (admins). */
import { z } from 'zod';
import { fail, type Parsed, words } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';
import { MAX_PERSON_LENGTH, PersonRef, personOf } from '../person-ref.ts';

export const PasskeyCommands = [
  z.object({
    name: z.literal('passkeys'),
    change: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('add') }),
        z.object({ kind: z.literal('remove'), n: z.number().int().positive() }),
        z.object({ kind: z.literal('reset'), person: PersonRef }),
      ])
      .optional(),
  }),
] as const;
export type PasskeyCommand = z.infer<(typeof PasskeyCommands)[number]>;

export function parsePasskeys(v: Voice, args: string): Parsed<PasskeyCommand> {
  const usage = () => fail(v.t('parse.passkeys'));
  const [verb, ...rest] = words(args);
  if (verb === undefined) return { ok: true, command: { name: 'passkeys' } };
  const kind = verb.toLowerCase();
  if (kind === 'add' && !rest.length) {
    return { ok: true, command: { name: 'passkeys', change: { kind } } };
  }
  if (kind === 'remove' && rest.length === 1 && /^\d{1,3}$/.test(rest[0]!)) {
    const n = Number(rest[0]);
    return n > 0 ? { ok: true, command: { name: 'passkeys', change: { kind, n } } } : usage();
  }
  if (kind === 'reset' && rest.length) {
    if (rest.join(' ').length > MAX_PERSON_LENGTH) {
      return fail(v.t('parse.nameTooLong', { max: MAX_PERSON_LENGTH }));
    }
    return { ok: true, command: { name: 'passkeys', change: { kind, person: personOf(rest) } } };
  }
  return usage();
}
