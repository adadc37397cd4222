/**
 * A reviewer's pending access reviews, grouped per application and level, oldest group first
 * within an application. Numbers follow this order, so `review 2` means the second group listed.
 */
import { type Task, TaskTypes, taskFacts } from '../../access/schemas.ts';

export interface ReviewGroup {
  /** One based, in the order `reviews` lists them. */
  number: number;
  app: string;
  level: string | undefined;
  /** Oldest first; at the same age, by the person's name. */
  tasks: Task[];
  /** When the oldest review of the group was opened, where the service says. */
  oldest: string | undefined;
  /** What a button names the group by (ids only); none when the service gives no app id. */
  key: string | undefined;
}

export const isReview = (task: Task) => task.type === TaskTypes.entitlementReview;

/** A review its application names: it comes on its reviewer's review card, not a card of its own. */
export const onReviewCard = (task: Task) =>
  isReview(task) && taskFacts(task).workAppId !== undefined;

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** `tasks` is a person's pending list; every review in it lands in exactly one group. */
export function reviewGroups(tasks: readonly Task[]): ReviewGroup[] {
  const groups = new Map<string, Omit<ReviewGroup, 'number'>>();
  for (const task of tasks) {
    if (!isReview(task)) continue;
    const f = taskFacts(task);
    const app = f.workAppName ?? f.workAppId ?? '?';
    const level = f.permissionLevelName;
    const key = JSON.stringify([f.workAppId ?? app, f.permissionLevelId ?? level ?? null]);
    const button = f.workAppId && `${f.workAppId}:${f.permissionLevelId ?? '-'}`;
    const group = groups.get(key) ?? { app, level, tasks: [], oldest: undefined, key: button };
    group.tasks.push(task);
    if (f.createdAt && (!group.oldest || f.createdAt < group.oldest)) group.oldest = f.createdAt;
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => byName(a.app, b.app) || byName(a.level ?? '', b.level ?? ''))
    .map((group, i) => ({
      ...group,
      number: i + 1,
      tasks: group.tasks.sort(
        (a, b) => createdOf(a).localeCompare(createdOf(b)) || byName(personOf(a), personOf(b)),
      ),
    }));
}

const createdOf = (task: Task) => taskFacts(task).createdAt ?? '';
const personOf = (task: Task) => taskFacts(task).userDisplayName ?? '';

/** By its number, or every group of the application named (any case). */
export function groupsNamed(groups: readonly ReviewGroup[], target: string): ReviewGroup[] {
  if (/^\d+$/.test(target)) return groups.filter((g) => g.number === Number(target));
  const named = target.toLowerCase();
  const exact = groups.filter((g) => labelOf(g).toLowerCase() === named);
  return exact.length ? exact : groups.filter((g) => g.app.toLowerCase() === named);
}

/** What the service calls it, as text: made inert where it is shown. */
export const labelOf = (g: Pick<ReviewGroup, 'app' | 'level'>) =>
  g.level ? `${g.app} (${g.level})` : g.app;
