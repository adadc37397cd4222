/**
 * The sweep port: what a feature's poller hook may do each round (a poll of one person, or a
 * change the core tells of), as the poller carries it out through its outbox. The poller keeps
 * the schedule; the features (away, asks, requests, tasks) hold what happens. Every message goes
 * out once per event, kind, round and chat identity, whatever replica dies when.
 */
import type { AccessClient } from '../access/client.ts';
import type { Task } from '../access/schemas.ts';
import type { Logger } from '../log.ts';
import type { IdentityLink, Notification } from '../store/store.ts';
import type { Clock } from './clock.ts';
import type { Voice } from './i18n/voice.ts';
import type { Reply } from './reply.ts';

/** The direct messages a hook sends (what each is: the poller's targets.ts). */
export type TellKind =
  | 'requester'
  | 'member'
  | 'nudge'
  | 'question'
  | 'answer'
  | 'away'
  | 'digest'
  | 'review'
  | 'reviewReminder'
  | 'reviewEscalation';

/** A direct message, one per chat identity it goes to. */
export interface Told {
  kind: TellKind;
  /** What it tells of (a task's, a request's, a question's id). */
  event: string;
  /** Tells repeated ones apart: an absence, a nudge, a question. */
  round?: string;
  /** Whose task, request or change it is; a message that follows a task ends with theirs. */
  accessUserId: string;
  message: (v: Voice) => Reply;
  /** Later than now: it waits until then (an approver's working hours). */
  notBefore?: Date;
}

export interface Sweep<S = unknown> {
  store: S;
  clock: Clock;
  log: Logger;
  pendingStatus: string;
  /** How long a task waits, after its first card, before it is escalated; 0: never. */
  escalateAfterMs: number;
  /** Days an access review takes when its task gives no due date (REVIEW_DUE_DAYS). */
  reviewDueDays: number;
  /** Application (name or id, any case) → its owners' e-mail addresses (APP_OWNERS). */
  appOwners: Readonly<Record<string, readonly string[]>>;
  /** Which groups give a person an application by default; unset: not known here. */
  defaultGroups?: (accessUserId: string, appId: string) => Promise<readonly string[]>;
  /** The chat identities of these people on the platforms served. */
  linksOf(accessUserIds: Iterable<string>): Promise<IdentityLink[]>;
  /** A linked person's name as the Access Service gave it, else their address. */
  nameOf(accessUserId: string): Promise<string | undefined>;
  /** `told` to each of `links` on a platform served, in its own voice. */
  tell(links: readonly IdentityLink[], told: Told): Promise<void>;
  /**
   * A card that stands for several tasks (kind `review`): posted once per `event` to each of
   * `links` on a platform served, then edited whenever `message` says something else than it
   * shows — unless something else is under way for it, which the next round sees to.
   */
  showCard(links: readonly IdentityLink[], card: Omit<Told, 'kind' | 'round'>): Promise<void>;
  /**
   * `message` posted once per `event`, as `accessUserId`'s, to each escalation channel of `task`
   * (kind `reviewEscalation`; `brief`: no free text); false when it has none on a platform served.
   */
  escalateTo(
    task: Task,
    event: string,
    accessUserId: string,
    message: (v: Voice, brief: boolean) => Reply,
  ): Promise<boolean>;
  /** Each open message of `kind` and `round` (none: '') about `event` shows `message` for good. */
  settle(event: string, kind: TellKind, round: string, message: (v: Voice) => Reply): Promise<void>;
  /**
   * `task` posted, as `accessUserId`'s, to each of its escalation channels that `posted` (its
   * messages as the poll found them) does not hold yet; `compose`, asked only when one is left,
   * says what (`brief`: no free text), or undefined: not now.
   */
  escalate(
    task: Task,
    posted: readonly Notification[],
    accessUserId: string,
    compose: () => Promise<((v: Voice, brief: boolean) => Reply) | undefined>,
  ): Promise<void>;
  /** The task as the service has it now; undefined: gone. */
  findTask(taskId: string): Promise<Task | undefined>;
  /** A call to the Access Service, through the poller's gate. */
  service<T>(call: (client: AccessClient) => Promise<T>): Promise<T>;
  /** What the cards of these tasks show around them changed: each is edited now or next poll. */
  showAround(taskIds: readonly string[]): Promise<void>;
  /** Whether a message is an approver's card (not a channel's post, a note or a notice). */
  isCard(n: Pick<Notification, 'recipient'>): boolean;
}
