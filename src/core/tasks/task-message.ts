/** The message a task notification is: one task card, with a plain-text summary. */
import type { Voice } from '../i18n/voice.ts';
import type { Reply, TaskCard } from '../reply.ts';

export function taskMessage(v: Voice, card: TaskCard, lead?: string): Reply {
  const summary = card.outcome
    ? v.t('taskMessage.decided', { title: card.title, outcome: card.outcome })
    : v.t('taskMessage.waiting', {
        lead: lead ?? v.t('taskMessage.waitingLead'),
        title: card.title,
      });
  return {
    visibility: 'private',
    tone: card.state === 'pending' ? 'info' : card.state === 'approved' ? 'success' : 'warning',
    title: lead,
    blocks: [{ kind: 'task', card }],
    summary,
    locale: v.locale,
  };
}
