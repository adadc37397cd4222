/**
 * Core replies as Adaptive Cards (schema 1.5, Universal Actions) for Teams. Every text is a
 * RichTextBlock of TextRuns (rich-text.ts), so nothing people or the Access Service wrote is read
 * as markdown; no `fallbackText` either (hosts may read it as markdown): the activity's `summary`
 * is the plain-text fallback. A single pending task carries a `refresh` for its assignees, so each
 * viewer's card is re-read when shown. For screen readers: the card's `speak`, each button's
 * `tooltip` naming what it does to what, and no state told by colour alone.
 */

import { MAX_ANSWER_LENGTH, MAX_QUESTION_LENGTH } from '../../src/core/asks/commands.ts';
import { MAX_REASON_LENGTH } from '../../src/core/grammar.ts';
import { type MessageKey, type Voice, voiceFor } from '../../src/core/i18n/voice.ts';
import type { Block, Button, Field, Reply, TaskCard } from '../../src/core/reply.ts';
import { clean, cut } from '../../src/core/text.ts';
import { leavingOut } from './fit.ts';
import { answerInputId, questionInputId, reasonInputId, Verbs, type View } from './payloads.ts';
import { type CardJson, richText, richTextOf } from './rich-text.ts';

export type { CardJson };

export const CARD_VERSION = '1.5';
export const CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';

/** With the activity around it, a card this size stays under Teams' ~28 KB per message. */
export const CARD_BUDGET_BYTES = 24_000;
/** How long one text may be, tried longest first until the card fits; several tasks start short. */
const ONE_TASK_MAX = [2000, 1000, 500, 250, 120, 60, 30];
const SEVERAL_TASKS_MAX = [200, 120, 60, 30];
/** A button's spoken name: long enough for an application, a level and a person. */
const MAX_TOOLTIP = 200;
const MAX_SPEAK = 1000;

export interface RenderOptions {
  /** What a click on one of the card's buttons should re-render; default `task`. */
  view?: View;
  /** Teams user ids (`29:…`) whose clients re-read a single pending task when they show it. */
  refreshFor?: readonly string[];
}

const toneColor = { info: 'default', success: 'good', warning: 'warning', error: 'attention' };
const stateColor: Record<TaskCard['state'], string> = {
  pending: 'default',
  approved: 'good',
  declined: 'attention',
  gone: 'warning',
  other: 'warning',
};

/** Decline, Ask requester and Answer open a field first (ShowCard), then execute with it. */
type FieldFirst = ['reason' | 'question' | 'answer', (id: string) => string, number, MessageKey];
const FIELD_FIRST: Partial<Record<Button['action'], FieldFirst>> = {
  decline: ['reason', reasonInputId, MAX_REASON_LENGTH, 'button.decline'],
  ask: ['question', questionInputId, MAX_QUESTION_LENGTH, 'teams.askSubmit'],
  answer: ['answer', answerInputId, MAX_ANSWER_LENGTH, 'button.answer'],
};

const fits = (card: CardJson) => Buffer.byteLength(JSON.stringify(card)) <= CARD_BUDGET_BYTES;

/**
 * The card within its budget: built again with shorter texts until it fits, then, its texts at
 * their shortest, with whole parts left out (fit.ts). Every card sent goes through here.
 */
export function renderCard(reply: Reply, options: RenderOptions = {}): CardJson {
  const caps =
    reply.blocks.filter((b) => b.kind === 'task').length > 1 ? SEVERAL_TASKS_MAX : ONE_TASK_MAX;
  for (const max of caps) {
    const card = cardWithin(reply, options, max);
    if (fits(card)) return card;
  }
  const shortest = caps.at(-1)!;
  return leavingOut(voiceFor(reply.locale), reply, (r) => cardWithin(r, options, shortest), fits);
}

/** What one rendering needs: every text cut to its cap, noting when that cut one. */
interface Ctx {
  v: Voice;
  view: View;
  within: (text: string) => string;
  compact: boolean;
}

