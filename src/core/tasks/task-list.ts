/** The `tasks` answer: a person's pending tasks, numbered, with Approve all when there are several. */
import type { Task } from '../../access/schemas.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { type Block, info, type Reply } from '../reply.ts';
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
    blocks.push({
      kind: 'actions',
      buttons: [
        {
          label: v.t('button.approveAll', { count: shown.length }),
          action: 'approveAll',
          value: shown.map((t) => t.id).join(','),
          spoken: v.t('button.approveAllSpoken', {
            count: shown.length,
            tasks: v.list(cards.map((card) => card.title)),
          }),
        },
      ],
    });
  }
  blocks.push({ kind: 'note', text: v.t('tasks.howTo', { several: flag(shown.length > 1) }) });
  const title = v.t('tasks.title', { count: tasks.length });
  return info(v, title, { title, blocks });
}
