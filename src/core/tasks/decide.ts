/**
 * Approving and declining: only a task in the actor's own pending list is decided; a second
 * click, a task decided meanwhile, or a timeout after the service may have acted each end in a
 * reply that tells the task's real state; a task never in the actor's list is refused without a
 * word about it; every attempt is audited. Decisions on one task run one after another here (a
 * double click decides once; across replicas the service's 409 does the same).
 */
import type { AccessClient } from '../../access/client.ts';
import {
  ConflictError,
  InvalidResponseError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../access/errors.ts';
import { type Task, taskFacts } from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';
import type { Metrics } from '../../metrics.ts';
import type { AuditStore, ConfirmationStore, IdentityLink } from '../../store/store.ts';
import type { SensitiveApps } from '../apps/index.ts';
import {
  type DecisionIntent,
  decisionTaken,
  recordDecision,
  recordDecisionIntent,
  taskNamesOf,
  withReceipt,
} from '../audit/index.ts';
import {
  askApproval,
  claimApproval,
  closeApproval,
  confirmedBy,
  isProven,
  type Presented,
} from '../confirm/index.ts';
import { english, flag, type Voice } from '../i18n/voice.ts';
import { nameOf } from '../identity.ts';
import type { TellApprovers } from '../notices.ts';
import { failure, kept, success, warning } from '../reply.ts';
import { errorReply, found, logFailure } from '../service-errors.ts';
import type { AskStepUp } from '../stepup/index.ts';
import { inert } from '../text.ts';
import { approvalQuestion, askToConfirm } from './approval-question.ts';
import type { TaskAudience } from './audience.ts';
import {
  type Decision,
  type DecisionResult,
  gone,
  notYours,
  type Settled,
  shown,
} from './decision-result.ts';
import { stateOf, taskCard, taskTitle } from './task-card.ts';

/** A result in any voice: the actor hears theirs, the audit trail keeps English. */
type Said = (v: Voice) => DecisionResult;

export interface DecideDeps {
  client: AccessClient;
  store: AuditStore & ConfirmationStore;
  audience: Pick<TaskAudience, 'pendingTask' | 'wasShown'>;
  log: Logger;
  now: () => Date;
  metrics?: Pick<Metrics, 'decisionSeconds' | 'auditWriteFailures'>;
  pendingStatus: string;
  /** Whether someone may approve a request of their own (or a review of their own access). */
  allowSelfApproval: boolean;
  /** Which applications take a confirmation to approve; unset: none. */
  sensitive?: Pick<SensitiveApps, 'ofTask'>;
  /** The outbox, which edits a settled task's messages; unset: nothing is edited. */
  approvers?: Pick<TellApprovers, 'decided'>;
  /** STEP_UP=passkey: only a passkey confirms, on the page this links to; unset: a code does. */
  stepUp?: AskStepUp;
}

export class Decider {
  readonly #d: DecideDeps;
  /** The last decision on each task in this process, which the next one waits for. */
  readonly #tails = new Map<string, Promise<unknown>>();

  constructor(deps: DecideDeps) {
    this.#d = deps;
  }

  #serially<T>(taskId: string, work: () => Promise<T>): Promise<T> {
    const next = (this.#tails.get(taskId) ?? Promise.resolve()).then(work, work);
    const tail = next.catch(() => undefined);
    this.#tails.set(taskId, tail);
    void tail.then(() => {
      if (this.#tails.get(taskId) === tail) this.#tails.delete(taskId);
    });
    return next;
  }

  /**
   * `confirmation`: a sensitive approval's confirmation (its code, or found by it), when this is
   * one; `batchId`: the batch ("keep everyone left") this decision is one of, kept in its entry.
   */
  decide(
    link: IdentityLink,
    v: Voice,
    taskId: string,
    decision: Decision,
    reason?: string,
    confirmation?: Presented,
    batchId?: string,
  ): Promise<DecisionResult> {
    return this.#serially(taskId, async () => {
      let said: Said;
      let mine: Task | undefined;
      let intent: DecisionIntent | undefined;
      let confirmed: string | undefined;
      const entry = () => ({
        taskId,
        ...taskNamesOf(mine),
        action: decision,
        reason: reason ?? null,
        ...(confirmed && { confirmedBy: confirmed }),
        ...(batchId !== undefined && { batchId }),
      });
      try {
        mine = await this.#d.audience.pendingTask(link, taskId);
        const task = mine;
        if (!task) said = await this.#refuse(link, taskId);
        else if (decision === 'approve' && !this.#d.allowSelfApproval && isOwn(task, link)) {
          said = (w) => selfApproval(w, task);
        } else {
          const unconfirmed =
            decision === 'approve'
              ? await this.#unconfirmed(task, link, v, confirmation)
              : undefined;
          if (unconfirmed) said = unconfirmed;
          else {
            if (unconfirmed === null && confirmation) confirmed = confirmedBy(confirmation);
            // Kept first: if the store cannot keep it, nothing is sent (the person is told why).
            intent = await recordDecisionIntent(this.#d, link, entry());
            said = await this.#act(task, decision, reason, link);
            if (confirmation) await closeApproval(this.#d, confirmation, said(english).outcome);
          }
        }
      } catch (error) {
        said = this.#failed(error);
      }
      const result = said(v);
      const decided = result.outcome === 'approved' || result.outcome === 'declined';
      const detail = decided ? null : said(english).reply.summary;
      const record = { ...entry(), outcome: result.outcome, detail };
      const { settled } = result;
      const tell = this.#d.approvers;
      // Taken: its entry is completed with the edit of the decider's card, in one commit.
      const taken =
        settled && tell && intent && decided && decisionTaken(this.#d, link, record, intent);
      const receipt = taken ? taken.receipt : await recordDecision(this.#d, link, record, intent);
      if (settled) tell?.decided(taskId, settled.task, link.accessUserId, taken || undefined);
      return decided ? { ...result, reply: withReceipt(v, result.reply, receipt) } : result;
    });
  }

  /** A failure told as it is, logged once however many voices tell it. */
  #failed(error: unknown): Said {
    logFailure(error, this.#d.log);
    return (w) => kept('failed', errorReply(w, error));
  }

  /** Not in the actor's pending list: say truthfully why, without acting. */
  async #refuse(link: IdentityLink, taskId: string): Promise<Said> {
    if (!(await this.#d.audience.wasShown(link, taskId))) {
      return (w) => kept('not_assignee', warning(w, notYours(w)));
    }
    const task = await found(this.#d.client.getTask(taskId));
    if (!task) return (w) => gone(w, taskId);
    if (stateOf(task, this.#d.pendingStatus) !== 'pending') {
      return (w) => this.#alreadyDecided(w, task, w.t('decide.alreadyDecided'));
    }
    return (w) =>
      kept('not_assignee', warning(w, w.t('decide.noLongerYours', { title: taskTitle(w, task) })));
  }

  /**
   * A sensitive application's approval without its confirmation (a single click, a forged one,
   * "approve all"), or with a code that does not confirm it (mistyped, made for another approver
   * or for other facts, or expired): nothing is approved, the actor is asked afresh — with a code
   * of their own (with STEP_UP=passkey, a link to confirm with their passkey instead) — and told
   * when the code was wrong or had expired. Null: confirmed; undefined: nothing to confirm.
   */
  async #unconfirmed(
    task: Task,
    link: IdentityLink,
    v: Voice,
    presented: Presented | undefined,
  ): Promise<Said | null | undefined> {
    const sensitivity = (await this.#d.sensitive?.ofTask(task)) ?? 'no';
    if (sensitivity === 'no') return undefined;
    const { stepUp } = this.#d;
    // With step-up on, a code (however it was learnt) confirms nothing: only a passkey does.
    const confirmation = stepUp && !isProven(presented) ? undefined : presented;
    const said =
      confirmation === undefined
        ? undefined
        : await claimApproval(this.#d, link, task, confirmation);
    if (said === 'good') return null;
    const { code, id } = await askApproval(this.#d, link, task);
    const summary = approvalQuestion(v, task, sensitivity);
    const asking = { confirmationId: id, taskId: task.id, summary };
    const page = stepUp && (await stepUp(link, v, asking));
    const asked = { sensitivity, code, said, ...(page && { stepUp: page }) };
    return (w) => askToConfirm(w, task, asked, this.#d.pendingStatus);
  }

  async #act(
    task: Task,
    decision: Decision,
    reason: string | undefined,
    link: IdentityLink,
  ): Promise<Said> {
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
        decidedByName: nameOf(link),
        decidedAt: this.#d.now().toISOString(),
        ...(reason ? { reason } : {}),
      },
    };
    return (w) => {
      const said = w.t('decide.done', {
        decision,
        title: taskTitle(w, task),
        reason: reason ? inert(reason) : '',
        withReason: flag(reason),
      });
      return shown(verb, success(w, said), this.#settled(w, decided));
    };
  }

  /** The call failed: find out what actually happened before saying anything. */
  async #afterFailure(task: Task, decision: Decision, error: unknown): Promise<Said> {
    if (error instanceof NotFoundError) return (w) => gone(w, task.id);
    const uncertain =
      error instanceof ServiceUnavailableError || error instanceof InvalidResponseError;
    if (!(error instanceof ConflictError) && !uncertain) return this.#failed(error);
    this.#d.log.warn(
      { err: error, taskId: task.id },
      `${decision} did not complete; re-reading the task`,
    );
    const failed =
      (key: 'decide.unconfirmed' | 'decide.notTaken'): Said =>
      (w) =>
        kept('failed', failure(w, w.t(key, { title: taskTitle(w, task) })));
    const current = await found(this.#d.client.getTask(task.id)).catch((readError: unknown) => {
      this.#d.log.warn({ err: readError, taskId: task.id }, 're-reading the task failed too');
      return 'unread' as const;
    });
    if (current === 'unread') return failed('decide.unconfirmed');
    if (!current) return (w) => gone(w, task.id);
    if (stateOf(current, this.#d.pendingStatus) === 'pending') return failed('decide.notTaken');
    const lead = error instanceof ConflictError ? 'decide.someoneElse' : 'decide.slowButDecided';
    return (w) => this.#alreadyDecided(w, current, w.t(lead));
  }

  #alreadyDecided(v: Voice, task: Task, lead: string): DecisionResult {
    const settled = this.#settled(v, task);
    const { card } = settled;
    const said = v.t('decide.leadOutcome', { lead, outcome: card.outcome ?? card.state });
    const text = v.t('decide.lead', { lead });
    return shown(
      'already_decided',
      warning(v, said, { blocks: [{ kind: 'text', text }] }),
      settled,
    );
  }

  #settled(v: Voice, task: Task): Settled {
    return { task, card: taskCard(v, task, { pendingStatus: this.#d.pendingStatus }) };
  }
}

/** The actor asked for this access, or it is their own access under review. */
function isOwn(task: Task, link: IdentityLink): boolean {
  const facts = taskFacts(task);
  return facts.requestedBy === link.accessUserId || facts.userId === link.accessUserId;
}

const selfApproval = (v: Voice, task: Task) =>
  kept('self_approval', warning(v, v.t('decide.selfApproval', { title: taskTitle(v, task) })));
