/**
 * Escalation: a task still pending `ESCALATE_AFTER` after accessbot first found it waiting for an
 * approver is posted to its escalation channels (the rules' `escalations`, else
 * `defaultEscalation`) with how long it has waited and whom it waits for: once per task and
 * channel, and updated to the outcome when the task is decided, as the poller does for every
 * message. It waits for the working hours of the approver whose poll finds it due. An away
 * approver's tasks are escalated at once, and the post says who is away until when.
 */
import { type Task, taskFacts } from '../../access/schemas.ts';
import type { AwayStore, Notification } from '../../store/store.ts';
import { awayLine } from '../asks/index.ts';
import { ago } from '../clock.ts';
import type { Voice } from '../i18n/voice.ts';
import { type Reply, warning } from '../reply.ts';
import { subjectOf } from '../subject.ts';
import type { Sweep } from '../sweep.ts';
import { inert } from '../text.ts';
import { taskCard } from './task-card.ts';

export interface EscalationCheck {
  /** The approver whose poll found the task in their list. */
  accessUserId: string;
  /** Every message of the task, as the poll found them. */
  notifications: readonly Notification[];
  /** Whether it is the approver's working hours. */
  nudgeable: () => Promise<boolean>;
  /** The approver is away: escalated now, whatever ESCALATE_AFTER says. */
  atOnce?: boolean;
  /**
   * The approver takes new tasks in a daily digest, so may have no card of it: with no card at
   * all, the wait counts from the task's creation.
   */
  held?: boolean;
}

export async function escalate(
  sweep: Sweep<AwayStore>,
  task: Task,
  check: EscalationCheck,
): Promise<void> {
  if (sweep.escalateAfterMs <= 0 && !check.atOnce) return;
  const { notifications, accessUserId } = check;
  await sweep.escalate(task, notifications, accessUserId, async () => {
    // Counted from the first card: a backlog found on the first day of the bot is not
    // escalated at once, and every approver had the whole period to act.
    const cards = notifications.filter((n) => sweep.isCard(n));
    const { createdAt } = taskFacts(task);
    const firstMs =
      !cards.length && check.held
        ? Date.parse(createdAt ?? '')
        : Math.min(...cards.map((n) => n.claimedAt.getTime()));
    const due = check.atOnce || firstMs <= ago(sweep.clock, sweep.escalateAfterMs).getTime();
    if (!Number.isFinite(firstMs) || !due || !(await check.nudgeable())) return undefined;
    const away = await sweep.store.awayOn([subjectOf(task)]);
    const since = createdAt ? Math.min(Date.parse(createdAt), firstMs) : firstMs;
    const held = check.held ? [accessUserId] : [];
    const ids = [...new Set([...cards.map((n) => n.accessUserId), ...held])];
    const names = await Promise.all(ids.map((id) => sweep.nameOf(id)));
    const approvers = names.filter((name) => name !== undefined);
    const waitedMs = sweep.clock.now().getTime() - since;
    return (v: Voice, brief: boolean) =>
      escalationMessage(v, task, {
        pendingStatus: sweep.pendingStatus,
        waitedMs,
        approvers,
        brief,
        notes: away.map((a) => awayLine(v, { ...a, note: null })),
      });
  });
}

interface Escalation {
  pendingStatus: string;
  /** How long the task has waited. */
  waitedMs: number;
  /** Its approvers' names, as far as the bot knows them. */
  approvers: readonly string[];
  /** For a channel: no free text. */
  brief?: boolean;
  /** The task's approvers who are away, as lines: never their note nor a question (free text). */
  notes?: readonly string[];
}

/** For an escalation channel: who has kept the task waiting, and for how long. No buttons. */
export function escalationMessage(v: Voice, task: Task, e: Escalation): Reply {
  const card = taskCard(v, task, { ...e, actionable: false });
  const age = v.age(e.waitedMs);
  const who = e.approvers.length
    ? v.list(e.approvers.map((name) => inert(name)))
    : v.t('poller.itsApprovers');
  const text = v.t('poller.escalation', { title: card.title, age, who });
  return warning(v, text, {
    visibility: 'channel',
    title: v.t('poller.escalationTitle', { age }),
    blocks: [
      { kind: 'text', text },
      { kind: 'task', card },
    ],
  });
}
