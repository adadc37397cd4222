/**
 * What the outbox does when a platform call fails: a gone recipient ends the intent, and so does
 * a message the platform refuses as it is (counted and logged as given up); anything else is
 * retried later (2 s, doubling to 5 minutes, never sooner than the platform asked), and
 * given up after the last try, counted and logged loudly. And what it says when it loses track
 * of a message it could not look for.
 */
import {
  LookupFailedError,
  MessageRefusedError,
  PlatformUnavailableError,
  RecipientGoneError,
} from '../core/notifier.ts';
import { backoffDelay } from '../net/retry.ts';
import type { Intent, IntentEnd, Notification } from '../store/store.ts';
import { keyOf, type OutboxContext } from './notification.ts';
import { KINDS, kindOf } from './targets.ts';

/** Tries of one intent before it is given up. */
const MAX_ATTEMPTS = 12;
/** A failed call is retried after 2 s, doubling up to 5 minutes. */
const RETRY = { baseDelayMs: 2_000, maxDelayMs: 300_000 };

export type Labels = { platform: string; kind: string };

/** Records the failure; how the intent ends now, or undefined when it waits for a retry. */
export async function failed(
  ctx: OutboxContext,
  random: () => number,
  { n, intent, labels, error }: { n: Notification; intent: Intent; labels: Labels; error: unknown },
): Promise<IntentEnd | undefined> {
  const { log, metrics, clock } = ctx;
  const key = keyOf(n);
  if (error instanceof RecipientGoneError) {
    metrics.notifications.inc({ ...labels, outcome: 'gone' });
    // A channel of the rules the bot was never invited to is the admin's to fix: say so loudly.
    const level = error.code === 'NOT_IN_CHANNEL' ? 'warn' : 'info';
    log[level]({ err: error, ...key, kind: labels.kind }, 'the recipient is gone');
    return 'drop';
  }
  metrics.notifications.inc({ ...labels, outcome: 'failed' });
  if (error instanceof MessageRefusedError) {
    metrics.deliveryGiveUps.inc({ platform: n.platform, kind: labels.kind });
    log.error(
      { err: error, ...key, kind: labels.kind },
      'gave up a message the platform refuses as it is; it is missing or out of date',
    );
    return 'drop';
  }
  const attempts = intent.attempts + 1;
  if (attempts >= MAX_ATTEMPTS) {
    metrics.deliveryGiveUps.inc({ platform: n.platform, kind: labels.kind });
    log.error(
      { err: error, ...key, kind: labels.kind, attempts },
      'gave up a message after every retry failed; it is missing or out of date',
    );
    return 'drop';
  }
  // A platform that said how long to leave it alone (Retry-After) is not asked again sooner.
  const asked = error instanceof PlatformUnavailableError ? (error.retryAfterMs ?? 0) : 0;
  const delay = Math.max(asked, backoffDelay(RETRY, attempts, random));
  log.warn(
    { err: error, ...key, kind: labels.kind, attempts, retryInMs: Math.round(delay) },
    'could not post or update a message; retrying',
  );
  const dueAt = new Date(clock.now().getTime() + delay);
  await ctx.store.postponeIntent(key, ctx.owner, intent.seq, dueAt);
  return undefined;
}

/** Counts and logs a message the platform could not be asked about; names a missing scope. */
export function lostTrack(ctx: OutboxContext, n: Notification, intent: Intent, error: unknown) {
  const missingScope = error instanceof LookupFailedError ? error.missingScope : undefined;
  const follows = intent.kind === 'follow_up';
  const kind = follows ? 'reminder_follow_up' : KINDS[kindOf(n.recipient)].label;
  ctx.metrics.lostTrack.inc({ platform: n.platform, kind });
  const lacking = missingScope ? `: the app lacks the ${missingScope} scope` : '';
  const then = follows ? '' : ', and a decision is told in a note';
  ctx.log.warn(
    { err: error, ...keyOf(n), kind: intent.kind, ...(missingScope && { missingScope }) },
    `could not look for a message${lacking}; it is not posted again${then}`,
  );
}
