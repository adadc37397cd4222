/** Typed task references (list numbers, id prefixes of one's own tasks, ids) as task ids. */
import type { Task } from '../../access/schemas.ts';
import type { TaskNumberStore } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { type Reply, warning } from '../reply.ts';
import type { Turn } from '../turn.ts';
import type { TaskAudience } from './audience.ts';
import type { TaskRef } from './commands.ts';

export type TaskRefs = readonly TaskRef[];

/** The first reference that names none says why instead. */
export async function taskIds(
  d: { store: TaskNumberStore; audience: Pick<TaskAudience, 'pending'> },
  { actor, v, link }: Turn,
  refs: TaskRefs,
): Promise<string[] | Reply> {
  const needs = (kind: TaskRef['kind']) => refs.some((ref) => ref.kind === kind);
  const listed = needs('number')
    ? await d.store.getTaskNumbering(actor.platform, actor.chatUserId)
    : undefined;
  const pending = needs('prefix') ? await d.audience.pending(await link()) : [];
  const resolved = refs.map((ref) => resolveRef(v, ref, listed, pending));
  const refused = resolved.find((id) => typeof id !== 'string');
  return refused ?? resolved.filter((id) => typeof id === 'string');
}

function resolveRef(
  v: Voice,
  ref: TaskRef,
  listed: readonly string[] | undefined,
  pending: readonly Task[],
): string | Reply {
  if (ref.kind === 'id') return ref.id;
  if (ref.kind === 'number') {
    const taskId = listed?.[ref.n - 1];
    if (taskId) return taskId;
    return warning(
      v,
      listed
        ? v.t('refs.noNumberListed', { n: ref.n, count: listed.length })
        : v.t('refs.noNumberNoList', { n: ref.n }),
    );
  }
  const matches = pending.filter((t) => t.id.startsWith(ref.prefix));
  if (matches.length === 1) return matches[0]!.id;
  const { prefix } = ref;
  return warning(
    v,
    matches.length ? v.t('refs.severalStart', { prefix }) : v.t('refs.noneStart', { prefix }),
  );
}

/** `decline 3` with no `--`: nothing is declined until the person says why (or that they won't). */
export function askReason(v: Voice, refs: TaskRefs): Reply {
  const named = refs
    .map((ref) => (ref.kind === 'number' ? String(ref.n) : ref.kind === 'id' ? ref.id : ref.prefix))
    .join(' ');
  return warning(v, v.t('refs.askReason', { named }), { title: v.t('refs.askReasonTitle') });
}
