/** `confirm <code>` and `cancel <code>`: every confirmation, whatever waits for it. */
import { z } from 'zod';
import { fail, type Parsed } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';
import { ConfirmCode } from './code.ts';

export const ConfirmCommands = [
  z.object({ name: z.literal('confirm'), code: ConfirmCode }),
  z.object({ name: z.literal('cancel'), code: ConfirmCode }),
] as const;
export type ConfirmCommand = z.infer<(typeof ConfirmCommands)[number]>;

export function parseConfirmation(
  v: Voice,
  name: ConfirmCommand['name'],
  args: string,
): Parsed<ConfirmCommand> {
  const code = ConfirmCode.safeParse(args.trim().toLowerCase());
  if (code.success) return { ok: true, command: { name, code: code.data } };
  return fail(
    name === 'confirm' ? v.t('parse.whichConfirmation') : v.t('parse.whichChange', { name }),
  );
}
