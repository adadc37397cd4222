/**
 * Approving and declining, with the rules that matter: only a task in the actor's own pending
 * list is decided; a second click, a task decided meanwhile, or a timeout after the service may
 * have acted each end in a reply that tells the task's real state; a task that never was in the
 * actor's list is refused without a word about it; every attempt is audited. Decisions on the
 * same task run one after another in this process (a double click decides once; across
 * replicas the service's 409 does the same).
 */
import type { AccessClient } from '../access/client.ts';
import {
  ConflictError,
  InvalidResponseError,
  NotFoundError,
  ServiceUnavailableError,
} from '../access/errors.ts';
import type { Task } from '../access/schemas.ts';
import { taskFacts } from '../access/task-facts.ts';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import type { AuditOutcome, AuditStore, IdentityLink } from '../store/store.ts';
import type { TaskAudience } from './audience.ts';
import { recordDecision, taskNamesOf } from './audit/record.ts';
import { failure, kept, type Reply, success, type TaskCard, warning } from './reply.ts';
import { confirmationCode, type SensitiveApps, type Sensitivity } from './sensitivity.ts';
import { PerKey } from './serial.ts';
import { found, replyForError } from './service-errors.ts';
import { goneCard, taskCard, taskTitle } from './task-card.ts';
import { inert } from './text.ts';

export type Decision = 'approve' | 'decline';

/**
 * What becomes of the message a decision came from: it shows the task as it now stands
 * (decided, decided by someone else, gone), or it stays as it was (nothing changed: not the
 * actor's task, the service failed) and only the actor is told why.
 */
export type MessageChange = { kind: 'replace'; card: TaskCard } | { kind: 'keep' };

export interface DecisionResult {
  outcome: AuditOutcome;
  /** What the actor is told. */
  reply: Reply;
  message: MessageChange;
  /** A sensitive approval waiting for its confirmation: what a platform asks, and the code. */
  confirm?: Confirmation;
}

export interface Confirmation {
  taskId: string;
  code: string;
  /** Why it is asked, and what approving gives: names the application, the level and the person. */
  question: string;
}

/** Told to anyone who names a task that never was theirs: nothing about the task itself. */
export const NOT_YOURS =
  'That task is not in your task list, so I can neither show nor decide it. Only its approvers can. Type `tasks` to see yours.';

export interface DecideDeps {
  client: AccessClient;
  store: AuditStore;
  audience: Pick<TaskAudience, 'pending' | 'wasShown'>;
  log: Logger;
  now: () => Date;
  metrics?: Pick<Metrics, 'decisionSeconds'>;
  pendingStatus: string;
  /** Whether someone may approve a request of their own (or a review of their own access). */
  allowSelfApproval: boolean;
  /** Which applications take a confirmation to approve; unset: none. */
  sensitive?: Pick<SensitiveApps, 'ofTask'>;
}

export class Decider {
  readonly #d: DecideDeps;
  readonly #serial = new PerKey();

  constructor(deps: DecideDeps) {
    this.#d = deps;
  }