/** The card with every text cut to `max` characters. */
function cardWithin(reply: Reply, options: RenderOptions, max: number): CardJson {
  let shortened = false;
  const within = (text: string) => {
    const shown = cut(text, max);
    if (shown !== text) shortened = true;
    return shown;
  };
  const v = voiceFor(reply.locale);
  const compact = reply.blocks.filter((b) => b.kind === 'task').length > 1;
  // A list's numbered rows (`tasks`, the daily digest): a click re-renders the list, whole.
  const listed = reply.blocks.some((b) => b.kind === 'task' && b.card.number !== undefined);
  const ctx: Ctx = { v, view: options.view ?? (listed ? 'list' : 'task'), within, compact };
  const body: CardJson[] = [];
  if (reply.title) {
    const style = { weight: 'Bolder', size: 'Medium', color: toneColor[reply.tone] } as const;
    body.push(richTextOf(within(reply.title), style));
  }
  for (const block of reply.blocks) body.push(...renderBlock(ctx, block));
  if (shortened) body.push(richTextOf(v.t('render.teams.shortened'), { isSubtle: true }));
  const { title, summary } = reply;
  const spoken = title && !summary.startsWith(title) ? `${title}. ${summary}` : summary;
  const refresh = refreshSection(v, reply, options.refreshFor);
  return {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: CARD_VERSION,
    speak: cut(clean(spoken), Math.min(max, MAX_SPEAK)),
    body,
    ...(refresh && { refresh }),
  };
}

/** Only a message about one pending task is worth re-reading; decided cards never change. */
function refreshSection(v: Voice, reply: Reply, userIds: readonly string[] | undefined) {
  const tasks = reply.blocks.flatMap((b) => (b.kind === 'task' ? [b.card] : []));
  const [task] = tasks;
  if (!userIds?.length || tasks.length !== 1 || task?.state !== 'pending') return undefined;
  const ids = userIds.slice(0, 60);
  const data = { value: task.taskId, userIds: ids };
  const title = v.t('teams.refresh');
  return { action: { type: 'Action.Execute', verb: Verbs.refresh, title, data }, userIds: ids };
}

function renderBlock(ctx: Ctx, block: Block): CardJson[] {
  const { v, within } = ctx;
  switch (block.kind) {
    case 'text':
      return [richTextOf(within(block.text))];
    case 'note':
      return [richTextOf(within(block.text), { isSubtle: true, size: 'Small' })];
    case 'link': {
      const open = { type: 'Action.OpenUrl', title: cut(clean(block.label), 60), url: block.url };
      return [{ type: 'ActionSet', actions: [open] }];
    }
    case 'fields':
      return fieldBlocks(block.fields, within, false);
    case 'list': {
      const more = v.t('render.andMore', { count: block.more });
      return [
        ...block.items.map((item) => richTextOf(`• ${within(item)}`, {}, { spacing: 'None' })),
        ...(block.more > 0 ? [richTextOf(more, { isSubtle: true })] : []),
      ];
    }
    case 'task':
      return [taskContainer(ctx, block.card)];
    case 'actions':
      return block.buttons.length ? [actionSet(ctx, block.buttons)] : [];
  }
}

/** A run of text already cleaned. */
const run = (text: string, style = {}) => ({ type: 'TextRun', text, ...style });
const BOLD = { weight: 'Bolder' } as const;

/**
 * One line a field, its label in bold; in a card of several tasks, one plain paragraph of them
 * (a Teams message holds ~28 KB, and fifteen tasks with their buttons fill most of it).
 */
function fieldBlocks(fields: readonly Field[], within: Ctx['within'], compact: boolean) {
  if (!fields.length) return [];
  const label = (f: Field) => `${clean(f.label)}: `;
  const value = (f: Field) => clean(within(f.value));
  if (compact) return [richText([run(fields.map((f) => label(f) + value(f)).join(' · '))])];
  return fields.map((f) => richText([run(label(f), BOLD), run(value(f))], { spacing: 'None' }));
}

