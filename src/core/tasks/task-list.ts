/** The `tasks` answer: a person's pending tasks, numbered, with Approve all when there are several. */
import type { Task } from '../../access/schemas.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { type Block, type Button, info, type Reply, type TaskCard } from '../reply.ts';
import type { CardExtras } from './decision-context.ts';
import { taskCard } from './task-card.ts';

/** The rest are counted, to keep every platform within its limits. */
export const MAX_TASKS_SHOWN = 15;

/** `extras` and `notes` by task id. */
export function tasksReply(
  v: Voice,
  tasks: readonly Task[],
  pendingStatus: string,
  extras?: ReadonlyMap<string, CardExtras>,
  notes?: ReadonlyMap<string, readonly string[]>,
): Reply {
  if (!tasks.length) return info(v, v.t('tasks.none'));
  const shown = tasks.slice(0, MAX_TASKS_SHOWN);
  const cards = shown.map((task, i) =>
    taskCard(v, task, {
      pendingStatus,
      number: i + 1,
      extras: extras?.get(task.id),
      notes: notes?.get(task.id),
    }),
  );
  const blocks: Block[] = cards.map((card) => ({ kind: 'task', card }));
  if (tasks.length > shown.length) {
    blocks.push({
      kind: 'note',
      text: v.t('tasks.notShown', { count: tasks.length - shown.length }),
    });
  }
  if (shown.length > 1) {
    const label = v.t('button.approveAll', { count: shown.length });
    blocks.push({ kind: 'actions', buttons: [approveAllButton(v, cards, label)] });
  }
  blocks.push({ kind: 'note', text: v.t('tasks.howTo', { several: flag(shown.length > 1) }) });
  const title = v.t('tasks.title', { count: tasks.length });
  return info(v, title, { title, blocks });
}

/** Approves each of `cards`, decided as `approve 1 2 3` is; spoken with what each is. */
export function approveAllButton(v: Voice, cards: readonly TaskCard[], label: string): Button {
  return {
    label,
    action: 'approveAll',
    value: cards.map((c) => c.taskId).join(','),
    spoken: v.t('button.approveAllSpoken', {
      count: cards.length,
      tasks: v.list(cards.map((c) => c.title)),
    }),
  };
}
