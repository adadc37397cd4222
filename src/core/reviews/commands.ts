/**
 * `reviews` and `review <app or number> [page <n>]`, `review <…> keep all`,
 * `review <…> revoke all [-- <reason>]`. The group is named by the words before the last
 * keywords, so an application called "Page" or "Keep" is still reachable by its number.
 */
import { z } from 'zod';
import { fail, MAX_REASON_LENGTH, type Parsed, splitFree, tooLong, words } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';

const MAX_TARGET = 200;
export const MAX_PAGE = 100;

export const ReviewCommands = [
  z.object({ name: z.literal('reviews') }),
  z.object({
    name: z.literal('review'),
    target: z.string().min(1).max(MAX_TARGET),
    page: z.number().int().min(1).max(MAX_PAGE),
    /** Everyone left in the group, once confirmed. */
    batch: z.enum(['keep', 'revoke']).optional(),
    reason: z.string().max(MAX_REASON_LENGTH).optional(),
  }),
] as const;
export type ReviewCommand = z.infer<(typeof ReviewCommands)[number]>;

export function parseReview(v: Voice, args: string): Parsed<ReviewCommand> {
  const { head, free } = splitFree(args);
  const said = words(head);
  const usage = v.t('usage.review');
  let page = 1;
  let batch: 'keep' | 'revoke' | undefined;
  const tail = said.slice(-2).map((w) => w.toLowerCase());
  if (said.length > 2 && tail[0] === 'page') {
    const n = Number(tail[1]);
    if (!/^\d+$/.test(tail[1]!) || n < 1 || n > MAX_PAGE) return fail(v.t('reviews.badPage'));
    page = n;
    said.splice(-2);
  } else if (said.length > 2 && tail[1] === 'all' && (tail[0] === 'keep' || tail[0] === 'revoke')) {
    batch = tail[0];
    said.splice(-2);
  }
  if (free !== undefined && batch !== 'revoke') return fail(v.t('reviews.reasonOnlyRevoke'));
  const target = said.join(' ');
  if (!target) return fail(v.t('parse.whichReview', { usage }));
  if (target.length > MAX_TARGET) return tooLong(v, 'appName', target, MAX_TARGET);
  const reason = free || undefined;
  if (reason && reason.length > MAX_REASON_LENGTH)
    return tooLong(v, 'reason', reason, MAX_REASON_LENGTH);
  return { ok: true, command: { name: 'review', target, page, batch, reason } };
}
