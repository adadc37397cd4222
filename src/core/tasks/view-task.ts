/**
 * The card one person may see for a task: with buttons when pending in their own list, as it
 * stands when it was there once, and nothing at all about a task that never was theirs.
 */
import type { AccessClient } from '../../access/client.ts';
import type { Task } from '../../access/schemas.ts';
import type { IdentityLink } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { type Reply, type TaskCard, warning } from '../reply.ts';
import { found } from '../service-errors.ts';
import type { TaskAudience } from './audience.ts';
import type { DecisionContext } from './decision-context.ts';
import { notYours } from './decision-result.ts';
import { type LookDeps, lookLine } from './looking.ts';
import { goneCard, taskCard } from './task-card.ts';

/** `refused`: nothing may be shown; `failed`: nothing can be shown now (keep what is shown). */
export type TaskView =
  | { kind: 'card'; card: TaskCard }
  | { kind: 'refused'; reply: Reply }
  | { kind: 'failed'; reply: Reply };

export interface ViewDeps {
  client: AccessClient;
  audience: TaskAudience;
  pendingStatus: string;
  context?: DecisionContext;
  looks: LookDeps;
  /** By task id. */
  notes: (
    tasks: readonly Task[],
    viewer: string,
    v: Voice,
  ) => Promise<ReadonlyMap<string, readonly string[]>>;
}

export async function viewTask(
  deps: ViewDeps,
  link: IdentityLink,
  v: Voice,
  taskId: string,
): Promise<TaskView> {
  const { pendingStatus } = deps;
  const mine = await deps.audience.pendingTask(link, taskId);
  if (mine) {
    const [looked, looking, notes] = await Promise.all([
      deps.context?.forApprover(mine, v),
      lookLine(deps.looks, link, v, mine),
      deps.notes([mine], link.accessUserId, v),
    ]);
    const around = { extras: looked?.now, looking, notes: notes.get(mine.id) ?? [] };
    return { kind: 'card', card: taskCard(v, mine, { pendingStatus, ...around }) };
  }
  if (!(await deps.audience.wasShown(link, taskId))) {
    return { kind: 'refused', reply: warning(v, notYours(v)) };
  }
  const task = await found(deps.client.getTask(taskId));
  const card = task ? taskCard(v, task, { pendingStatus, actionable: false }) : goneCard(v, taskId);
  return { kind: 'card', card };
}
