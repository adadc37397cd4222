/** The `tasks` answer: a person's pending tasks, numbered, with Approve all when there are several. */
import type { Task } from '../access/schemas.ts';
import { auditorUsage, usage } from './commands.ts';
import type { CardExtras } from './decision-context.ts';
import { plural } from './format.ts';
import { type Block, info, type Reply } from './reply.ts';
import { taskCard } from './task-card.ts';

/** Tasks shown in one list; the rest are counted (keeps every platform within its limits). */
export const MAX_TASKS_SHOWN = 15;

/** `extras`: by task id, what the cards show beyond the task (a sensitive application). */
export function tasksReply(
  tasks: readonly Task[],
  pendingStatus: string,
  extras?: ReadonlyMap<string, CardExtras>,
): Reply {
  if (!tasks.length) return info('You have no pending tasks. 🎉');
  const shown = tasks.slice(0, MAX_TASKS_SHOWN);
  const blocks: Block[] = shown.map((task, i) => ({
    kind: 'task',
    card: taskCard(task, { pendingStatus, number: i + 1, extras: extras?.get(task.id) }),
  }));
  if (tasks.length > shown.length) {
    blocks.push({
      kind: 'note',
      text: `…and ${plural(tasks.length - shown.length, 'more task')} not shown. Decide some, then type \`tasks\` again.`,
    });
  }
  if (shown.length > 1) {
    blocks.push({
      kind: 'actions',
      buttons: [
        {
          label: `Approve all ${shown.length}`,
          action: 'approveAll',
          value: shown.map((t) => t.id).join(','),
        },
      ],
    });
  }
  blocks.push({
    kind: 'note',
    text: 'Approve with `approve 1` (or `approve 1 2`), decline with `decline 1 -- <reason>`.',
  });
  const title = `You have ${plural(tasks.length, 'pending task')}`;
  return info(title, { title, blocks });
}

export function helpReply(): Reply {
  const lines = Object.values(usage);
  return info(`Commands: ${lines.join('; ')}`, {
    title: 'What I can do',
    blocks: [
      { kind: 'list', items: lines, more: 0 },
      {
        kind: 'note',
        text: 'A task is named by its number in your last `tasks` list, or by the first 6 or more characters of its id.',
      },
      { kind: 'note', text: auditorUsage },
    ],
  });
}
