/** The store slice of tasks: list numbers, who was shown what, and "looking at it" marks. */
import type { Look, Platform } from '../../store/records.ts';

/**
 * A person's last `tasks` list, so `approve 2` means the same task on every replica and after a
 * restart. Saving the same list again writes nothing: it is saved on every `tasks`.
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

/** A person may see a task's details only if it is or was in their own list. */
export interface TaskAudienceStore {
  rememberTasks(accessUserId: string, taskIds: string[], at: Date): Promise<void>;
  wasShown(accessUserId: string, taskId: string): Promise<boolean>;
}

export interface LookStore {
  /** True when this call wrote it: no mark on its subject was still on. Forgets old marks. */
  claimLook(look: Look, now: Date): Promise<boolean>;
  getLook(subject: string): Promise<Look | undefined>;
}
