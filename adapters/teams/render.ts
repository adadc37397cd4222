/**
 * Core replies as Adaptive Cards (schema 1.5, Universal Actions) for Teams, with the reply's
 * plain-text summary as the fallback. Approve is an `Action.Execute`; Decline opens a reason
 * field (`Action.ShowCard` with `Input.Text`) and then executes. A single pending task carries a
 * `refresh` section for its assignees, so each viewer's card is re-read when it is shown.
 */
import { shorten } from '../../src/core/format.ts';
import type { Block, Button, Field, Reply, TaskCard } from '../../src/core/reply.ts';
import { reasonInputId, Verbs, type View } from './card-actions-data.ts';

export type CardJson = Record<string, unknown>;

export const CARD_VERSION = '1.5';
export const CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';

export interface RenderOptions {
  /** What a click on one of the card's buttons should re-render; default `task`. */
  view?: View;
  /** Teams user ids (`29:…`) whose clients re-read a single pending task when they show it. */
  refreshFor?: readonly string[];
}

/** A field value's length in a card of several tasks (a justification can be 1000). */
const LIST_VALUE_MAX = 200;

const toneColor: Record<Reply['tone'], string> = {
  info: 'default',
  success: 'good',
  warning: 'warning',
  error: 'attention',
};

const stateColor: Record<TaskCard['state'], string> = {
  pending: 'default',
  approved: 'good',
  declined: 'attention',
  gone: 'warning',
  other: 'warning',
};

/** Teams cards render no inline code; the commands the core quotes in backticks become bold. */
const md = (text: string) => text.replace(/`([^`\n]+)`/g, '**$1**');

const textBlock = (text: string, extra: CardJson = {}): CardJson => ({
  type: 'TextBlock',
  text: md(text),
  wrap: true,
  ...extra,
});

export function renderCard(reply: Reply, options: RenderOptions = {}): CardJson {
  const view = options.view ?? 'task';
  const body: CardJson[] = [];
  if (reply.title) {
    body.push(
      textBlock(reply.title, { weight: 'Bolder', size: 'Medium', color: toneColor[reply.tone] }),
    );
  }
  // Several tasks in one card: long values are cut, to stay within a Teams message.
  const several = reply.blocks.filter((b) => b.kind === 'task').length > 1;
  const valueMax = several ? LIST_VALUE_MAX : Number.POSITIVE_INFINITY;
  for (const block of reply.blocks) body.push(...renderBlock(block, view, valueMax));
  const card: CardJson = {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: CARD_VERSION,
    fallbackText: reply.summary,
    body,
  };
  const refresh = refreshSection(reply, options.refreshFor);
  if (refresh) card.refresh = refresh;
  return card;
}

/** Only a message about one pending task is worth re-reading; decided cards never change. */
function refreshSection(reply: Reply, userIds: readonly string[] | undefined) {
  const tasks = reply.blocks.flatMap((b) => (b.kind === 'task' ? [b.card] : []));
  const [task] = tasks;
  if (!userIds?.length || tasks.length !== 1 || !task || task.state !== 'pending') return undefined;
  const ids = userIds.slice(0, 60);
  return {
    action: {
      type: 'Action.Execute',
      verb: Verbs.refresh,
      title: 'Refresh',
      data: { value: task.taskId, userIds: ids },
    },
    userIds: ids,
  };
}

function renderBlock(block: Block, view: View, valueMax: number): CardJson[] {
  switch (block.kind) {
    case 'text':
      return [textBlock(block.text)];
    case 'note':
      return [textBlock(block.text, { isSubtle: true, size: 'Small' })];
    case 'fields':
      return [factSet(block.fields, valueMax)];
    case 'list': {
      const items = block.items.map((item) => `- ${item}`);
      if (block.more > 0) items.push(`- …and ${block.more} more`);
      return items.length ? [textBlock(items.join('\r'))] : [];
    }
    case 'task':
      return [taskContainer(block.card, view, valueMax)];
    case 'actions':
      return block.buttons.length
        ? [{ type: 'ActionSet', actions: block.buttons.map((b) => action(b, view)) }]
        : [];
  }
}

const factSet = (fields: readonly Field[], max: number): CardJson => ({
  type: 'FactSet',
  facts: fields.map((f) => ({ title: f.label, value: shorten(f.value, max) })),
});

function taskContainer(card: TaskCard, view: View, valueMax: number): CardJson {
  const title = card.number ? `${card.number}. ${card.title}` : card.title;
  const items: CardJson[] = [textBlock(title, { weight: 'Bolder' })];
  if (card.fields.length) {
    items.push(factSet(card.fields, valueMax));
  }
  if (card.outcome) {
    items.push(textBlock(card.outcome, { color: stateColor[card.state], weight: 'Bolder' }));
  }
  if (card.buttons.length) {
    items.push({ type: 'ActionSet', actions: card.buttons.map((b) => action(b, view)) });
  }
  return { type: 'Container', separator: true, spacing: 'Medium', items };
}

function action(button: Button, view: View): CardJson {
  const data = { value: button.value, view };
  switch (button.action) {
    case 'confirmChange':
    case 'cancelChange':
      return {
        type: 'Action.Execute',
        title: button.label,
        verb: Verbs[button.action],
        ...(button.style ? { style: button.style === 'danger' ? 'destructive' : 'positive' } : {}),
        data: { value: button.value },
      };
    case 'approve':
    case 'approveAll':
      return {
        type: 'Action.Execute',
        title: button.label,
        verb: button.action === 'approve' ? Verbs.approve : Verbs.approveAll,
        style: 'positive',
        data,
      };
    case 'decline':
      return {
        type: 'Action.ShowCard',
        title: button.label,
        card: {
          type: 'AdaptiveCard',
          body: [
            {
              type: 'Input.Text',
              id: reasonInputId(button.value),
              label: 'Reason (optional)',
              placeholder: 'Why are you declining?',
              isMultiline: true,
              maxLength: 1000,
            },
          ],
          actions: [
            {
              type: 'Action.Execute',
              title: 'Decline',
              verb: Verbs.decline,
              style: 'destructive',
              data,
            },
          ],
        },
      };
  }
}
