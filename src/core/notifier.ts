/**
 * The messaging port every chat adapter implements for the poller: post a message to a person
 * or a channel and get its reference back; later, edit that message by its reference; and after
 * a crash, look for a message whose sending was never recorded. Every method is required; no
 * capability has to be probed (`find` answers `unknown` where the platform cannot tell).
 */
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { Platform } from '../store/store.ts';
import { channelVoice, type Voice, type VoiceDefaults, voiceFor } from './i18n/voice.ts';
import type { Reply } from './reply.ts';

export const Destination = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), chatUserId: z.string().min(1) }),
  z.object({ kind: z.literal('channel'), channelId: z.string().min(1) }),
]);
export type Destination = z.infer<typeof Destination>;

/** People by user, channels and group chats by conversation, in one key space. */
export const destinationKey = (to: Destination) =>
  to.kind === 'user' ? `user:${to.chatUserId}` : `channel:${to.channelId}`;

/** Where a message went; `data` is the adapter's own (Slack: channel and ts; Teams: reference and activity id). */
export const MessageRef = z.object({
  platform: Platform,
  destination: Destination,
  data: z.record(z.string(), z.unknown()),
});
export type MessageRef = z.infer<typeof MessageRef>;

/**
 * What a message the poller sends carries, so that it can be found again when the sender died
 * before storing its reference (Slack: the message's metadata).
 */
export interface DeliveryTag {
  deliveryId: string;
  taskId: string;
}

/** What `find` learned: the message and its reference, that there is none, or nothing. */
export type Lookup =
  | { kind: 'found'; ref: MessageRef }
  | { kind: 'absent' }
  /** The platform offers no way to look (Teams, the terminal): the caller decides. */
  | { kind: 'unknown' };

export interface Notifier {
  readonly platform: Platform;
  /** `tag` marks the message so that `find` can find it. */
  post(to: Destination, message: Reply, tag?: DeliveryTag): Promise<MessageRef>;
  /** Replaces the message's content, e.g. a task card with its outcome. */
  update(ref: MessageRef, message: Reply): Promise<void>;
  /**
   * Posts a short follow-up to a sent message — in its thread where the platform has threads —
   * so the person is notified again: an edit notifies no one. Used for reminders.
   */
  followUp(ref: MessageRef, message: Reply, tag?: DeliveryTag): Promise<void>;
  /**
   * The message tagged `tag` sent since `since`: posted to `where` when it is a destination, or
   * as a follow-up of `where` when it is a message. Bounded: it looks back from now to `since`,
   * and throws (LookupFailedError, PlatformUnavailableError) when it cannot tell.
   */
  find(where: Destination | MessageRef, tag: DeliveryTag, since: Date): Promise<Lookup>;
  /**
   * The person's IANA time zone (e.g. `Europe/Berlin`) when the platform tells it, undefined
   * when it does not; reminders and escalations wait for their working hours in it.
   */
  timeZoneOf(chatUserId: string): Promise<string | undefined>;
  /**
   * The language the person uses (a BCP 47 tag such as `de-DE`) when the platform tells it,
   * undefined when it does not; what the poller sends them is written in it.
   */
  localeOf(chatUserId: string): Promise<string | undefined>;
}

/**
 * The voice to write to `to` in: a channel's is the organisation's (DEFAULT_LOCALE); a person's
 * is their language and zone as their platform tells them — asked of the notifier, which keeps
 * them — or the defaults when it cannot say.
 */
export async function recipientVoice(
  notifier: Pick<Notifier, 'timeZoneOf' | 'localeOf'>,
  to: Destination,
  defaults: VoiceDefaults | undefined,
): Promise<Voice> {
  if (to.kind === 'channel') return channelVoice(defaults);
  const unknown = () => undefined;
  const [locale, zone] = await Promise.all([
    notifier.localeOf(to.chatUserId).catch(unknown),
    notifier.timeZoneOf(to.chatUserId).catch(unknown),
  ]);
  return voiceFor(locale, zone, defaults);
}

/** The person or channel can no longer be reached (bot removed, user deactivated). */
export class RecipientGoneError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('RECIPIENT_GONE', message, options);
  }
}

/**
 * `find` could not look: the platform refused the look-up (a permission the app lacks, named in
 * `missingScope`), or there was more to read than one look-up reads.
 */
export class LookupFailedError extends AppError {
  readonly missingScope: string | undefined;

  constructor(message: string, options?: { cause?: unknown; missingScope?: string }) {
    super('PLATFORM_LOOKUP_FAILED', message, options);
    this.missingScope = options?.missingScope;
  }
}

/**
 * The platform refused the message itself (malformed, too long, outputs a workflow step does not
 * declare): sent again, it would be refused again, so it is given up at once.
 */
export class MessageRefusedError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('MESSAGE_REFUSED', message, options);
  }
}

/** The platform refused or failed for now; try again later. */
export class PlatformUnavailableError extends AppError {
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options?: { cause?: unknown; retryAfterMs?: number }) {
    super('PLATFORM_UNAVAILABLE', message, options);
    this.retryAfterMs = options?.retryAfterMs;
  }
}
