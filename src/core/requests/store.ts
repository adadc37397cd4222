/** The store slice of a requester's own requests and nudges (`src/store/tables/requesters.ts`). */
import type { BotRequest, KnownRequest, Platform } from '../../store/records.ts';

/** Requests submitted through the bot, and those an approver's task told of. */
export interface RequesterStore {
  /** Remembers the request under its requester (as `seen`, unless the bot submitted it). */
  noteRequestTask(request: Omit<BotRequest, 'taskIds'>, taskId: string): Promise<void>;
  /** Newest first, each with every task known for it. */
  listRequestsOf(accessUserId: string, limit: number): Promise<KnownRequest[]>;
  getRequest(accessId: string): Promise<KnownRequest | undefined>;
  /** Those of `accessIds` filed on someone else's behalf, by access id. */
  filersOf(accessIds: readonly string[]): Promise<Map<string, KnownRequest>>;
  /** `taskId` included. */
  requestTasksOf(taskId: string): Promise<string[]>;
  /** True when this call recorded it: one nudge per period, however many replicas ask at once. */
  claimNudge(accessId: string, now: Date, lastBefore: Date): Promise<boolean>;
  /** A claimed nudge reached nobody: back to `previous`, unless another was recorded since. */
  releaseNudge(accessId: string, claimedAt: Date, previous: Date | null): Promise<void>;
  saveRequestNumbering(
    platform: Platform,
    chatUserId: string,
    accessIds: string[],
    at: Date,
  ): Promise<void>;
  getRequestNumbering(platform: Platform, chatUserId: string): Promise<string[] | undefined>;
}
