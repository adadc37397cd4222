/**
 * The poller's messaging port on Slack: a direct message to a person (`conversations.open`, then
 * `chat.postMessage`) or a post to a channel, whose reference `{ channel, ts }` is kept to edit
 * the same message later with `chat.update`. It uses a client that never repeats a post by itself
 * (a repeat after a lost answer would post twice) and never waits out a 429: the errors say
 * whether the recipient is gone (RecipientGoneError) or to try later (PlatformUnavailableError
 * with `retryAfterMs`), and the poller decides.
 */
import { z } from 'zod';
import {
  type Destination,
  type MessageRef,
  type Notifier,
  RecipientGoneError,
} from '../../src/core/notifier.ts';
import type { Reply } from '../../src/core/reply.ts';
import type { SlackApi } from './api.ts';
import { NotInChannelError } from './errors.ts';
import { renderReply } from './render.ts';

/** What a Slack message reference holds. */
export const SlackRef = z.object({ channel: z.string().min(1), ts: z.string().min(1) });
export type SlackRef = z.infer<typeof SlackRef>;

const Opened = z.object({ channel: z.object({ id: z.string().min(1) }) });
const Posted = SlackRef;

export class SlackNotifier implements Notifier {
  readonly platform = 'slack' as const;
  readonly #api: SlackApi;

  constructor(api: SlackApi) {
    this.#api = api;
  }

  async post(to: Destination, message: Reply): Promise<MessageRef> {
    const channel = to.kind === 'user' ? await this.#openDm(to.chatUserId) : to.channelId;
    const posted = await naming(to, channel, 'chat.postMessage', () =>
      this.#api.call('chat.postMessage', { channel, ...renderReply(message) }, Posted),
    );
    return { platform: 'slack', destination: to, data: { channel: posted.channel, ts: posted.ts } };
  }

  async update(ref: MessageRef, message: Reply): Promise<void> {
    const where = SlackRef.safeParse(ref.data);
    if (!where.success) throw new RecipientGoneError('not a Slack message reference');
    const { channel, ts } = where.data;
    await naming(ref.destination, channel, 'chat.update', () =>
      this.#api.call('chat.update', { channel, ts, ...renderReply(message) }, z.unknown()),
    );
  }

  /** A reply in the message's thread: Slack notifies the person, the card stays where it was. */
  async followUp(ref: MessageRef, message: Reply): Promise<void> {
    const where = SlackRef.safeParse(ref.data);
    if (!where.success) throw new RecipientGoneError('not a Slack message reference');
    const { channel, ts } = where.data;
    await naming(ref.destination, channel, 'chat.postMessage', () =>
      this.#api.call(
        'chat.postMessage',
        { channel, thread_ts: ts, ...renderReply(message) },
        Posted,
      ),
    );
  }

  async #openDm(userId: string): Promise<string> {
    const opened = await this.#api.call('conversations.open', { users: userId }, Opened);
    return opened.channel.id;
  }
}

/**
 * Runs a call to `channel`; when the destination is a channel (a NOTIFY_RULES rule's), a
 * not_in_channel refusal then names the channel to invite the bot to.
 */
async function naming<T>(
  to: Destination,
  channel: string,
  method: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const named = error instanceof NotInChannelError && to.kind === 'channel';
    throw named ? error.inChannel(method, channel) : error;
  }
}
