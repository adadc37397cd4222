/**
 * The terminal cannot edit what it printed, so it tells a task's outcome once: a summary of
 * several decisions counts as telling it, and the poller's later update of those tasks' messages
 * prints nothing more. A waiting task's card edited (someone away, back, a question asked) is
 * printed as an update — never again as a new task — and not at all when it shows nothing new; a
 * reminder prints its nudge. It is one person's chat: what a colleague linked on it is told shows
 * in one line, what they are asked does not.
 */
import { describe, expect, it } from 'vitest';
import { ShellNotifier } from '../../adapters/shell/notifier.ts';
import { renderReply } from '../../adapters/shell/render.ts';
import type { Task } from '../../src/access/schemas.ts';
import { english, voiceFor } from '../../src/core/i18n/voice.ts';
import type { MessageRef } from '../../src/core/notifier.ts';
import { info, Reply, type TaskCard, warning } from '../../src/core/reply.ts';
import { decidedReply } from '../../src/core/tasks/approve-all.ts';
import type { DecisionResult } from '../../src/core/tasks/decision-result.ts';
import { tasksReply } from '../../src/core/tasks/task-list.ts';
import { newTaskMessage, reminderFollowUp, reminderMessage } from '../../src/poller/messages.ts';

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

describe.each(['en', 'de-DE', 'ja-JP'])(
  'the terminal, when a task it shows is edited (%s)',
  (locale) => {
    const v = voiceFor(locale);
    const task: Task = {
      id: '0f76d819-6e59-5394-9674-bb4d6188068b',
      status: 'Pending',
      type: 'EntitlementReview',
      target: { workAppName: 'AWS Console', userDisplayName: 'Dennis Ritchie' },
      metadata: { requestedByName: 'Radia Perlman', createdAt: '2026-11-22T07:46:00Z' },
    };
    const o = { pendingStatus: 'Pending', notifyOnly: false };
    // What the poller's card shows beside the task.
    const beside = (waited: string) => ({ context: [{ label: 'Waiting', value: waited }] });
    // A question on the card from the start.
    const asked = 'You asked Radia Perlman: "Is PowerUser still needed?" — no answer yet';
    const away = 'Ada Lovelace is away until Friday — dentist';
    // The card as the poller edits it, with what it shows around the task, read back from the
    // store as the outbox reads it.
    const edited = (notes = [asked], waited = '3 hours') =>
      Reply.parse(
        newTaskMessage(v, task, { kind: 'approver' }, { ...o, notes, extras: beside(waited) }),
      );

    it('prints an update, never "New task", and nothing when nothing shown changed', async () => {
      const printed: string[] = [];
      const shell = new ShellNotifier(
        (reply) => printed.push(renderReply(reply, { color: false })),
        {
          person: 'ada@example.com',
          locale,
        },
      );
      // The start-up list shows the task; the poller's card of it is news to no one.
      shell.saw(tasksReply(v, [task], 'Pending', undefined, new Map([[task.id, [asked]]])));
      await shell.post(ref.destination, edited());
      // What it shows beside the task moves with the clock: no news either.
      await shell.update(ref, edited(undefined, '4 hours'));
      expect(printed).toEqual([]);
      // `away`: the card now says so.
      await shell.update(ref, edited([asked, away]));
      await shell.update(ref, edited([asked, away]));
      // `back`: it no longer does.
      await shell.update(ref, edited());
      expect(printed).toHaveLength(2);
      for (const text of printed) {
        expect(text).not.toContain(v.t('poller.new'));
        expect(text.split('\n')[0]).toBe(v.t('render.shell.update'));
      }
      expect(printed[0]).toContain(away);
      expect(printed[1]).not.toContain(away);
      // A reminder: the card unchanged, its nudge said.
      const reminder = reminderMessage(v, task, {
        ...o,
        notes: [asked],
        extras: beside('5 hours'),
      });
      await shell.update(ref, reminder);
      expect(printed).toHaveLength(2);
      await shell.followUp(ref, reminderFollowUp(v, task));
      expect(printed[2]).toContain(renderReply(reminderFollowUp(v, task), { color: false }));
    });

    it('prints a new card, and its update once a line beside the task arrives', async () => {
      const printed: string[] = [];
      const shell = new ShellNotifier((reply) => printed.push(reply.title ?? ''), {
        person: 'ada@example.com',
        locale,
      });
      const sent = (extras?: ReturnType<typeof beside>) =>
        newTaskMessage(v, task, { kind: 'approver' }, { ...o, extras });
      await shell.post(ref.destination, sent());
      await shell.update(ref, sent(beside('3 hours')));
      expect(printed).toEqual([v.t('poller.new'), v.t('render.shell.update')]);
    });
  },
);
