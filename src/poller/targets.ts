/**
 * Where a task's messages go: a direct message to each chat identity of the approver on a
 * platform the bot serves, a post to each channel the rules name, and once the task has waited
 * too long, its escalation. Each target has a recipient key, the third part of the
 * notification's unique key in the store (kinds.ts).
 */
import type { Task } from '../access/schemas.ts';
import type { Voice, VoiceDefaults } from '../core/i18n/voice.ts';
import { Destination, type Notifier, recipientVoice } from '../core/notifier.ts';
import type { IdentityLink, Notification, Platform } from '../store/store.ts';
import { KINDS, kindOf, type MessageKind, recipientOf } from './kinds.ts';
import { type Channel, channelsFor, escalationChannelsFor, type NotifyRules } from './rules.ts';

export interface Target {
  platform: Platform;
  destination: Destination;
  recipient: string;
  kind: MessageKind;
}

export const target = (
  platform: Platform,
  destination: Destination,
  kind: MessageKind,
  round?: string,
): Target => ({
  platform,
  destination,
  recipient: recipientOf(kind, destination, round),
  kind,
});

/** The channels among `channels` on a platform served. */
const channelTargets = (
  channels: readonly Channel[],
  served: ReadonlySet<Platform>,
  kind: 'channel' | 'escalation',
) =>
  channels
    .filter((c) => served.has(c.platform))
    .map((c) => target(c.platform, { kind: 'channel', channelId: c.channelId }, kind));

/** A direct message of `kind` to each of these chat identities. */
export function directTargets(
  links: readonly IdentityLink[],
  kind: MessageKind = 'approver',
  round?: string,
): Target[] {
  return links.map((link) =>
    target(link.platform, { kind: 'user', chatUserId: link.chatUserId }, kind, round),
  );
}

/** Every target of `task` found in the pending list of the user with these `links`. */
export function targetsFor(
  task: Task,
  links: readonly IdentityLink[],
  rules: NotifyRules,
  served: ReadonlySet<Platform>,
): Target[] {
  return [...directTargets(links), ...channelTargets(channelsFor(task, rules), served, 'channel')];
}

/** Where `task` is escalated, on the platforms served. */
export function escalationTargets(
  task: Task,
  rules: NotifyRules,
  served: ReadonlySet<Platform>,
): Target[] {
  return channelTargets(escalationChannelsFor(task, rules), served, 'escalation');
}

/**
 * The voice a message to `destination` is written in: a channel's is DEFAULT_LOCALE, a
 * person's what their platform's notifier tells (kept by the notifier, so cheap to ask).
 */
export function voiceOf(
  ctx: { notifiers: ReadonlyMap<Platform, Notifier>; voices?: VoiceDefaults | undefined },
  platform: Platform,
  destination: Destination,
): Promise<Voice> {
  return recipientVoice(ctx.notifiers.get(platform)!, destination, ctx.voices);
}

/** Where a notification went: as stored, or (claimed before destinations were) its recipient key. */
export function destinationOf(n: Pick<Notification, 'destination' | 'recipient'>): Destination {
  const stored = Destination.safeParse(n.destination);
  if (stored.success) return stored.data;
  const key = n.recipient.slice(KINDS[kindOf(n.recipient)].prefix.length);
  return key.startsWith('user:')
    ? { kind: 'user', chatUserId: key.slice('user:'.length) }
    : { kind: 'channel', channelId: key.replace(/^channel:/, '') };
}
