/**
 * The "tell this person" port: a short direct message to an Access user on every platform where
 * they are linked, sent once per event however often it is asked for and whatever replica dies
 * when (the poller's outbox implements it). A person who cannot be reached is logged, and the
 * change they are told about stands.
 */
import type { Look } from '../store/store.ts';
import type { Voice } from './i18n/voice.ts';
import type { Reply } from './reply.ts';

export interface TellPerson {
  /**
   * `event` names what they are told of (e.g. a group change's id): one message per event,
   * written in each of the person's chat identities' own voice.
   */
  tell(accessUserId: string, event: string, message: (v: Voice) => Reply): Promise<void>;
}

/** One nudge: its task, the task's approvers (none known: those accessbot told), its message. */
export interface NudgeAsk {
  taskId: string;
  /** Access user ids. */
  approvers: readonly string[];
  /** Which nudge of the request it is: one message per approver, chat identity and round. */
  round: string;
  /** Written in each approver's own voice. */
  message: (v: Voice) => Reply;
}

/** Whom a nudge reaches. */
export interface NudgeDelivery {
  name: string;
  /** Set when it waits for their working hours (the end of their quiet hours, a working day). */
  waitsUntil?: Date;
}

/**
 * The approvers' side of a requester's or another approver's action, through the outbox: a
 * nudge — once per round and chat identity, waiting for the approver's working hours, following
 * its task like a card — and the "looking at it" mark on the other approvers' cards.
 */
export interface TellApprovers {
  nudge(ask: NudgeAsk): Promise<NudgeDelivery[]>;
  /**
   * Edits the pending cards of these tasks sent to approvers other than the mark's author to
   * show `look`; the edits are stored before it resolves, and carried out after.
   */
  showLook(look: Look, taskIds: readonly string[]): Promise<void>;
}
