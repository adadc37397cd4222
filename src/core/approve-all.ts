/** "Approve all": each listed task once, in order, with one summary wording on every platform. */
import type { AuditOutcome } from '../store/store.ts';
import type { DecisionResult } from './decide.ts';
import { plural } from './format.ts';
import { listBlock, type Reply, success, warning } from './reply.ts';
import { inert } from './text.ts';

/** The most tasks one click may approve: a `tasks` list never shows more. */
export const MAX_APPROVE_ALL = 50;

const said: Record<AuditOutcome, string> = {
  approved: 'approved',
  declined: 'declined',
  already_decided: 'already decided',
  not_assignee: 'not yours',
  not_found: 'no longer exists',
  failed: 'failed',
};

export interface Approved {
  taskId: string;
  result: DecisionResult;
}

export async function approveEach(
  taskIds: readonly string[],
  approve: (taskId: string) => Promise<DecisionResult>,
): Promise<Approved[]> {
  const results: Approved[] = [];
  for (const taskId of new Set(taskIds.slice(0, MAX_APPROVE_ALL))) {
    results.push({ taskId, result: await approve(taskId) });
  }
  return results;
}

export function approveAllReply(results: readonly Approved[]): Reply {
  const items = results.map(({ taskId, result }) => {
    const title =
      result.message.kind === 'replace' ? result.message.card.title : `Task ${inert(taskId)}`;
    const what = `${title}: ${said[result.outcome]}`;
    return result.outcome === 'failed' ? `${what} — ${result.reply.summary}` : what;
  });
  const approved = results.filter((r) => r.result.outcome === 'approved').length;
  const title = `Approved ${approved} of ${plural(results.length, 'task')}`;
  const make = approved === results.length ? success : warning;
  return make(`${title}. ${items.join('; ')}`, { title, blocks: [listBlock(items, 50)] });
}
