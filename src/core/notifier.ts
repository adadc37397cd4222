/**
 * The messaging port every chat adapter implements for the poller: post a message to a person
 * or a channel and get its reference back; later, edit that message by its reference. Every
 * method is required; no capability has to be probed.
 */
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { Platform } from '../store/store.ts';
import type { Reply } from './reply.ts';

export const Destination = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), chatUserId: z.string().min(1) }),
  z.object({ kind: z.literal('channel'), channelId: z.string().min(1) }),
]);
export type Destination = z.infer<typeof Destination>;

/** Where a message went; `data` is the adapter's own (Slack: channel and ts; Teams: reference and activity id). */
export const MessageRef = z.object({
  platform: Platform,
  destination: Destination,
  data: z.record(z.string(), z.unknown()),
});
export type MessageRef = z.infer<typeof MessageRef>;

export interface Notifier {
  readonly platform: Platform;
  post(to: Destination, message: Reply): Promise<MessageRef>;
  /** Replaces the message's content, e.g. a task card with its outcome. */
  update(ref: MessageRef, message: Reply): Promise<void>;
  /**
   * Posts a short follow-up to a sent message — in its thread where the platform has threads —
   * so the person is notified again: an edit notifies no one. Used for reminders.
   */
  followUp(ref: MessageRef, message: Reply): Promise<void>;
}

/** The person or channel can no longer be reached (bot removed, user deactivated). */
export class RecipientGoneError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('RECIPIENT_GONE', message, options);
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
