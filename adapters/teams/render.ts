/**
 * Core replies as Adaptive Cards (schema 1.5, Universal Actions) for Teams. Every text is a
 * RichTextBlock of TextRuns (rich-text.ts), so nothing people or the Access Service wrote is read
 * as markdown; the card carries no `fallbackText` (which hosts may read as markdown either): the
 * activity's `summary` is the plain-text fallback. Approve is an `Action.Execute`; Decline opens
 * a reason field (`Action.ShowCard` with `Input.Text`) and then executes. A single pending task
 * carries a `refresh` section for its assignees, so each viewer's card is re-read when shown.
 *
 * For screen readers: the card carries `speak`, what a reader says of it (its title and
 * summary); each button's `tooltip` names what it does to what; every
 * image carries `altText`; and no state is told by colour alone — the outcome line says it.
 */

import { MAX_ANSWER_LENGTH, MAX_QUESTION_LENGTH } from '../../src/core/asks/commands.ts';
import { MAX_REASON_LENGTH } from '../../src/core/grammar.ts';
import { type Voice, voiceFor } from '../../src/core/i18n/voice.ts';
import type { Block, Button, Field, Form, Reply, TaskCard } from '../../src/core/reply.ts';
import { clean, cut } from '../../src/core/text.ts';
import { leavingOut } from './fit.ts';
import { answerInputId, questionInputId, reasonInputId, Verbs, type View } from './payloads.ts';
import { type CardJson, richText, richTextOf } from './rich-text.ts';

export type { CardJson };

export const CARD_VERSION = '1.5';
export const CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';

/** With the activity around it, a card this size stays under Teams' ~28 KB per message. */
export const CARD_BUDGET_BYTES = 24_000;
/**
 * How long one text may be, longest first: the card is built again with shorter texts until it
 * fits its budget (long names, a long justification, many tasks). Several tasks start short.
 */
const ONE_TASK_MAX = [2000, 1000, 500, 250, 120, 60, 30];
const SEVERAL_TASKS_MAX = [200, 120, 60, 30];

/** A button's spoken name: long enough for an application, a level and a person. */
const MAX_TOOLTIP = 200;

export interface RenderOptions {
  /** What a click on one of the card's buttons should re-render; default `task`. */
  view?: View;
  /** Teams user ids (`29:…`) whose clients re-read a single pending task when they show it. */
  refreshFor?: readonly string[];
}

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

const fits = (card: CardJson) => Buffer.byteLength(JSON.stringify(card)) <= CARD_BUDGET_BYTES;

/**
 * The card within its budget: built again with shorter texts until it fits, then, its texts at
 * their shortest, with whole parts left out (fit.ts). Every card sent goes through here.
 */
export function renderCard(reply: Reply, options: RenderOptions = {}): CardJson {
  const several = reply.blocks.filter((b) => b.kind === 'task').length > 1;
  const caps = several ? SEVERAL_TASKS_MAX : ONE_TASK_MAX;
  for (const max of caps) {
    const card = cardWithin(reply, options, max);
    if (fits(card)) return card;
  }
  const shortest = caps.at(-1)!;
  const v = voiceFor(reply.locale);
  return leavingOut(v, reply, (r) => cardWithin(r, options, shortest), fits);
}

/** What a screen reader says of a card: its title, then what it is about. */
const MAX_SPEAK = 1000;

/** The card with every text cut to `max` characters. */
function cardWithin(reply: Reply, options: RenderOptions, max: number): CardJson {
  const several = reply.blocks.filter((b) => b.kind === 'task').length > 1;
  const view = options.view ?? 'task';
  let shortened = false;
  const within = (text: string) => {
    const shown = cut(text, max);
    if (shown !== text) shortened = true;
    return shown;
  };
  const v = voiceFor(reply.locale);
  const body: CardJson[] = [];
  if (reply.title) {
    const style = { weight: 'Bolder', size: 'Medium', color: toneColor[reply.tone] } as const;
    body.push(richTextOf(within(reply.title), style));
  }
  for (const block of reply.blocks) body.push(...renderBlock(v, block, view, within, several));
  if (shortened) body.push(richTextOf(v.t('render.teams.shortened'), { isSubtle: true }));
  const { title, summary } = reply;
  const spoken = title && !summary.startsWith(title) ? `${title}. ${summary}` : summary;
  const card: CardJson = {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: CARD_VERSION,
    speak: cut(clean(spoken), Math.min(max, MAX_SPEAK)),
    body,
  };
  const refresh = refreshSection(v, reply, options.refreshFor);
  if (refresh) card.refresh = refresh;
  return card;
}

