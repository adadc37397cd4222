/**
 * The Adaptive Card renderer on its own: every kind of core reply becomes a schema 1.5 card that
 * Microsoft's library parses without a warning, and the largest one still fits in a Teams
 * message.
 */
import { describe, expect, it } from 'vitest';
import { cardActivity, messageActivity } from '../../adapters/teams/activity.ts';
import { renderCard } from '../../adapters/teams/render.ts';
import type { Task } from '../../src/access/schemas.ts';
import { digestReply } from '../../src/core/digest/compose.ts';
import { helpReply } from '../../src/core/help.ts';
import { english } from '../../src/core/i18n/voice.ts';
import { failure, info, listBlock, success, warning } from '../../src/core/reply.ts';
import { goneCard, taskCard, taskMessage } from '../../src/core/tasks/task-card.ts';
import { tasksReply } from '../../src/core/tasks/task-list.ts';
import { MAX_MESSAGE_BYTES } from '../fakes/bot-connector.ts';
import { cardProblems } from '../fakes/bot-connector-cards.ts';

const task = (i: number, status = 'Pending'): Task => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  status,
  type: 'AccessRequest',
  target: { workAppName: 'GitHub', permissionLevelName: 'Write', userDisplayName: 'Grace Hopper' },
  metadata: {
    requestedByName: 'Grace Hopper',
    justification: 'I need this access for the release. '.repeat(28).slice(0, 1000),
    createdAt: '2026-11-20T10:00:00Z',
    ...(status === 'Pending'
      ? {}
      : { decidedByName: 'Ada Lovelace', decidedAt: '2026-11-21T10:00:00Z', reason: 'ok' }),
  },
});

const replies = {
  help: helpReply(english),
  'no tasks': tasksReply(english, [], 'Pending'),
  'a full tasks list': tasksReply(
    english,
    Array.from({ length: 40 }, (_, i) => task(i)),
    'Pending',
  ),
  'a pending notification': taskMessage(
    english,
    taskCard(english, task(1), { pendingStatus: 'Pending' }),
    'New task',
  ),
  'a decided card': taskMessage(
    english,
    taskCard(english, task(2, 'Declined'), { pendingStatus: 'Pending' }),
  ),
  'a gone card': taskMessage(english, goneCard(english, task(3).id)),
  'a long list': info(english, 'Groups', {
    title: '60 groups',
    blocks: [
      listBlock(
        Array.from({ length: 60 }, (_, i) => `Group ${i}`),
        50,
      ),
    ],
  }),
  fields: success(english, 'Done', {
    title: 'Done',
    blocks: [{ kind: 'fields', fields: [{ label: 'A', value: 'b' }] }],
  }),
  'a daily digest': digestReply(
    english,
    Array.from({ length: 20 }, (_, i) => task(i)),
    { pendingStatus: 'Pending', now: new Date('2026-12-07T09:00:00Z') },
  ),
  warning: warning(english, 'Careful', { title: 'Careful' }),
  failure: failure(english, 'Broken', { title: 'Broken' }),
};

describe('renderCard', () => {
  it.each(Object.entries(replies))(
    'renders %s cleanly within the message size limit',
    (_name, reply) => {
      for (const options of [{}, { view: 'list' as const, refreshFor: ['29:ada'] }]) {
        const card = renderCard(reply, options);
        expect(cardProblems(card)).toEqual([]);
        const activity = messageActivity(reply, options);
        expect(Buffer.byteLength(JSON.stringify(activity))).toBeLessThan(MAX_MESSAGE_BYTES - 2_000);
      }
    },
  );

  it('adds a refresh for the listed users only to a single pending task', () => {
    const refreshFor = ['29:ada'];
    expect(renderCard(replies['a pending notification'], { refreshFor }).refresh).toMatchObject({
      action: { type: 'Action.Execute', verb: 'refresh' },
      userIds: refreshFor,
    });
    expect(renderCard(replies['a decided card'], { refreshFor }).refresh).toBeUndefined();
    expect(renderCard(replies['a full tasks list'], { refreshFor }).refresh).toBeUndefined();
    expect(renderCard(replies['a pending notification']).refresh).toBeUndefined();
  });

  it('makes a list’s rows re-render the list when clicked: the `tasks` list, a daily digest', () => {
    const views = (card: unknown) =>
      new Set([...JSON.stringify(card).matchAll(/"view":"(\w+)"/g)].map((m) => m[1]));
    expect(views(renderCard(replies['a daily digest']))).toEqual(new Set(['list']));
    expect(views(renderCard(replies['a full tasks list']))).toEqual(new Set(['list']));
    expect(views(renderCard(replies['a pending notification']))).toEqual(new Set(['task']));
  });

  it('shows quoted commands in monospace runs, and leaves the fallback to the summary', () => {
    const card = renderCard(replies.help);
    const runs = JSON.stringify(card).match(/\{"type":"TextRun"[^}]*\}/g) ?? [];
    expect(runs.find((r) => r.includes('"text":"tasks"'))).toContain('"fontType":"Monospace"');
    expect(card.fallbackText).toBeUndefined();
    // The summary is a notification's preview: the reply's own, cut short when it is long.
    const summary = String(cardActivity(card, replies.help.summary).summary);
    expect(replies.help.summary.startsWith(summary.replace(/…$/, ''))).toBe(true);
  });

  it('sends a text-only reply as a plain-text message', () => {
    expect(messageActivity(warning(english, 'Use `tasks`.'))).toEqual({
      type: 'message',
      text: 'Use `tasks`.',
      textFormat: 'plain',
    });
  });
});
