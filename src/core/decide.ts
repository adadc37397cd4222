/**
 * Approving and declining, with the rules that matter: only a task in the actor's own pending
 * list is decided; a second click, a task decided meanwhile, or a timeout after the service may
 * have acted each end in a reply that tells the task's real state; every attempt is audited.
 */
import type { AccessClient } from '../access/client.ts';
import {
  ConflictError,
  InvalidResponseError,
  NotFoundError,
  ServiceUnavailableError,
} from '../access/errors.ts';
import type { Task } from '../access/schemas.ts';
import type { Logger } from '../log.ts';
import type { AuditOutcome, IdentityLink, Store } from '../store/store.ts';
import { failure, type Reply, success, type TaskCard, warning } from './reply.ts';
import { replyForError } from './service-errors.ts';
import { goneCard, taskCard, taskTitle } from './task-card.ts';

export type Decision = 'approve' | 'decline';

export interface DecisionResult {
  outcome: AuditOutcome;
  reply: Reply;
  /** The task as it now stands, to update the message the decision came from. */
  card?: TaskCard;
}

export interface DecideDeps {
  client: AccessClient;
  store: Store;
  log: Logger;
  now: () => Date;
  pendingStatus: string;
}

export class Decider {
  readonly #d: DecideDeps;

  constructor(deps: DecideDeps) {
    this.#d = deps;
  }

  /** The actor's pending tasks, every page. */
  async pending(accessUserId: string): Promise<Task[]> {
    return Array.fromAsync(this.#d.client.listTasks(accessUserId, this.#d.pendingStatus));
  }

  async decide(
    link: IdentityLink,
    taskId: string,
    decision: Decision,
    reason?: string,
    pending?: Task[],
  ): Promise<DecisionResult> {
    let result: DecisionResult;
    try {
      const mine = (pending ?? (await this.pending(link.accessUserId))).find(
        (t) => t.id === taskId,
      );
      result = mine ? await this.#act(mine, decision, reason, link) : await this.#refuse(taskId);
    } catch (error) {
      result = { outcome: 'failed', reply: replyForError(error, this.#d.log) };
    }
    await this.#audit(link, taskId, decision, reason, result);
    return result;
  }

  /** Not in the actor's pending list: say truthfully why, without acting. */
  async #refuse(taskId: string): Promise<DecisionResult> {
    const task = await this.#find(taskId);
    if (!task) {
      return {
        outcome: 'not_found',
        reply: warning(`There is no task ${taskId}.`),
        card: goneCard(taskId),
      };
    }
    const card = this.#card(task);
    if (card.state !== 'pending')
      return this.#alreadyDecided(card, 'This task was already decided');
    return {
      outcome: 'not_assignee',
      reply: warning(
        `"${taskTitle(task)}" is not assigned to you, so you can't decide it. Only its approvers can.`,
      ),
    };
  }

  async #act(task: Task, decision: Decision, reason: string | undefined, link: IdentityLink) {
    const verb = decision === 'approve' ? 'approved' : 'declined';
    try {
      if (decision === 'approve') await this.#d.client.approveTask(task.id);
      else await this.#d.client.declineTask(task.id, reason);
    } catch (error) {
      return this.#afterFailure(task, decision, error);
    }
    const decided: Task = {
      ...task,
      status: decision === 'approve' ? 'Approved' : 'Declined',
      metadata: {
        ...task.metadata,
        decidedByName: link.displayName ?? link.email,
        decidedAt: this.#d.now().toISOString(),
        ...(reason ? { reason } : {}),
      },
    };
    const card = this.#card(decided);
    const why = reason ? ` Reason: "${reason}".` : '';
    const said = `You ${verb} "${taskTitle(task)}".${why}`;
    return {
      outcome: verb,
      reply: success(said, {
        blocks: [
          { kind: 'text', text: said },
          { kind: 'task', card },
        ],
      }),
      card,
    } satisfies DecisionResult;
  }

  /** The call failed: find out what actually happened before saying anything. */
  async #afterFailure(task: Task, decision: Decision, error: unknown): Promise<DecisionResult> {
    if (error instanceof NotFoundError) {
      return {
        outcome: 'not_found',
        reply: warning('That task no longer exists.'),
        card: goneCard(task.id),
      };
    }
    const uncertain =
      error instanceof ServiceUnavailableError || error instanceof InvalidResponseError;
    if (!(error instanceof ConflictError) && !uncertain) {
      return { outcome: 'failed', reply: replyForError(error, this.#d.log) };
    }
    this.#d.log.warn(
      { err: error, taskId: task.id },
      `${decision} did not complete; re-reading the task`,
    );
    let now: Task | undefined;
    try {
      now = await this.#find(task.id);
    } catch (readError) {
      this.#d.log.warn({ err: readError, taskId: task.id }, 're-reading the task failed too');
      return {
        outcome: 'failed',
        reply: failure(
          `The Access Service did not confirm your decision on "${taskTitle(task)}" and is not answering now, so I can't tell whether it went through. Type \`tasks\` in a minute to see.`,
        ),
      };
    }
    if (!now)
      return {
        outcome: 'not_found',
        reply: warning('That task no longer exists.'),
        card: goneCard(task.id),
      };
    const card = this.#card(now);
    if (card.state === 'pending') {
      return {
        outcome: 'failed',
        reply: failure(
          `The Access Service did not take your decision on "${taskTitle(task)}"; it is still pending. Please try again.`,
        ),
        card,
      };
    }
    const lead =
      error instanceof ConflictError
        ? 'Someone decided this task before you'
        : 'The Access Service was slow to answer, but the task is now decided';
    return this.#alreadyDecided(card, lead);
  }

  #alreadyDecided(card: TaskCard, lead: string): DecisionResult {
    return {
      outcome: 'already_decided',
      reply: warning(`${lead}: ${card.outcome ?? card.state}.`, {
        blocks: [
          { kind: 'text', text: `${lead}.` },
          { kind: 'task', card },
        ],
      }),
      card,
    };
  }

  async #find(taskId: string): Promise<Task | undefined> {
    try {
      return await this.#d.client.getTask(taskId);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  #card(task: Task): TaskCard {
    return taskCard(task, { pendingStatus: this.#d.pendingStatus });
  }

  async #audit(
    link: IdentityLink,
    taskId: string,
    action: Decision,
    reason: string | undefined,
    result: DecisionResult,
  ): Promise<void> {
    try {
      await this.#d.store.appendAudit({
        at: this.#d.now(),
        platform: link.platform,
        chatUserId: link.chatUserId,
        accessUserId: link.accessUserId,
        taskId,
        action,
        reason: reason ?? null,
        outcome: result.outcome,
        detail:
          result.outcome === 'approved' || result.outcome === 'declined'
            ? null
            : result.reply.summary,
      });
    } catch (error) {
      // The decision stands in the Access Service; losing its audit line must not hide that.
      this.#d.log.error(
        { err: error, taskId, action, outcome: result.outcome },
        'audit write failed',
      );
    }
  }
}
