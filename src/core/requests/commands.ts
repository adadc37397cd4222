/** The request commands: `request`, `requests` and `nudge`. */
import { z } from 'zod';
import { fail, MAX_REASON_LENGTH, type Parsed, splitFree, tooLong } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';

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

/** No app: the platform may open a form. */
export function parseRequest(v: Voice, args: string): Parsed<RequestCommand> {
  const { head, free } = splitFree(args);
  const target = head || undefined;
  const justification = free || undefined;
  if (!target && justification) {
    return fail(v.t('parse.whichApp', { usage: v.t('usage.request') }));
  }
  if (target && target.length > 300) return tooLong(v, 'appName', target, 300);
  if (justification && justification.length > MAX_REASON_LENGTH)
    return tooLong(v, 'justification', justification, MAX_REASON_LENGTH);
  return { ok: true, command: { name: 'request', target, justification } };
}
