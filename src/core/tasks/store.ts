/**
 * The store slice of tasks: the numbers of a person's last list, which tasks each person was
 * shown, and the "looking at it" marks — the roles the feature needs. Their tables are in
 * `src/store/tables/numbering.ts`, `src/store/tables/identity.ts` (the audience) and
 * `src/store/tables/requesters.ts` (the marks), made by the SQLite and PostgreSQL migrations.
 */
import type { Look, Platform } from '../../store/records.ts';

/**
 * The task ids of a person's last `tasks` list, in order, so `approve 2` means the same task on
 * every replica and after a restart. Saving replaces the previous list; saving the same list again
 * writes nothing (it is saved on every `tasks`, and usually unchanged).
 */
export interface TaskNumberStore {
  saveTaskNumbering(
    platform: Platform,
    chatUserId: string,
    taskIds: string[],
    at: Date,
  ): Promise<void>;
  getTaskNumbering(platform: Platform, chatUserId: string): Promise<string[] | undefined>;
}

/**
 * Which tasks each Access user was shown in their own task list: a person may see a task's
 * details only if it is or was theirs.
 */
export interface TaskAudienceStore {
  /** Remembers that these tasks were in the user's list; already remembered ones are kept. */
  rememberTasks(accessUserId: string, taskIds: string[], at: Date): Promise<void>;
  wasShown(accessUserId: string, taskId: string): Promise<boolean>;
}

export interface LookStore {
  /**
   * Writes `look` unless a mark on its subject is still on at `now`; true when this call did.
   * Marks long over are forgotten as it goes.
   */
  claimLook(look: Look, now: Date): Promise<boolean>;
  getLook(subject: string): Promise<Look | undefined>;
}