function taskContainer(ctx: Ctx, card: TaskCard): CardJson {
  const { within } = ctx;
  const subtle = (text: string) => richTextOf(within(text), { isSubtle: true });
  const title = `${card.number ? `${card.number}. ` : ''}${within(card.title)}`;
  const items: CardJson[] = [richTextOf(title, { weight: 'Bolder' })];
  if (card.warning) {
    items.push(richTextOf(`⚠ ${within(card.warning)}`, { color: 'attention', weight: 'Bolder' }));
  }
  items.push(...fieldBlocks([...card.fields, ...(card.context ?? [])], within, ctx.compact));
  if (card.looking) items.push(subtle(card.looking));
  items.push(...(card.notes ?? []).map(subtle));
  if (card.outcome) {
    const style = { color: stateColor[card.state], weight: 'Bolder' } as const;
    items.push(richTextOf(within(card.outcome), style));
  }
  if (card.buttons.length) items.push(actionSet(ctx, card.buttons));
  return { type: 'Container', separator: true, spacing: 'Medium', items };
}

const actionSet = (ctx: Ctx, buttons: readonly Button[]) => ({
  type: 'ActionSet',
  actions: buttons.map((b) => action(ctx, b)),
});

/** A button; its `tooltip` (what a screen reader says) names what it does to what. */
function action({ v, view, within }: Ctx, button: Button): CardJson {
  const spoken = button.spoken && within(cut(clean(button.spoken), MAX_TOOLTIP));
  const tooltip = spoken ? { tooltip: spoken } : {};
  const verb = Verbs[button.action];
  const confirmation = button.confirmation && { confirmation: button.confirmation };
  const data = { value: button.value, view, ...confirmation };
  // A form inside the card, then Action.Execute with what was filled in.
  const showCard = (body: CardJson[], submit: CardJson) => ({
    type: 'Action.ShowCard',
    title: button.label,
    ...tooltip,
    card: { type: 'AdaptiveCard', body, actions: [{ type: 'Action.Execute', verb, ...submit }] },
  });
  if (button.form) {
    const body = button.form.inputs.map((input) => formInput(v, input, within));
    const submit = { title: clean(button.form.submit), style: 'positive' };
    return showCard(body, { ...submit, data: { value: button.value } });
  }
  const first = FIELD_FIRST[button.action];
  if (first) {
    const [name, id, maxLength, submit] = first;
    const input = {
      type: 'Input.Text',
      id: id(button.value),
      label: v.t(`teams.${name}Label`),
      placeholder: v.t(`teams.${name}Placeholder`),
      isMultiline: true,
      maxLength,
    };
    const style = button.action === 'decline' && { style: 'destructive' };
    return showCard([input], { title: v.t(submit), ...style, data, ...tooltip });
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
    verb,
    ...tooltip,
    ...(style ? { style } : {}),
    data: bare ? { value: button.value } : data,
  };
}

/** One input of a button's form: a text, or a choice whose options may sit under a group. */
function formInput(
  v: Voice,
  input: NonNullable<Button['form']>['inputs'][number],
  within: Ctx['within'],
): CardJson {
  const required = { isRequired: true, errorMessage: v.t('teams.required') };
  const head = { id: input.id, label: clean(input.label) };
  if (input.kind === 'text') {
    return {
      type: 'Input.Text',
      ...head,
      ...(input.placeholder ? { placeholder: clean(input.placeholder) } : {}),
      maxLength: input.maxLength,
      ...(input.optional ? {} : required),
    };
  }
  const choices = input.choices.map((c) => ({
    title: within(clean(c.group ? `${c.group}: ${c.label}` : c.label)),
    value: c.value,
  }));
  return { type: 'Input.ChoiceSet', ...head, ...required, choices };
}