/** Only a message about one pending task is worth re-reading; decided cards never change. */
function refreshSection(v: Voice, reply: Reply, userIds: readonly string[] | undefined) {
  const tasks = reply.blocks.flatMap((b) => (b.kind === 'task' ? [b.card] : []));
  const [task] = tasks;
  if (!userIds?.length || tasks.length !== 1 || !task || task.state !== 'pending') return undefined;
  const ids = userIds.slice(0, 60);
  return {
    action: {
      type: 'Action.Execute',
      verb: Verbs.refresh,
      title: v.t('teams.refresh'),
      data: { value: task.taskId, userIds: ids },
    },
    userIds: ids,
  };
}

type Within = (text: string) => string;

function renderBlock(
  v: Voice,
  block: Block,
  view: View,
  within: Within,
  compact: boolean,
): CardJson[] {
  switch (block.kind) {
    case 'text':
      return [richTextOf(within(block.text))];
    case 'note':
      return [richTextOf(within(block.text), { isSubtle: true, size: 'Small' })];
    case 'fields':
      return fieldBlocks(block.fields, within, false);
    case 'list': {
      const items = block.items.map((item) =>
        richTextOf(`• ${within(item)}`, {}, { spacing: 'None' }),
      );
      if (block.more > 0) {
        items.push(richTextOf(v.t('render.andMore', { count: block.more }), { isSubtle: true }));
      }
      return items;
    }
    case 'task':
      return [taskContainer(v, block.card, view, within, compact)];
    case 'actions':
      return block.buttons.length
        ? [{ type: 'ActionSet', actions: block.buttons.map((b) => action(v, b, view, within)) }]
        : [];
  }
}

/**
 * One line a field, its label in bold; in a card of several tasks, one plain paragraph of them
 * (a Teams message holds ~28 KB, and fifteen tasks with their buttons fill most of it).
 */
function fieldBlocks(fields: readonly Field[], within: Within, compact: boolean): CardJson[] {
  if (!fields.length) return [];
  const shown = fields.map((f) => ({
    label: `${clean(f.label)}: `,
    value: clean(within(f.value)),
  }));
  if (compact) {
    const line = shown.map((f) => `${f.label}${f.value}`).join(' · ');
    return [richText([{ type: 'TextRun', text: line }])];
  }
  return shown.map((f) =>
    richText(
      [
        { type: 'TextRun', text: f.label, weight: 'Bolder' },
        { type: 'TextRun', text: f.value },
      ],
      { spacing: 'None' },
    ),
  );
}

function taskContainer(
  v: Voice,
  card: TaskCard,
  view: View,
  within: Within,
  compact: boolean,
): CardJson {
  const title = `${card.number ? `${card.number}. ` : ''}${within(card.title)}`;
  const items: CardJson[] = [richTextOf(title, { weight: 'Bolder' })];
  if (card.warning) {
    items.push(richTextOf(`⚠ ${within(card.warning)}`, { color: 'attention', weight: 'Bolder' }));
  }
  items.push(...fieldBlocks([...card.fields, ...(card.context ?? [])], within, compact));
  if (card.looking) items.push(richTextOf(within(card.looking), { isSubtle: true }));
  for (const line of card.notes ?? []) items.push(richTextOf(within(line), { isSubtle: true }));
  if (card.outcome) {
    items.push(
      richTextOf(within(card.outcome), { color: stateColor[card.state], weight: 'Bolder' }),
    );
  }
  if (card.buttons.length) {
    items.push({ type: 'ActionSet', actions: card.buttons.map((b) => action(v, b, view, within)) });
  }
  return { type: 'Container', separator: true, spacing: 'Medium', items };
}

