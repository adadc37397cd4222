/**
 * Deciding several tasks at once ("Approve all", `approve 1 2 3`, `decline 1 2 -- why`): each
 * named task once, in order, each checked like a single click, with one summary wording on every
 * platform.
 */
import type { AuditOutcome } from '../store/store.ts';
import type { Decision, DecisionResult } from './decide.ts';
import { plural } from './format.ts';
import { listBlock, type Reply, success, warning } from './reply.ts';
import { inert } from './text.ts';

/** The most tasks one click may approve: a `tasks` list never shows more. */
export const MAX_APPROVE_ALL = 50;

const said: Record<AuditOutcome, string> = {
  approved: 'approved',
  declined: 'declined',
  already_decided: 'already decided',
  not_assignee: 'not in your task list',
  self_approval: 'your own request',
  not_found: 'no longer exists',
  failed: 'failed',
  unconfirmed: 'skipped — a sensitive application: approve it on its own and confirm',
};

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

/**
 * One summary for every platform: a title with the count, then each task's outcome on a line of
 * its own — what became of it, and only what the outcome word does not already say.
 */
export function decidedReply(results: readonly Decided[], decision: Decision = 'approve'): Reply {
  const done = decision === 'approve' ? 'approved' : 'declined';
  const items = results.map(({ taskId, result }) => {
    // A task left as it was may still be shown in the reply (a sensitive one's confirmation).
    const shown = result.reply.blocks.find((b) => b.kind === 'task');
    const card = result.message.kind === 'replace' ? result.message.card : shown?.card;
    const what = `${card?.title ?? `Task ${inert(taskId)}`}: ${said[result.outcome]}`;
    if (result.outcome === 'already_decided' && card?.outcome) return `${what} — ${card.outcome}`;
    return result.outcome === 'failed' ? `${what} — ${result.reply.summary}` : what;
  });
  const count = results.filter((r) => r.result.outcome === done).length;
  const title = `${decision === 'approve' ? 'Approved' : 'Declined'} ${count} of ${plural(results.length, 'task')}`;
  const make = count === results.length ? success : warning;
  const reported = results.flatMap(({ result: { message } }) =>
    message.kind === 'replace' ? [{ taskId: message.card.taskId, state: message.card.state }] : [],
  );
  return {
    ...make(`${title}. ${items.join('; ')}`, { title, blocks: [listBlock(items, 50)] }),
    reported,
  };
}
