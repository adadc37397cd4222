/**
 * The poller's messaging port on Slack. Its client never repeats a post (after a lost answer that
 * would post twice) nor waits out a 429: the poller decides. Each tagged message carries metadata
 * (accessbot_delivery), so after a crash `find` reads it back instead of posting twice.
 */
import { z } from 'zod';
import {
  type DeliveryTag,
  type Destination,
  type Lookup,
  LookupFailedError,
  type MessageRef,
  type Notifier,
  RecipientGoneError,
} from '../../src/core/notifier.ts';
import type { Reply } from '../../src/core/reply.ts';
import type { SlackApi } from './api.ts';
import { missingScopeOf, NotInChannelError } from './errors.ts';
import { SlackPeople } from './people.ts';
import { renderReply } from './render.ts';

const SlackRef = z.object({ channel: z.string().min(1), ts: z.string().min(1) });
type SlackRef = z.infer<typeof SlackRef>;

export const DELIVERY_EVENT = 'accessbot_delivery';

const Opened = z.object({ channel: z.object({ id: z.string().min(1) }) });
const Posted = SlackRef;
const History = z.object({
  messages: z.array(
    z.object({
      ts: z.string(),
      metadata: z
        .object({ event_type: z.string().optional(), event_payload: z.unknown().optional() })
        .optional(),
    }),
  ),
  has_more: z.boolean().optional(),
  response_metadata: z.object({ next_cursor: z.string().optional() }).optional(),
});
const Payload = z.object({ delivery_id: z.string() });

/** Pages of history read at most by one `find`; recovery looks back minutes, not months. */
const MAX_PAGES = 5;
const PAGE_SIZE = 200;
/** Slack's clock and ours may differ a little: look a minute further back. */
const SKEW_MS = 60_000;

const metadataOf = (tag: DeliveryTag) => ({
  event_type: DELIVERY_EVENT,
  event_payload: { delivery_id: tag.deliveryId, task_id: tag.taskId },
});

export class SlackNotifier implements Notifier {
  readonly platform = 'slack' as const;
  readonly #api: SlackApi;
  /** Each person's zone and language: the poller's, and the handlers' too (one cache). */
  readonly people: SlackPeople;

  constructor(api: SlackApi, now: () => number = Date.now) {
    this.#api = api;
    this.people = new SlackPeople(api, now);
  }

  async timeZoneOf(chatUserId: string): Promise<string | undefined> {
    return (await this.people.of(chatUserId)).timeZone;
  }

  async localeOf(chatUserId: string): Promise<string | undefined> {
    return (await this.people.of(chatUserId)).locale;
  }

  async post(to: Destination, message: Reply, tag?: DeliveryTag): Promise<MessageRef> {
    return refOf(to, await this.#post(to, { channel: await this.#channelOf(to) }, message, tag));
  }

  async update(ref: MessageRef, message: Reply): Promise<void> {
    const { channel, ts } = slackRef(ref);
    await naming(ref.destination, channel, 'chat.update', () =>
      this.#api.call('chat.update', { channel, ts, ...renderReply(message) }, z.unknown()),
    );
  }

  /** A reply in the message's thread: Slack notifies the person, the card stays where it was. */
  async followUp(ref: MessageRef, message: Reply, tag?: DeliveryTag): Promise<void> {
    const { channel, ts } = slackRef(ref);
    await this.#post(ref.destination, { channel, thread_ts: ts }, message, tag);
  }

  async find(where: Destination | MessageRef, tag: DeliveryTag, since: Date): Promise<Lookup> {
    const inThread = 'data' in where;
    const to = inThread ? where.destination : where;
    const thread = inThread ? slackRef(where) : undefined;
    const channel = thread?.channel ?? (await this.#channelOf(to));
    const oldest = ((since.getTime() - SKEW_MS) / 1000).toFixed(6);
    let cursor: string | undefined;
    const method = thread ? 'conversations.replies' : 'conversations.history';
    for (let page = 0; page < MAX_PAGES; page++) {
      const args = { channel, ...(thread && { ts: thread.ts }), oldest, limit: PAGE_SIZE };
      const history = await this.#api
        .call(method, { ...args, include_all_metadata: true, ...(cursor && { cursor }) }, History)
        .catch((error: unknown) => {
          const missingScope = missingScopeOf(error);
          if (!missingScope) throw error;
          const what = `Slack ${method} needs the ${missingScope} scope`;
          throw new LookupFailedError(what, { cause: error, missingScope });
        });
      const found = history.messages.find(
        (m) =>
          m.metadata?.event_type === DELIVERY_EVENT &&
          Payload.safeParse(m.metadata.event_payload).data?.delivery_id === tag.deliveryId,
      );
      if (found) return { kind: 'found', ref: refOf(to, { channel, ts: found.ts }) };
      cursor = history.response_metadata?.next_cursor;
      if (!history.has_more || !cursor) return { kind: 'absent' };
    }
    // Too much history to read through: better to say nothing than to claim there is none.
    throw new LookupFailedError(`more than ${MAX_PAGES * PAGE_SIZE} messages to read back`);
  }

  #post(
    to: Destination,
    where: { channel: string; thread_ts?: string },
    message: Reply,
    tag?: DeliveryTag,
  ) {
    const metadata = tag && { metadata: metadataOf(tag) };
    const args = { ...where, ...renderReply(message), ...metadata };
    return naming(to, where.channel, 'chat.postMessage', () =>
      this.#api.call('chat.postMessage', args, Posted),
    );
  }

  /** A person's messages go to the DM conversation (`D…`), the one history can be read from. */
  async #channelOf(to: Destination): Promise<string> {
    if (to.kind === 'channel') return to.channelId;
    const opened = await this.#api.call('conversations.open', { users: to.chatUserId }, Opened);
    return opened.channel.id;
  }
}

/** A not_in_channel refusal on a NOTIFY_RULES channel names the channel to invite the bot to. */
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

function slackRef(ref: MessageRef): SlackRef {
  const where = SlackRef.safeParse(ref.data);
  if (!where.success) throw new RecipientGoneError('not a Slack message reference');
  return where.data;
}

const refOf = (to: Destination, posted: SlackRef): MessageRef => ({
  platform: 'slack',
  destination: to,
  data: { channel: posted.channel, ts: posted.ts },
});
