/** The message a task notification is: one task card, with a plain-text summary. */
import type { Reply, TaskCard } from './reply.ts';

export function taskMessage(card: TaskCard, lead?: string): Reply {
  const summary = card.outcome
    ? `${card.title}: ${card.outcome}`
    : `${lead ?? 'Waiting for your decision'}: ${card.title}`;
  return {
    visibility: 'private',
    tone: card.state === 'pending' ? 'info' : card.state === 'approved' ? 'success' : 'warning',
    title: lead,
    blocks: [{ kind: 'task', card }],
    summary,
  };
}
