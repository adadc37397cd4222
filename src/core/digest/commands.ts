/** `digest`, `digest daily|both <HH:MM>`, `digest off`: how an approver's tasks reach them. */
import { z } from 'zod';
import { fail, type Parsed } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';
import { inert } from '../text.ts';
import { DigestTime } from './store.ts';

export const DigestCommands = [
  z.object({
    name: z.literal('digest'),
    /** Undefined: say the current choice. */
    choice: z
      .discriminatedUnion('mode', [
        z.object({ mode: z.enum(['daily', 'both']), time: DigestTime }),
        z.object({ mode: z.literal('off') }),
      ])
      .optional(),
  }),
] as const;
export type DigestCommand = z.infer<(typeof DigestCommands)[number]>;

/** `9:00` is `09:00`; anything else past 23:59 is refused with the right form. */
export function parseDigest(
  v: Voice,
  _args: string,
  rest: readonly string[],
): Parsed<DigestCommand> {
  const usage = () => fail(v.t('parse.digestUsage', { usage: v.t('usage.digest') }));
  if (!rest.length) return { ok: true, command: { name: 'digest' } };
  const mode = rest[0]!.toLowerCase();
  if (mode === 'off') {
    return rest.length === 1
      ? { ok: true, command: { name: 'digest', choice: { mode } } }
      : usage();
  }
  if ((mode !== 'daily' && mode !== 'both') || rest.length !== 2) return usage();
  const typed = rest[1]!;
  const time = DigestTime.safeParse(/^\d:/.test(typed) ? `0${typed}` : typed);
  if (!time.success) return fail(v.t('parse.digestTime', { time: inert(typed, 20), mode }));
  return { ok: true, command: { name: 'digest', choice: { mode, time: time.data } } };
}
