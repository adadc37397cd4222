/**
 * The "tell this person" port: a short direct message to an Access user on every platform where
 * they are linked, sent once per event however often it is asked for and whatever replica dies
 * when (through the sweep the poller implements: sweep.ts). A person who cannot be reached is
 * logged, and the change they are told about stands.
 */
import type { Task } from '../access/schemas.ts';
import type { DecisionCompletion, Look } from '../store/store.ts';
import type { Voice } from './i18n/voice.ts';
import type { Reply } from './reply.ts';
import type { Sweep } from './sweep.ts';

export interface TellPerson {
  /**
   * `event` names what they are told of (e.g. a group change's id): one message per event,
   * written in each of the person's chat identities' own voice.
   */
  tell(accessUserId: string, event: string, message: (v: Voice) => Reply): Promise<void>;
}

/** Telling a person through the sweep: one direct message per chat identity (kind `member`). */
export const tellPerson = (sweep: Pick<Sweep, 'linksOf' | 'tell'>): TellPerson => ({
  async tell(accessUserId, event, message) {
    const links = await sweep.linksOf([accessUserId]);
    await sweep.tell(links, { kind: 'member', event, accessUserId, message });
  },
});

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

/** A decision taken here, its audit entry still `started`: completed with an edit, or `complete`. */
export interface TakenDecision extends DecisionCompletion {
  id: number;
  /** Its entry's receipt, shown on the decider's card. */
  receipt: string;
  complete: () => Promise<void>;
}

/**
 * The approvers' side of a requester's or another approver's action, through the outbox: a
 * nudge — once per round and chat identity, waiting for the approver's working hours, following
 * its task like a card — the "looking at it" mark on the other approvers' cards, and a decision's
 * outcome on every message of its task.
 */
export interface TellApprovers {
  nudge(ask: NudgeAsk): Promise<NudgeDelivery[]>;
  /**
   * Edits the pending cards of these tasks sent to approvers other than the mark's author to
   * show `look`; the edits are stored before it resolves, and carried out after.
   */
  showLook(look: Look, taskIds: readonly string[]): Promise<void>;
  /**
   * A decision through the bot found the task settled (`task` as it now stands; undefined: gone):
   * every message the outbox holds about it — the one clicked included — is edited to the
   * outcome, once, `decidedBy`'s first. `taken`, the decision made here, is completed in the
   * audit trail with that first edit. Started at once in this process and not waited for; if
   * the process dies first, the next poll of the task's approvers finds it decided and does both.
   */
  decided(taskId: string, task: Task | undefined, decidedBy: string, taken?: TakenDecision): void;
}