  /** `confirmation`: the code of a sensitive approval's confirmation, when this is one. */
  decide(
    link: IdentityLink,
    taskId: string,
    decision: Decision,
    reason?: string,
    confirmation?: string,
  ): Promise<DecisionResult> {
    return this.#serial.run(taskId, async () => {
      let result: DecisionResult;
      let mine: Task | undefined;
      try {
        mine = (await this.#d.audience.pending(link)).find((t) => t.id === taskId);
        if (!mine) result = await this.#refuse(link, taskId);
        else if (decision === 'approve' && !this.#d.allowSelfApproval && isOwn(mine, link)) {
          result = selfApproval(mine);
        } else {
          const unconfirmed =
            decision === 'approve' ? await this.#unconfirmed(mine, confirmation) : undefined;
          result = unconfirmed ?? (await this.#act(mine, decision, reason, link));
        }
      } catch (error) {
        result = kept('failed', replyForError(error, this.#d.log));
      }
      await recordDecision(this.#d, link, {
        taskId,
        ...taskNamesOf(mine),
        action: decision,
        reason: reason ?? null,
        outcome: result.outcome,
        detail:
          result.outcome === 'approved' || result.outcome === 'declined'
            ? null
            : result.reply.summary,
      });
      return result;
    });
  }

  /** Not in the actor's pending list: say truthfully why, without acting. */
  async #refuse(link: IdentityLink, taskId: string): Promise<DecisionResult> {
    if (!(await this.#d.audience.wasShown(link, taskId))) {
      return kept('not_assignee', warning(NOT_YOURS));
    }
    const task = await found(this.#d.client.getTask(taskId));
    if (!task) return gone(taskId);
    const card = this.#card(task);
    if (card.state !== 'pending') {
      return this.#alreadyDecided(card, 'This task was already decided');
    }
    const title = taskTitle(task);
    return kept(
      'not_assignee',
      warning(`"${title}" is no longer assigned to you, so you can't decide it any more.`),
    );
  }

  /**
   * A sensitive application's approval without its confirmation (a single click, a forged one,
   * "approve all", or a confirmation of other facts): nothing is approved, the actor is asked.
   */
  async #unconfirmed(task: Task, confirmation: string | undefined) {
    const sensitivity = (await this.#d.sensitive?.ofTask(task)) ?? 'no';
    const code = confirmationCode(task);
    if (sensitivity === 'no' || confirmation === code) return undefined;
    return askToConfirm(task, sensitivity, code, this.#d.pendingStatus);
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
    const why = reason ? ` Reason: "${inert(reason)}".` : '';
    return shown(verb, success(`You ${verb} "${taskTitle(task)}".${why}`), card);
  }

  /** The call failed: find out what actually happened before saying anything. */
  async #afterFailure(task: Task, decision: Decision, error: unknown): Promise<DecisionResult> {
    if (error instanceof NotFoundError) return gone(task.id);
    const uncertain =
      error instanceof ServiceUnavailableError || error instanceof InvalidResponseError;
    if (!(error instanceof ConflictError) && !uncertain) {
      return kept('failed', replyForError(error, this.#d.log));
    }
    this.#d.log.warn(
      { err: error, taskId: task.id },
      `${decision} did not complete; re-reading the task`,
    );
    let now: Task | undefined;
    try {
      now = await found(this.#d.client.getTask(task.id));
    } catch (readError) {
      this.#d.log.warn({ err: readError, taskId: task.id }, 're-reading the task failed too');
      return kept(
        'failed',
        failure(
          `The Access Service did not confirm your decision on "${taskTitle(task)}" and is not answering now, so I can't tell whether it went through. Type \`tasks\` in a minute to see.`,
        ),
      );
    }
    if (!now) return gone(task.id);
    const card = this.#card(now);
    if (card.state === 'pending') {
      return kept(
        'failed',
        failure(
          `The Access Service did not take your decision on "${taskTitle(task)}"; it is still pending. Please try again.`,
        ),
      );
    }
    const lead =
      error instanceof ConflictError
        ? 'Someone decided this task before you'
        : 'The Access Service was slow to answer, but the task is now decided';
    return this.#alreadyDecided(card, lead);
  }

  #alreadyDecided(card: TaskCard, lead: string): DecisionResult {
    const said = `${lead}: ${card.outcome ?? card.state}.`;
    return shown(
      'already_decided',
      warning(said, { blocks: [{ kind: 'text', text: `${lead}.` }] }),
      card,
    );
  }

  #card(task: Task): TaskCard {
    return taskCard(task, { pendingStatus: this.#d.pendingStatus });
  }
}

/** A result that shows the task as it now stands: under the reply, and in the message. */
function shown(outcome: AuditOutcome, reply: Reply, card: TaskCard): DecisionResult {
  const blocks = [...reply.blocks, { kind: 'task' as const, card }];
  return { outcome, reply: { ...reply, blocks }, message: { kind: 'replace', card } };
}

/** The actor asked for this access, or it is their own access under review. */
function isOwn(task: Task, link: IdentityLink): boolean {
  const facts = taskFacts(task);
  return facts.requestedBy === link.accessUserId || facts.userId === link.accessUserId;
}

function selfApproval(task: Task): DecisionResult {
  return kept(
    'self_approval',
    warning(
      `"${taskTitle(task)}" is your own request, so you can't approve it: another approver has to. You can still decline it.`,
    ),
  );
}

function askToConfirm(
  task: Task,
  sensitivity: Exclude<Sensitivity, 'no'>,
  code: string,
  pendingStatus: string,
): DecisionResult {
  const f = taskFacts(task);
  const app = inert(f.workAppName ?? 'this application');
  const person = inert(f.userDisplayName ?? 'the requester');
  const access = f.permissionLevelName ? `${inert(f.permissionLevelName)} access` : 'access';
  const why =
    sensitivity === 'yes'
      ? `${app} is a sensitive application.`
      : `I could not check whether ${app} is a sensitive application, so I ask.`;
  const text = `${why} Approving gives ${person} ${access} to ${app}: confirm below.`;
  const extras = { sensitivity, context: [] };
  const card = taskCard(task, { pendingStatus, extras, confirmation: code });
  return {
    ...kept(
      'unconfirmed',
      warning(text, {
        title: 'Confirm this approval',
        blocks: [
          { kind: 'text', text },
          { kind: 'task', card },
        ],
      }),
    ),
    confirm: { taskId: task.id, code, question: `${why} Give ${person} ${access} to ${app}?` },
  };
}

function gone(taskId: string): DecisionResult {
  const card = goneCard(taskId);
  return {
    outcome: 'not_found',
    reply: warning('That task no longer exists.'),
    message: { kind: 'replace', card },
  };
}
