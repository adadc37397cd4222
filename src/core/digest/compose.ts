/**
 * The digest itself: every waiting task, oldest first, numbered as `tasks` numbers them, with how
 * long it has waited and who asked; Approve and Decline on each that needs no confirmation (a
 * sensitive application's says to type `approve <n>`, so its confirmation is the usual one), and
 * "Approve all shown" over those. What does not fit is counted; each platform's renderer leaves
 * out more, and says so, where its own limits are lower.
 */
import { type Task, taskFacts } from '../../access/schemas.ts';
import type { Voice } from '../i18n/voice.ts';
import { type Block, info, type Reply, type TaskCard } from '../reply.ts';
import { approveAllButton, type CardExtras, taskCard } from '../tasks/index.ts';
import { MAX_DIGEST_TASKS } from './store.ts';

const createdMs = (task: Task) => {
  const at = Date.parse(taskFacts(task).createdAt ?? '');
  return Number.isFinite(at) ? at : Number.POSITIVE_INFINITY;
};

/** Oldest first; a task that says no date goes last, in the service's order. */
export const oldestFirst = (tasks: readonly Task[]) =>
  tasks.toSorted((a, b) => createdMs(a) - createdMs(b));

export function digestReply(
  v: Voice,
  tasks: readonly Task[],
  o: { pendingStatus: string; now: Date; extras?: ReadonlyMap<string, CardExtras> },
): Reply {
  const shown = tasks.slice(0, MAX_DIGEST_TASKS);
  const cards = shown.map((task, i) => row(v, task, i + 1, o));
  const blocks: Block[] = cards.map((card) => ({ kind: 'task', card }));
  if (tasks.length > shown.length) {
    blocks.push({ kind: 'note', text: v.t('digest.more', { count: tasks.length - shown.length }) });
  }
  const decidable = cards.filter((c) => c.buttons.length);
  if (decidable.length > 1) {
    const label = v.t('digest.approveAll', { count: decidable.length });
    blocks.push({ kind: 'actions', buttons: [approveAllButton(v, decidable, label)] });
  }
  blocks.push({ kind: 'note', text: v.t('digest.howTo') });
  const title = v.t('digest.title', { count: tasks.length });
  return info(v, title, { title, blocks });
}

function row(
  v: Voice,
  task: Task,
  number: number,
  o: { pendingStatus: string; now: Date; extras?: ReadonlyMap<string, CardExtras> },
): TaskCard {
  const extras = o.extras?.get(task.id);
  const card = taskCard(v, task, { pendingStatus: o.pendingStatus, number, extras });
  const created = createdMs(task);
  const waited = Number.isFinite(created)
    ? [{ label: v.t('digest.waiting'), value: v.age(Math.max(0, o.now.getTime() - created)) }]
    : [];
  const confirms = (extras?.sensitivity ?? 'no') !== 'no';
  return {
    ...card,
    fields: [...card.fields, ...waited],
    ...(confirms && {
      buttons: [],
      notes: [...(card.notes ?? []), v.t('digest.confirmFirst', { number })],
    }),
  };
}
