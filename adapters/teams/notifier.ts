/**
 * The poller's way into Teams: a proactive message through the stored conversation reference,
 * later edited in place (`updateActivity`) rather than sent twice.
 */
import type { TurnContext } from 'botbuilder';
import { z } from 'zod';
import {
  type Destination,
  type Lookup,
  type MessageRef,
  type Notifier,
  PlatformUnavailableError,
  RecipientGoneError,
} from '../../src/core/notifier.ts';
import type { Reply } from '../../src/core/reply.ts';
import { messageActivity } from './activity.ts';
import { callConnector } from './api.ts';
import type { TeamsContext } from './context.ts';
import { ConversationRef, inConversation } from './references.ts';

export const TeamsMessageData = z.object({
  activityId: z.string().min(1),
  reference: ConversationRef,
});

/** A person's card refreshes for them: Teams names them by their `29:` id, kept in the reference. */
const refreshFor = (to: Destination, reference: ConversationRef) =>
  to.kind === 'user' && reference.user?.id ? [reference.user.id] : [];

export class TeamsNotifier implements Notifier {
  readonly platform = 'teams' as const;
  readonly #d: TeamsContext;

  constructor(deps: TeamsContext) {
    this.#d = deps;
  }

  async post(to: Destination, message: Reply): Promise<MessageRef> {
    const reference = await this.#d.references.get(to);
    if (!reference) {
      throw new RecipientGoneError(
        to.kind === 'user'
          ? 'this Teams user has not installed accessbot in personal scope (no conversation reference)'
          : 'accessbot was not added to this Teams conversation (no conversation reference)',
      );
    }
    const activity = messageActivity(message, { refreshFor: refreshFor(to, reference) });
    const sent = await this.#send(to, reference, 'sendActivity', (ctx) =>
      ctx.sendActivity(activity),
    );
    if (!sent?.id) {
      throw new PlatformUnavailableError(
        'the Bot Connector accepted the message but returned no id',
      );
    }
    const data: z.infer<typeof TeamsMessageData> = { activityId: sent.id, reference };
    return { platform: 'teams', destination: to, data };
  }

  async update(ref: MessageRef, message: Reply): Promise<void> {
    const { activityId, reference } = TeamsMessageData.parse(ref.data);
    const refreshing = refreshFor(ref.destination, reference);
    const activity = { ...messageActivity(message, { refreshFor: refreshing }), id: activityId };
    await this.#send(ref.destination, reference, 'updateActivity', (ctx) =>
      ctx.updateActivity(activity),
    );
  }

  /** Teams chats have no threads for a bot's message: the follow-up is a new message after it. */
  async followUp(ref: MessageRef, message: Reply): Promise<void> {
    const { reference } = TeamsMessageData.parse(ref.data);
    const activity = messageActivity(message, { refreshFor: [] });
    await this.#send(ref.destination, reference, 'sendActivity', (ctx) =>
      ctx.sendActivity(activity),
    );
  }

  /** The Bot Connector cannot list a conversation's messages (docs/delivery.md). */
  async find(): Promise<Lookup> {
    return { kind: 'unknown' };
  }

  /** A proactive turn tells no zone or language: those of the person's last activity are kept. */
  async timeZoneOf(chatUserId: string): Promise<string | undefined> {
    return (await this.#d.references.get({ kind: 'user', chatUserId }))?.localTimezone;
  }

  async localeOf(chatUserId: string): Promise<string | undefined> {
    return (await this.#d.references.get({ kind: 'user', chatUserId }))?.locale;
  }

  /** A gone recipient's reference is dropped. */
  async #send<T>(
    to: Destination,
    reference: ConversationRef,
    method: string,
    call: (ctx: TurnContext) => Promise<T>,
  ): Promise<T> {
    const { adapter, appId } = this.#d;
    try {
      return await callConnector(this.#d, method, () =>
        inConversation(adapter, appId, reference, call),
      );
    } catch (error) {
      if (error instanceof RecipientGoneError) await this.#d.references.remove(to);
      throw error;
    }
  }
}
