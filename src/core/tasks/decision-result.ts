/** What a decision answers: its outcome, what the actor is told, and the task as it now stands. */
import type { Task } from '../../access/schemas.ts';
import type { AuditOutcome } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { type Reply, type TaskCard, warning } from '../reply.ts';
import type { Confirmation } from './approval-question.ts';
import { goneCard } from './task-card.ts';

export type Decision = 'approve' | 'decline';

/** The task as it now stands (`task` undefined: gone), once a decision found it no longer waiting. */
export interface Settled {
  task: Task | undefined;
  card: TaskCard;
}

export interface DecisionResult {
  outcome: AuditOutcome;
  /** What the actor is told. */
  reply: Reply;
  /**
   * Set when the task is decided (here or elsewhere) or gone: the outbox edits every message of
   * the task to it. Unset when nothing changed (not the actor's task, the service failed).
   */
  settled?: Settled;
  /** A sensitive approval waiting for its confirmation: what a platform asks, and the code. */
  confirm?: Confirmation;
}

/** Told to anyone who names a task that never was theirs: nothing about the task itself. */
export const notYours = (v: Voice) => v.t('decide.notYours');

/** A result that shows the task as it now stands: under the reply, and in its messages. */
export function shown(outcome: AuditOutcome, reply: Reply, settled: Settled): DecisionResult {
  const blocks = [...reply.blocks, { kind: 'task' as const, card: settled.card }];
  return { outcome, reply: { ...reply, blocks }, settled };
}

export function gone(v: Voice, taskId: string): DecisionResult {
  return shown('not_found', warning(v, v.t('decide.gone')), {
    task: undefined,
    card: goneCard(v, taskId),
  });
}
