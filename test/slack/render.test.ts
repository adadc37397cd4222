/**
 * The Block Kit renderer at and past Block Kit's limits: every output must pass the limits
 * schema, and what had to go is counted or shortened, never silently dropped or rejected.
 */
import { describe, expect, it } from 'vitest';
import { homeView } from '../../adapters/slack/home.ts';
import { renderReply } from '../../adapters/slack/render.ts';
import { requestModal } from '../../adapters/slack/request-form.ts';
import { english } from '../../src/core/i18n/voice.ts';
import { info, listBlock, type Reply, type TaskCard, warning } from '../../src/core/reply.ts';
import { tasksReply } from '../../src/core/tasks/task-list.ts';
import { inert } from '../../src/core/text.ts';
import { SlackMessage, SlackView } from '../fakes/slack-blockkit.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const long = (n: number, c = 'x') => c.repeat(n);

function card(n: number, extra: Partial<TaskCard> = {}): TaskCard {
  return {
    taskId: id(n),
    number: n,
    title: `Access request ${n}: ${long(400)}`,
    fields: Array.from({ length: 14 }, (_, i) => ({
      label: `Field ${i} ${long(200)}`,
      value: long(5000, '<'),
    })),
    state: 'pending',
    buttons: [
      { label: long(200), action: 'approve', value: id(n), style: 'primary' },
      { label: 'Decline', action: 'decline', value: id(n), style: 'danger' },
    ],
    ...extra,
  };
}

function manyCards(count: number): Reply {
  const cards = Array.from({ length: count }, (_, i) => card(i + 1));
  return info(english, 'many', {
    title: long(500),
    blocks: [
      ...cards.map((c) => ({ kind: 'task' as const, card: c })),
      {
        kind: 'actions',
        buttons: [
          {
            label: 'Approve all',
            action: 'approveAll',
            value: cards.map((c) => c.taskId).join(','),
          },
        ],
      },
      { kind: 'note', text: long(5000) },
    ],
  });
}

const check = (message: unknown) => {
  const parsed = SlackMessage.safeParse(message);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues.slice(0, 3)));
};

describe('renderReply', () => {
  it('keeps 40 oversized cards within 50 blocks, counts the rest, and approves only those shown', () => {
    const message = renderReply(manyCards(40));
    check(message);
    const json = JSON.stringify(message.blocks);
    expect(json).toMatch(/…and \d+ more tasks.* not shown here/);
    const actions = message.blocks.filter((b) => b.type === 'actions');
    const all = actions
      .flatMap((b) => (b.type === 'actions' ? b.elements : []))
      .find((e) => 'action_id' in e && e.action_id === 'accessbot.approve_all') as {
      value: string;
      confirm: { text: { text: string } };
    };
    const shownCards = message.blocks.filter((b) => b.block_id?.endsWith(':head')).length;
    expect(all.value.split(',')).toHaveLength(shownCards);
    expect(all.confirm.text.text).toMatch(/…and \d+ more$/);
  });

  it('escapes Slack control characters in text from people', () => {
    const message = renderReply(info(english, 'a <!channel> & <@U1>'));
    expect(JSON.stringify(message.blocks)).toContain('a &lt;!channel&gt; &amp; &lt;@U1&gt;');
  });

  it('writes &, < and > as entities, once, in plain_text too: header, buttons, confirmation', () => {
    const name = 'R&D <!channel> <@U1>';
    const escaped = 'R&amp;D &lt;!channel&gt; &lt;@U1&gt;';
    const title = english.t('nudge.messageTitle', { requester: inert(name) });
    const named = card(1, {
      title: name,
      fields: [],
      buttons: [{ label: `Approve ${name}`, action: 'approve', value: id(1) }],
    });
    const reply = warning(english, title, {
      title,
      blocks: [
        { kind: 'task', card: named },
        { kind: 'actions', buttons: [{ label: 'all', action: 'approveAll', value: id(1) }] },
      ],
    });
    const { blocks } = renderReply(reply);
    const [head] = blocks as { text: { type: string; text: string } }[];
    expect(head!.text).toMatchObject({ type: 'plain_text', text: `A nudge from ${escaped}` });
    type Button = { text: { text: string }; confirm?: { text: { text: string } } };
    const buttons = blocks.flatMap((b) => (b.type === 'actions' ? b.elements : [])) as Button[];
    expect(buttons[0]!.text.text).toBe(`Approve ${escaped}`);
    expect(buttons[1]!.confirm!.text.text).toContain(`• ${escaped}`);
    // What a screen reader says is no text object: words, not entities.
    expect(JSON.stringify(buttons[1])).toMatch(
      /"accessibility_label":"[^"]*: R&D <!channel> <@U1>"/,
    );
  });

  it('cuts long lists with a count, and long text with an ellipsis', () => {
    const items = Array.from({ length: 300 }, (_, i) => `Person ${i} ${long(300)}`);
    const message = renderReply(
      info(english, long(50_000), {
        blocks: [listBlock(items, 50), { kind: 'text', text: long(9000) }],
      }),
    );
    check(message);
    expect(JSON.stringify(message.blocks)).toContain('…and 250 more');
    expect(message.text.length).toBeLessThanOrEqual(3000);
  });

  it('renders the real tasks list of the core within the limits', () => {
    const tasks = Array.from({ length: 30 }, (_, i) => ({
      id: id(i),
      status: 'Pending',
      type: 'AccessRequest',
      target: { workAppName: long(300), permissionLevelName: 'Admin' },
      metadata: {
        justification: long(4000),
        requestedByName: long(300),
        createdAt: '2026-01-01T00:00:00Z',
      },
    }));
    check(renderReply(tasksReply(english, tasks, 'Pending')));
  });
});

describe('views', () => {
  it('keeps App Home within 100 blocks', () => {
    const pending = renderReply(manyCards(80), {}).blocks;
    const view = homeView(english, pending, [], []);
    expect(SlackView.safeParse(view).success).toBe(true);
  });

  it('lists at most 100 permission levels and says how many were left out', () => {
    const levels = Array.from({ length: 150 }, (_, i) => ({
      id: id(i),
      name: `Level ${i} ${long(100)}`,
    }));
    const app = { value: id(999), text: { text: 'Big app' } };
    const view = requestModal(english, {}, { app, levels: { kind: 'levels', levels } });
    const parsed = SlackView.safeParse(view);
    expect(parsed.success).toBe(true);
    expect(JSON.stringify(view)).toContain('…and 50 more levels');
  });
});
