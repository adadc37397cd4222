/**
 * The "tell this person" port: a short direct message to an Access user on every platform where
 * they are linked, sent once per event however often it is asked for and whatever replica dies
 * when (the poller's outbox implements it). A person who cannot be reached is logged, and the
 * change they are told about stands.
 */
import type { Task } from '../access/schemas.ts';
import type { Look, TaskQuestion } from '../store/store.ts';
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
   * outcome, once, `decidedBy`'s first. Started at once in this process and not waited for; if
   * the process dies first, the next poll of the task's approvers finds it decided and does it.
   */
  decided(taskId: string, task: Task | undefined, decidedBy: string): void;
}

/**
 * Questions and absences through the outbox: the question to its requester (once per chat
 * identity, following its task), its answer shown where it was asked and told to the asker, and
 * the cards of a request edited to show what changed around it. Nobody is given a task: covering
 * for someone away is telling the people who can already decide, and the escalation channels.
 */
export interface TellAsks {
  /** Whether the person can be sent anything: linked on a platform served. */
  reaches(accessUserId: string): Promise<boolean>;
  /** The question to its requester, in each of their chat identities' voice. */
  ask(question: TaskQuestion, message: (v: Voice) => Reply): Promise<void>;
  /**
   * The answer: the requester's messages of the question are edited to `shown`, and the asker is
   * told it once (`told`).
   */
  answered(
    question: TaskQuestion,
    shown: (v: Voice) => Reply,
    told: (v: Voice) => Reply,
  ): Promise<void>;
  /**
   * What the cards of these tasks show around them changed: each is edited now, or, when it is
   * busy, at its approver's next poll.
   */
  showAround(taskIds: readonly string[]): Promise<void>;
  /** The person went away, came back or moved their day: their tasks are seen to now. */
  awayChanged(accessUserId: string): Promise<void>;
}
