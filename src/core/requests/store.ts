/**
 * The store slice of a requester's own requests and their nudges: the role the feature needs.
 * Its tables are in `src/store/tables/requesters.ts`, made by the SQLite and PostgreSQL
 * migrations (`src/store/{sqlite,postgres}/migrations.ts`).
 */
import type { BotRequest, KnownRequest, Platform } from '../../store/records.ts';

/**
 * A requester's own requests: those submitted through the bot and those accessbot was told of by
 * an approver's task, the tasks known for each, their last nudge, and the numbers of the
 * person's last `requests` list (as `approve 2` has its task numbers).
 */
export interface RequesterStore {
  /**
   * An access request's task found for one of its approvers: the request is remembered under its
   * requester (as `seen`, unless the bot submitted it), and the task as one of its tasks.
   */
  noteRequestTask(request: Omit<BotRequest, 'taskIds'>, taskId: string): Promise<void>;
  /** The person's requests, newest first, at most `limit`, each with every task known for it. */
  listRequestsOf(accessUserId: string, limit: number): Promise<KnownRequest[]>;
  getRequest(accessId: string): Promise<KnownRequest | undefined>;
  /** The tasks known for the request `taskId` belongs to, itself included. */
  requestTasksOf(taskId: string): Promise<string[]>;
  /**
   * Records a nudge at `now` unless the last one was after `lastBefore`; true when this call did
   * (one nudge per period, however many replicas are asked at once).
   */
  claimNudge(accessId: string, now: Date, lastBefore: Date): Promise<boolean>;
  /**
   * Undoes the nudge claimed at `claimedAt`, which reached nobody: the last nudge is `previous`
   * again, unless another has been recorded since.
   */
  releaseNudge(accessId: string, claimedAt: Date, previous: Date | null): Promise<void>;
  saveRequestNumbering(
    platform: Platform,
    chatUserId: string,
    accessIds: string[],
    at: Date,
  ): Promise<void>;
  getRequestNumbering(platform: Platform, chatUserId: string): Promise<string[] | undefined>;
}

/** "Looking at it" marks, one per request (or task), shared by every replica. */
