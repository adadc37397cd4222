/**
 * "Keep everyone left" and "Revoke everyone left": one pending confirmation (confirm/) naming the
 * tasks and people it covers, then each task decided like a single click, once, in order. The
 * first failure of the service stops the batch: the person is told which were decided and which
 * not, and a second confirm of the same code decides nothing (the store claimed it once).
 */
import { z } from 'zod';
import { type Task, taskFacts } from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';
import { type ConfirmationStore, type IdentityLink, PendingBase } from '../../store/store.ts';
import { asKind, type ConfirmKind, openConfirmation } from '../confirm/index.ts';
import type { Voice } from '../i18n/voice.ts';
import { info, listBlock, MAX_LIST, type Reply, success, warning } from '../reply.ts';
import type { DecisionResult } from '../tasks/index.ts';
import { inert } from '../text.ts';
import type { ReviewGroup } from './groups.ts';
import { groupLabel } from './messages.ts';

/** Enough for the largest group a page shows, 30 pages of 10. */
export const MAX_BATCH = 300;

const Decision = z.enum(['keep', 'revoke']);
type BatchDecision = z.infer<typeof Decision>;

/** `partial`: some were not decided here (decided elsewhere, failed, or waiting to be confirmed). */
const ReviewBatchOutcome = z.enum(['done', 'partial', 'cancelled', 'expired', 'not_allowed']);
export type ReviewBatchOutcome = z.infer<typeof ReviewBatchOutcome>;

const Person = z.object({ taskId: z.string(), name: z.string(), id: z.string() });
const ReviewBatch = PendingBase.extend({
  outcome: ReviewBatchOutcome.nullable(),
  decision: Decision,
  group: z.string(),
  reason: z.string().nullable(),
  people: z.array(Person).min(1).max(MAX_BATCH),
});
type ReviewBatch = z.infer<typeof ReviewBatch>;

export interface ReviewBatches {
  store: ConfirmationStore;
  now: () => Date;
  log: Logger;
  /** Each decision's audit entry names its batch by `batchId`. */
  decide: (
    link: IdentityLink,
    taskId: string,
    decision: 'approve' | 'decline',
    reason: string | undefined,
    batchId: string,
  ) => Promise<DecisionResult>;
}

const nameOf = (task: Task) => {
  const f = taskFacts(task);
  return inert(f.userDisplayName ?? f.userId ?? '?', 80);
};

/** Asks to confirm, naming everyone it covers; a revoke first asks for its one reason. */
export async function batchReply(
  deps: ReviewBatches,
  link: IdentityLink,
  v: Voice,
  group: ReviewGroup,
  decision: BatchDecision,
  reason: string | undefined,
): Promise<Reply> {
  const label = groupLabel(group);
  if (decision === 'revoke' && !reason) {
    return warning(v, v.t('reviews.revokeWhy', { number: group.number, group: label }));
  }
  const tasks = group.tasks.slice(0, MAX_BATCH);
  const people = tasks.map((t) => ({ taskId: t.id, name: nameOf(t), id: t.id.slice(0, 8) }));
  const payload = { decision, group: label, reason: reason ?? null, people };
  const { code } = await openConfirmation(deps, 'review', link, 'asker', payload);
  const count = people.length;
  const said = { decision, group: label, count };
  const title = v.t('reviews.batchAsk', said);
  return info(v, v.t('reviews.batchSummary', { title, code }), {
    title,
    blocks: [
      listBlock(
        people.map((p) => p.name),
        MAX_LIST,
      ),
      ...(reason
        ? [{ kind: 'text' as const, text: v.t('reviews.batchReason', { reason: inert(reason) }) }]
        : []),
      {
        kind: 'actions',
        buttons: [
          {
            label: v.t('reviews.batchConfirm', said),
            action: 'confirmChange',
            value: code,
            style: decision === 'keep' ? 'primary' : 'danger',
            spoken: v.t('reviews.batchConfirm', said),
          },
          { label: v.t('change.cancel'), action: 'cancelChange', value: code },
        ],
      },
      { kind: 'note', text: v.t('reviews.batchHowTo', { code }) },
    ],
  });
}

type Result = { name: string; id: string; result: DecisionResult | undefined };

/** The batch as a kind of pending confirmation: only its asker settles it, once. */
export function reviewKind(deps: ReviewBatches): ConfirmKind<ReviewBatch, ReviewBatchOutcome> {
  /** Each batch's results, from carrying it out to its outcome card (same call of `settle`). */
  const results = new Map<string, Result[]>();
  return {
    kind: 'review',
    parse: (found) => asKind(found, 'review', ReviewBatch),
    secondAdmin: async () => undefined,
    stillMay: async () => true,
    async carryOut(link, change) {
      const done: Result[] = [];
      const decision = change.decision === 'keep' ? 'approve' : 'decline';
      let stopped = false;
      for (const p of change.people) {
        const result = stopped
          ? undefined
          : await deps.decide(link, p.taskId, decision, change.reason ?? undefined, change.id);
        if (result?.outcome === 'failed') stopped = true;
        done.push({ name: p.name, id: p.id, result });
      }
      results.set(change.id, done);
      const all = done.every(
        (r) => r.result?.outcome === (decision === 'approve' ? 'approved' : 'declined'),
      );
      const detail = `${done.filter((r) => r.result && decided(r.result)).length}/${done.length}`;
      return { outcome: all ? 'done' : 'partial', detail };
    },
    after: async () => undefined,
    // Each task's decision has its own audit entry naming the batch (tasks/decide.ts); the
    // batch adds a log line.
    audit: async (_link, change, outcome, detail) =>
      deps.log.info({ changeId: change.id, outcome, detail }, 'review batch settled'),
    outcomeCard(v, _link, change, outcome, said) {
      const done = results.get(change.id);
      results.delete(change.id);
      return batchOutcome(v, change, outcome, done, said.lead);
    },
    underWay: (v, change) => warning(v, v.t('reviews.batchUnderWay', { group: change.group })),
  };
}

const decided = (r: DecisionResult) => r.outcome === 'approved' || r.outcome === 'declined';

function batchOutcome(
  v: Voice,
  change: ReviewBatch,
  outcome: ReviewBatchOutcome,
  done: Result[] | undefined,
  lead: string | undefined,
): Reply {
  const said = { decision: change.decision, group: change.group, count: change.people.length };
  if (!done) {
    const text = v.t('reviews.batchSettled', { ...said, outcome, lead: lead ?? '' });
    return warning(v, text);
  }
  const items = done.map(({ name, id, result }) =>
    v.t('reviews.batchItem', {
      name,
      id: inert(id),
      outcome: result?.outcome ?? 'not_tried',
    }),
  );
  const count = done.filter((r) => r.result && decided(r.result)).length;
  const title = v.t('reviews.batchDone', { ...said, done: count });
  const make = outcome === 'done' ? success : warning;
  return make(v, v.t('reviews.batchDoneSummary', { title, items: items.join('; ') }), {
    title,
    blocks: [listBlock(items, MAX_LIST)],
  });
}