/** A button; its `tooltip` (what a screen reader says) names what it does to what. */
function action(v: Voice, button: Button, view: View, within: Within): CardJson {
  const data = {
    value: button.value,
    view,
    ...(button.confirmation && { confirmation: button.confirmation }),
  };
  const spoken = button.spoken && within(cut(clean(button.spoken), MAX_TOOLTIP));
  const tooltip = spoken ? { tooltip: spoken } : {};
  if (button.form) return formAction(v, button, button.form, tooltip, within);
  const form = formOf(v, button);
  if (form) {
    const submit = {
      title: form.submit,
      verb: Verbs[button.action],
      ...(form.destructive && { style: 'destructive' }),
      data,
      ...tooltip,
    };
    return {
      type: 'Action.ShowCard',
      title: button.label,
      ...tooltip,
      card: {
        type: 'AdaptiveCard',
        body: [form.input],
        actions: [{ type: 'Action.Execute', ...submit }],
      },
    };
  }
  // A change's card (of a group, of an application) and an application's card go back to what
  // they name, not to a view; a Cancel has no style, nor has "Looking at it".
  const change = button.action === 'confirmChange' || button.action === 'cancelChange';
  const bare = change || button.action === 'requestApp' || button.action === 'appMark';
  const plain = change || button.action === 'looking' || button.action === 'appMark';
  const style =
    button.style === 'danger' ? 'destructive' : button.style || !plain ? 'positive' : undefined;
  return {
    type: 'Action.Execute',
    title: button.label,
    verb: Verbs[button.action],
    ...tooltip,
    ...(style ? { style } : {}),
    data: bare ? { value: button.value } : data,
  };
}

/** A button that asks for something first: its form inside the card, then Action.Execute. */
function formAction(
  v: Voice,
  button: Button,
  form: Form,
  tooltip: CardJson,
  within: Within,
): CardJson {
  const required = { isRequired: true, errorMessage: v.t('teams.required') };
  const body = form.inputs.map((input): CardJson => {
    if (input.kind === 'text') {
      return {
        type: 'Input.Text',
        id: input.id,
        label: clean(input.label),
        ...(input.placeholder ? { placeholder: clean(input.placeholder) } : {}),
        maxLength: input.maxLength,
        ...(input.optional ? {} : required),
      };
    }
    return {
      type: 'Input.ChoiceSet',
      id: input.id,
      label: clean(input.label),
      ...required,
      choices: input.choices.map((c) => ({
        title: within(clean(c.group ? `${c.group}: ${c.label}` : c.label)),
        value: c.value,
      })),
    };
  });
  const submit = {
    type: 'Action.Execute',
    title: clean(form.submit),
    verb: Verbs[button.action],
    style: 'positive',
    data: { value: button.value },
  };
  return {
    type: 'Action.ShowCard',
    title: button.label,
    ...tooltip,
    card: { type: 'AdaptiveCard', body, actions: [submit] },
  };
}

/** Decline, Ask requester and Answer open a field first (ShowCard), then execute with it. */
function formOf(v: Voice, button: Button) {
  const field = (id: string, label: string, placeholder: string, maxLength: number) => ({
    type: 'Input.Text',
    id,
    label,
    placeholder,
    isMultiline: true,
    maxLength,
  });
  switch (button.action) {
    case 'decline':
      return {
        input: field(
          reasonInputId(button.value),
          v.t('teams.reasonLabel'),
          v.t('teams.reasonPlaceholder'),
          MAX_REASON_LENGTH,
        ),
        submit: v.t('button.decline'),
        destructive: true,
      };
    case 'ask':
      return {
        input: field(
          questionInputId(button.value),
          v.t('teams.questionLabel'),
          v.t('teams.questionPlaceholder'),
          MAX_QUESTION_LENGTH,
        ),
        submit: v.t('teams.askSubmit'),
        destructive: false,
      };
    case 'answer':
      return {
        input: field(
          answerInputId(button.value),
          v.t('teams.answerLabel'),
          v.t('teams.answerPlaceholder'),
          MAX_ANSWER_LENGTH,
        ),
        submit: v.t('button.answer'),
        destructive: false,
      };
    default:
      return undefined;
  }
}
