/**
 * Which of a person's groups give them the reviewed access by default: shown on their row, so a
 * reviewer sees who would get it back through a group anyway. Only the rows shown are looked up;
 * one that cannot be read is left out, never an error.
 */
import { type Task, taskFacts } from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';

export type DefaultGroups = (accessUserId: string, appId: string) => Promise<readonly string[]>;

/** Task id → the groups' names; none for a row whose person no group gives it. */
export type RowDefaults = ReadonlyMap<string, readonly string[]>;

export async function defaultsOf(
  lookup: DefaultGroups | undefined,
  tasks: readonly Task[],
  log: Logger,
): Promise<RowDefaults> {
  const found = new Map<string, readonly string[]>();
  if (!lookup) return found;
  await Promise.all(
    tasks.map(async (task) => {
      const { userId, workAppId } = taskFacts(task);
      if (!userId || !workAppId) return;
      try {
        const groups = await lookup(userId, workAppId);
        if (groups.length) found.set(task.id, groups);
      } catch (error) {
        log.warn({ err: error, taskId: task.id }, 'could not read which groups give an access');
      }
    }),
  );
  return found;
}
