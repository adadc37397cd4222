/**
 * The terminal cannot edit what it printed, so it tells a task's outcome once: a summary of
 * several decisions counts as telling it, and the poller's later update of those tasks' messages
 * prints nothing more; a task still pending (a reminder) is printed again. It is one person's
 * chat: what a colleague linked on it is told shows in one line, what they are asked does not.
 */
import { describe, expect, it } from 'vitest';
import { ShellNotifier } from '../../adapters/shell/notifier.ts';
import { renderReply } from '../../adapters/shell/render.ts';
import { english } from '../../src/core/i18n/voice.ts';
import type { MessageRef } from '../../src/core/notifier.ts';
import { info, type TaskCard, warning } from '../../src/core/reply.ts';
import { decidedReply } from '../../src/core/tasks/approve-all.ts';
import type { DecisionResult } from '../../src/core/tasks/decide.ts';

const card = (taskId: string, state: TaskCard['state']): TaskCard => ({
  taskId,
  title: `Task ${taskId}`,
  fields: [],
  state,
  buttons: [],
});
const approved = (taskId: string): DecisionResult => ({
  outcome: 'approved',
  reply: info(english, 'You approved it.'),
  settled: { task: undefined, card: card(taskId, 'approved') },
});
const ref: MessageRef = {
  platform: 'shell',
  destination: { kind: 'user', chatUserId: 'ada@example.com' },
  data: { message: 1 },
};
const messageOf = (taskCard: TaskCard) =>
  info(english, '', { blocks: [{ kind: 'task', card: taskCard }] });

describe('the terminal after a decision on several tasks', () => {
  it('prints the summary once, and no update of the tasks it reported', async () => {
    const printed: string[] = [];
    const shell = new ShellNotifier((reply) => printed.push(reply.summary), {
      person: 'ada@example.com',
    });
    const summary = decidedReply(english, [
      { taskId: 't1', result: approved('t1') },
      { taskId: 't2', result: approved('t2') },
    ]);
    expect(summary.reported).toEqual([
      { taskId: 't1', state: 'approved' },
      { taskId: 't2', state: 'approved' },
    ]);
    shell.saw(summary);
    await shell.update(ref, messageOf(card('t1', 'approved')));
    await shell.update(ref, messageOf(card('t2', 'approved')));
    expect(printed).toEqual([]);
    // Another task's outcome, and a reminder of a pending one, are news.
    await shell.update(ref, messageOf(card('t3', 'declined')));
    await shell.update(ref, messageOf(card('t4', 'pending')));
    expect(printed).toHaveLength(2);
  });
});

describe('the terminal, for a colleague linked on it', () => {
  const radia = { kind: 'user', chatUserId: 'radia.perlman@example.com' } as const;
  const shown: string[] = [];
  const shell = new ShellNotifier((reply) => shown.push(renderReply(reply, { color: false })), {
    person: 'ada@example.com',
  });
  const approve = { label: 'Approve', action: 'approve', value: 't5' } as const;

  it('shows in one line what they are told, and nothing of a card they are asked to decide', async () => {
    const nudge = warning(english, 'Ada Lovelace is waiting for your decision.', {
      title: 'A nudge from Ada Lovelace',
      blocks: [
        { kind: 'text', text: 'Ada Lovelace is waiting for your decision.' },
        { kind: 'task', card: card('t5', 'pending') },
      ],
    });
    await shell.post(radia, nudge);
    expect(shown).toEqual(['Sent to radia.perlman@example.com: A nudge from Ada Lovelace\n']);
    const asked = messageOf({ ...card('t5', 'pending'), buttons: [approve] });
    const theirs = await shell.post(radia, asked);
    await shell.update(theirs, messageOf(card('t5', 'approved')));
    expect(shown).toHaveLength(1);
    // The terminal's own person still sees their cards.
    await shell.post({ kind: 'user', chatUserId: 'ada@example.com' }, asked);
    expect(shown[1]).toContain('Task t5');
  });
});
