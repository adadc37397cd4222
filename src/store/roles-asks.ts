/**
 * Approvers' questions to requesters and people away, shared by every replica (see roles.ts for
 * the other roles). Every claim is one conditional statement: one replica wins it.
 */
import type {
  Away,
  AwayAsked,
  AwayOn,
  AwayWait,
  NewTaskQuestion,
  TaskQuestion,
  WaitPeriod,
} from './ask-records.ts';

export interface TaskQuestionStore {
  /** Keeps a new question unless one on its subject still waits for its answer; true when kept. */
  putTaskQuestion(question: NewTaskQuestion): Promise<boolean>;
  getTaskQuestion(id: string): Promise<TaskQuestion | undefined>;
  /** The questions on these subjects, newest first, at most `limit` in all. */
  questionsOn(subjects: string[], limit: number): Promise<TaskQuestion[]>;
  /** The questions to this requester, newest first, at most `limit`. */
  questionsFor(requesterId: string, limit: number): Promise<TaskQuestion[]>;
  /** Records the answer unless one is recorded: the question as answered, or undefined. */
  answerTaskQuestion(id: string, answer: string, now: Date): Promise<TaskQuestion | undefined>;
  /** Questions asked in the period, and how many of them were answered before its end. */
  countQuestions(period: WaitPeriod): Promise<{ asked: number; answered: number }>;
  /** Of those answered, the wait for the answer at `rank` of their order (0: the shortest). */
  answerWaitAt(period: WaitPeriod, rank: number): Promise<number | undefined>;
  /**
   * Deletes the questions asked before `before` and the waits on approvers away that began before
   * it and are over (the audit retention); how many.
   */
  pruneAsks(before: Date): Promise<number>;
}

export interface AwayStore {
  /**
   * The person is away until `away.untilAt`: a new period from `now`, or the one that lasts
   * with its new date and note. The period as it now stands.
   */
  setAway(away: AwayAsked, now: Date): Promise<Away>;
  /** Ends the person's period that lasts at `now`: the period ended, or undefined. */
  endAway(accessUserId: string, now: Date): Promise<Away | undefined>;
  /** Ends every period whose date has come by `now`, each once whoever asks: those ended. */
  expireAways(now: Date): Promise<Away[]>;
  /** Everyone away at `now`. */
  listAway(now: Date): Promise<Away[]>;
  /**
   * These tasks wait on the away person during `away`: each remembered once (from `now`); every
   * one of them as it now stands.
   */
  noteAwayWaits(
    away: Away,
    waits: ReadonlyArray<{ taskId: string; subject: string }>,
    now: Date,
  ): Promise<AwayWait[]>;
  /** The other approvers and the escalation channels have been told of these waits. */
  markAwayWaitsTold(away: Away, taskIds: string[], now: Date): Promise<void>;
  /** The person's waits not over yet. */
  openAwayWaits(accessUserId: string): Promise<AwayWait[]>;
  /** Ends the person's waits, but for the tasks in `keep`: the waits ended. */
  endAwayWaits(accessUserId: string, now: Date, keep: string[]): Promise<AwayWait[]>;
  /** The away approvers whose tasks wait on these subjects. */
  awayOn(subjects: string[]): Promise<AwayOn[]>;
  /** Tasks that began to wait on an away approver in the period. */
  countAwayWaits(period: WaitPeriod): Promise<number>;
  /** Their waits (to `asOf` for those not over), at `rank` of their order (0: the shortest). */
  awayWaitAt(period: WaitPeriod, rank: number): Promise<number | undefined>;
}
