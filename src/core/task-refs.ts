/**
 * What a person types to name tasks — list numbers, id prefixes of their own tasks, whole ids —
 * turned into task ids, and the replies for references that name none.
 */
import type { Task } from '../access/schemas.ts';
import type { TaskRef } from './commands.ts';
import { plural } from './format.ts';
import { type Reply, warning } from './reply.ts';

/** One typed task reference as a task id, or the reply that says why it names none. */
export function resolveRef(
  ref: TaskRef,
  listed: readonly string[] | undefined,
  pending: readonly Task[],
): string | Reply {
  if (ref.kind === 'id') return ref.id;
  if (ref.kind === 'number') {
    const taskId = listed?.[ref.n - 1];
    if (taskId) return taskId;
    const why = listed
      ? `Your last \`tasks\` list had ${plural(listed.length, 'task')}.`
      : 'Numbers refer to your last `tasks` list, and I have none for you yet.';
    return warning(`There is no task number ${ref.n}. ${why} Type \`tasks\` to see them.`);
  }
  const matches = pending.filter((t) => t.id.startsWith(ref.prefix));
  if (matches.length === 1) return matches[0]!.id;
  return warning(
    matches.length
      ? `Several of your tasks start with ${ref.prefix}; type more of the id, or use the number from \`tasks\`.`
      : `None of your pending tasks has an id starting with ${ref.prefix}. Type \`tasks\` to see them.`,
  );
}

/** `decline 3` with no `--`: nothing is declined until the person says why (or that they won't). */
export function askReason(refs: readonly TaskRef[]): Reply {
  const named = refs
    .map((ref) => (ref.kind === 'number' ? String(ref.n) : ref.kind === 'id' ? ref.id : ref.prefix))
    .join(' ');
  return warning(
    `Nothing declined yet: please say why. Type \`decline ${named} -- <reason>\`, or \`decline ${named} --\` to decline without a reason.`,
    { title: 'Why decline?' },
  );
}
