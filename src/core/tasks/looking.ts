/**
 * "Looking at it": the other approvers' cards of the request show who is looking, until it is
 * decided or LOOK_FOR_MS pass. The mark is claimed in the store, so one holds across replicas.
 */
import type { Task } from '../../access/schemas.ts';
import type { IdentityLink, Look, LookStore, RequesterStore } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { nameOf } from '../identity.ts';
import type { TellApprovers } from '../notices.ts';
import { info, type Reply, success, warning } from '../reply.ts';
import { subjectOf } from '../subject.ts';
import { inert } from '../text.ts';
import type { TaskAudience } from './audience.ts';
import { notYours } from './decision-result.ts';

export const LOOK_FOR_MS = 30 * 60_000;

export interface LookDeps {
  store: LookStore & RequesterStore;
  audience: Pick<TaskAudience, 'pendingTask' | 'wasShown'>;
  now: () => Date;
  /** Unset: the mark is kept but shown on no card. */
  approvers?: TellApprovers;
}

export async function markLooking(
  d: LookDeps,
  link: IdentityLink,
  v: Voice,
  taskId: string,
): Promise<Reply> {
  const task = await d.audience.pendingTask(link, taskId);
  if (!task) {
    const shown = await d.audience.wasShown(link, taskId);
    return warning(v, shown ? v.t('look.notWaiting') : notYours(v));
  }
  const now = d.now();
  const look = {
    subject: subjectOf(task),
    taskId: task.id,
    accessUserId: link.accessUserId,
    name: nameOf(link),
    sinceAt: now,
    untilAt: new Date(now.getTime() + LOOK_FOR_MS),
  };
  if (!(await d.store.claimLook(look, now))) {
    const held = (await d.store.getLook(look.subject)) ?? look;
    const when = { since: v.time(held.sinceAt), until: v.time(held.untilAt) };
    return info(
      v,
      held.accessUserId === link.accessUserId
        ? v.t('look.alreadyYours', when)
        : v.t('look.alreadyOther', { name: inert(held.name), ...when }),
    );
  }
  await d.approvers?.showLook(look, await d.store.requestTasksOf(task.id));
  return success(v, v.t('look.done', { minutes: LOOK_FOR_MS / 60_000 }));
}

export const lookLineOf = (v: Voice, look: Pick<Look, 'name' | 'sinceAt'>) =>
  v.t('look.line', { name: inert(look.name, 100), since: v.clock(look.sinceAt) });

/** Nothing once it is over, or when the mark is `link`'s own. */
export async function lookLine(
  d: LookDeps,
  link: IdentityLink,
  v: Voice,
  task: Task,
): Promise<string | undefined> {
  const look = await d.store.getLook(subjectOf(task));
  if (!look || look.untilAt <= d.now() || look.accessUserId === link.accessUserId) return undefined;
  return lookLineOf(v, look);
}
