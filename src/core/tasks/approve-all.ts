/** Deciding several tasks at once: each once, in order, checked like a single click. */
import { flag, type Voice } from '../i18n/voice.ts';
import { listBlock, type Reply, success, warning } from '../reply.ts';
import { inert } from '../text.ts';
import type { Decision, DecisionResult } from './decision-result.ts';

/** A `tasks` list never shows more. */
export const MAX_APPROVE_ALL = 50;

export interface Decided {
  taskId: string;
  result: DecisionResult;
}

export async function decideEach(
  taskIds: readonly string[],
  decide: (taskId: string) => Promise<DecisionResult>,
): Promise<Decided[]> {
  const results: Decided[] = [];
  for (const taskId of new Set(taskIds.slice(0, MAX_APPROVE_ALL))) {
    results.push({ taskId, result: await decide(taskId) });
  }
  return results;
}

/** Each task's outcome on a line, saying only what the outcome word does not. */
export function decidedReply(
  v: Voice,
  results: readonly Decided[],
  decision: Decision = 'approve',
): Reply {
  const done = decision === 'approve' ? 'approved' : 'declined';
  const items = results.map(({ taskId, result }) => {
    // A task left as it was may still be shown in the reply (a sensitive one's confirmation).
    const shown = result.reply.blocks.find((b) => b.kind === 'task');
    const card = result.settled?.card ?? shown?.card;
    const more =
      result.outcome === 'already_decided' && card?.outcome
        ? card.outcome
        : result.outcome === 'failed'
          ? result.reply.summary
          : undefined;
    return v.t('decided.item', {
      title: card?.title ?? v.t('decided.task', { id: inert(taskId) }),
      outcome: result.outcome,
      more: more ?? '',
      withMore: flag(more),
    });
  });
  const count = results.filter((r) => r.result.outcome === done).length;
  const title = v.t('decided.title', { decision, count, total: results.length });
  const make = count === results.length ? success : warning;
  const reported = results.flatMap(({ result: { settled } }) =>
    settled ? [{ taskId: settled.card.taskId, state: settled.card.state }] : [],
  );
  const summary = v.t('decided.summary', { title, items: items.join('; ') });
  return { ...make(v, summary, { title, blocks: [listBlock(items, 50)] }), reported };
}
