/**
 * `apps [search]`, `app <name>`, and `app set|clear|policy …`. Names with spaces are quoted, or
 * the longest start of the words that names one; a value may also follow `--`.
 */
import { z } from 'zod';
import { fail, type Parsed, tooLong, words } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';

export const MAX_FIELD_VALUE = 500;
const Target = z.string().min(1).max(600);

export const AppCommand = z.discriminatedUnion('action', [
  z.object({ name: z.literal('app'), action: z.literal('show'), app: z.string().min(1).max(300) }),
  z.object({
    name: z.literal('app'),
    action: z.literal('set'),
    /** The application, the field and (without `--`) the value. */
    words: z.array(z.string().min(1)).min(1).max(120),
    /** What followed `--`. */
    value: z.string().max(MAX_FIELD_VALUE).optional(),
  }),
  z.object({ name: z.literal('app'), action: z.literal('clear'), words: z.array(Target).min(1) }),
  z.object({ name: z.literal('app'), action: z.literal('policy'), words: z.array(Target).min(1) }),
]);
export type AppCommand = z.infer<typeof AppCommand>;

export const AppsCommand = z.object({
  name: z.literal('apps'),
  search: z.string().max(200).optional(),
});

export function parseApps(v: Voice, args: string): Parsed<z.infer<typeof AppsCommand>> {
  if (args.length > 200) return tooLong(v, 'search', args, 200);
  return { ok: true, command: { name: 'apps', search: words(args).join(' ') || undefined } };
}

/** `args`: what follows `app`; `free`: what follows `--`, if it was typed. */
export function parseAppCommand(
  v: Voice,
  head: string,
  free: string | undefined,
): Parsed<AppCommand> {
  const [verb = '', ...rest] = words(head);
  const action = verb.toLowerCase();
  if (action === 'set' || action === 'clear' || action === 'policy') {
    if (free !== undefined && action !== 'set') return fail(v.t('parse.appUsage'));
    if (free !== undefined && free.length > MAX_FIELD_VALUE) {
      return fail(v.t('parse.appValueTooLong', { max: MAX_FIELD_VALUE }));
    }
    const least = action === 'set' && free === undefined ? 3 : action === 'policy' ? 3 : 2;
    const command = AppCommand.safeParse({ name: 'app', action, words: rest, value: free });
    if (rest.length < least || !command.success) return fail(v.t('parse.appUsage'));
    return { ok: true, command: command.data };
  }
  const app = words(head).join(' ');
  if (!app || free !== undefined) return fail(v.t('parse.appUsage'));
  const command = AppCommand.safeParse({ name: 'app', action: 'show', app });
  return command.success ? { ok: true, command: command.data } : fail(v.t('parse.appUsage'));
}
