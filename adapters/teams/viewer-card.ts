/**
 * The card one viewer should see for a task, for the automatic refresh: with buttons only when
 * the task is pending and in the viewer's own pending list, otherwise the task as it stands
 * (decided, someone else's, or gone).
 */
import { NotFoundError } from '../../src/access/errors.ts';
import type { Task } from '../../src/access/schemas.ts';
import { NotLinkedError } from '../../src/core/errors.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import type { TaskCard } from '../../src/core/reply.ts';
import { goneCard, taskCard } from '../../src/core/task-card.ts';
import type { TeamsDeps } from './deps.ts';

export async function viewerCard(
  deps: TeamsDeps,
  actor: ChatActor,
  taskId: string,
): Promise<TaskCard> {
  const { pendingStatus } = deps;
  const mine = (await ownPending(deps, actor)).find((t) => t.id === taskId);
  if (mine) return taskCard(mine, { pendingStatus });
  try {
    return taskCard(await deps.client.getTask(taskId), { pendingStatus, actionable: false });
  } catch (error) {
    if (error instanceof NotFoundError) return goneCard(taskId);
    throw error;
  }
}

/** A viewer the service does not know simply has no tasks of their own. */
async function ownPending(deps: TeamsDeps, actor: ChatActor): Promise<Task[]> {
  try {
    return await deps.bot.pendingTasks(actor);
  } catch (error) {
    if (error instanceof NotLinkedError) return [];
    throw error;
  }
}
