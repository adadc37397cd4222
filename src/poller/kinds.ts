/**
 * Every kind of message accessbot sends on its own. Each is a notification in the outbox (one
 * per event, platform and recipient), so each is sent exactly once and recovered the same way;
 * the recipient key carries the kind, so one event may reach one place as two kinds (a channel
 * hears of a task, and later of its escalation). A new kind is an entry here, its message, and
 * the place that decides to send it (`Outbox.send`).
 */
import { type Destination, destinationKey } from '../core/notifier.ts';

interface KindSpec {
  /** Put before the destination's key in the recipient key. */
  prefix: string;
  /** The metrics label of its post. */
  label: string;
  /** Edited to its task's outcome once the task is decided; else it is never edited. */
  followsTask: boolean;
}

export const KINDS = {
  /** An approver's task card: buttons, reminders, edited to the outcome. */
  approver: { prefix: '', label: 'new', followsTask: true },
  /** A task posted to a channel the rules name, for information. */
  channel: { prefix: '', label: 'channel', followsTask: true },
  /** A task waiting too long, posted to its escalation channel. */
  escalation: { prefix: 'escalation:', label: 'escalation', followsTask: true },
  /** The requester hears what became of their request. */
  requester: { prefix: 'requester:', label: 'request_outcome', followsTask: false },
  /** A person added to or removed from a group hears of it. */
  member: { prefix: 'member:', label: 'group_change', followsTask: false },
  /** A decided task whose message could not be found again, told in a short note after it. */
  note: { prefix: 'note:', label: 'outcome_note', followsTask: false },
  /**
   * A requester's nudge to an approver about a waiting task, one per round (the recipient key
   * carries it): dropped unsent when the task is decided first, else edited to the outcome.
   */
  nudge: { prefix: 'nudge:', label: 'nudge', followsTask: true },
  /**
   * An approver's question to the requester, one per question (the recipient key carries it):
   * edited to its answer once answered, else to say none is needed once its task is decided.
   */
  question: { prefix: 'question:', label: 'question', followsTask: true },
  /** The asker hears the requester's answer (their card shows it too). */
  answer: { prefix: 'answer:', label: 'answer_note', followsTask: false },
  /**
   * An approver is away: each other approver of the request hears it once per absence (the
   * recipient key carries its person and day), about their own task; edited to its outcome.
   */
  away: { prefix: 'away:', label: 'away_notice', followsTask: true },
} as const satisfies Record<string, KindSpec>;

export type MessageKind = keyof typeof KINDS;

const prefixed = (Object.keys(KINDS) as MessageKind[]).filter((k) => KINDS[k].prefix);

/** The recipient key of a message of `kind` to `to`; `round` tells repeated ones apart. */
export const recipientOf = (kind: MessageKind, to: Destination, round?: string) =>
  `${KINDS[kind].prefix}${round ? `${round}:` : ''}${destinationKey(to)}`;

/** What kind of message a notification is, by its recipient key. */
export function kindOf(recipient: string): MessageKind {
  const kind = prefixed.find((k) => recipient.startsWith(KINDS[k].prefix));
  if (kind) return kind;
  return recipient.startsWith('user:') ? 'approver' : 'channel';
}
