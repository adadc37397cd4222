/**
 * The core's neutral replies as Block Kit, with a plain-text fallback. Everything is cut to
 * Block Kit's limits here: long text is shortened, long lists end with a count, and a reply with
 * more blocks than a message or view may hold is cut at whole cards with a count of the rest.
 * The few words said here follow the reply's language; every button carries an
 * `accessibility_label` naming what it does to what, and every mark (an emoji) comes with words.
 */
import type { types } from '@slack/bolt';
import { type Voice, voiceFor } from '../../src/core/i18n/voice.ts';
import type { Block, Button, Reply, TaskCard } from '../../src/core/reply.ts';
import { cut, limits, mrkdwn, mrkdwnText, plain, plainLines } from './limits.ts';
import { buttonActionId, cardBlockId } from './payloads.ts';
import { plainWords, toPlain } from './rich-text.ts';

export type SlackBlock = types.KnownBlock;

export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
}

const toneMark: Record<Reply['tone'], string> = {
  info: '',
  success: ':white_check_mark: ',
  warning: ':warning: ',
  error: ':x: ',
};

const stateMark: Record<TaskCard['state'], string> = {
  pending: ':hourglass_flowing_sand:',
  approved: ':white_check_mark:',
  declined: ':no_entry:',
  gone: ':grey_question:',
  other: ':information_source:',
};

/** One rendered piece; `build` sees which task cards made it in (for "Approve all"). */
interface Group {
  size: number;
  taskId?: string;
  build: (shownTasks: ReadonlySet<string>) => SlackBlock[];
}

const fixed = (blocks: SlackBlock[], taskId?: string): Group => ({
  size: blocks.length,
  taskId,
  build: () => blocks,
});

export function renderReply(
  reply: Reply,
  options: { maxBlocks?: number; notice?: string } = {},
): SlackMessage {
  return { text: fallbackText(reply.summary), blocks: renderBlocks(reply, options) };
}

/** A message's top-level `text` (notifications, screen readers): mrkdwn like the blocks. */
export const fallbackText = (summary: string) => mrkdwnText(summary, limits.fallbackText);

/** The blocks of a reply, fitted into `maxBlocks` (a message's 50 by default). */
export function renderBlocks(
  reply: Reply,
  options: { maxBlocks?: number; notice?: string } = {},
): SlackBlock[] {
  const v = voiceFor(reply.locale);
  const titles = new Map<string, string>();
  for (const b of reply.blocks) if (b.kind === 'task') titles.set(b.card.taskId, b.card.title);
  const groups: Group[] = [];
  if (reply.title) groups.push(fixed([header(reply.title)]));
  if (options.notice) groups.push(fixed([section(options.notice)]));
  let mark = reply.title ? '' : toneMark[reply.tone];
  for (const block of reply.blocks) {
    groups.push(groupFor(v, block, mark, titles));
    if (block.kind === 'text') mark = '';
  }
  return fitBlocks(v, groups, options.maxBlocks ?? limits.messageBlocks);
}

function groupFor(
  v: Voice,
  block: Block,
  mark: string,
  titles: ReadonlyMap<string, string>,
): Group {
  switch (block.kind) {
    case 'text':
      return fixed([sectionOf(mark + mrkdwnText(block.text, limits.sectionText - mark.length))]);
    case 'note':
      return fixed([note(block.text)]);
    case 'fields':
      return fixed(fieldSections(block.fields));
    case 'list':
      return fixed(listBlocks(v, block.items, block.more));
    case 'task':
      return fixed(cardBlocks(block.card, undefined, v.locale), block.card.taskId);
    case 'actions':
      return {
        size: 1,
        build: (shown) => {
          const buttons = block.buttons.flatMap((b) => buttonFor(v, b, shown, titles));
          return buttons.length ? [{ type: 'actions', elements: buttons }] : [];
        },
      };
  }
}

/**
 * Whole groups in order while they fit, keeping one block to say how many were left out. The
 * small parts around the cards (title, notes, "Approve all") get their room first, so a long
 * list loses cards from its end rather than its buttons.
 */
function fitBlocks(v: Voice, groups: Group[], max: number): SlackBlock[] {
  const total = groups.reduce((n, g) => n + g.size, 0);
  const room = total <= max ? max : max - 1;
  const around = groups.reduce((n, g) => n + (g.taskId ? 0 : g.size), 0);
  let cardRoom = room - Math.min(around, room);
  let used = 0;
  const kept: Group[] = [];
  let leftOutTasks = 0;
  let leftOut = 0;
  for (const group of groups) {
    const fits = group.taskId ? group.size <= cardRoom : used + group.size <= room;
    if (fits && used + group.size <= room) {
      kept.push(group);
      used += group.size;
      if (group.taskId) cardRoom -= group.size;
    } else if (group.taskId) {
      leftOutTasks++;
      cardRoom = 0;
    } else leftOut++;
  }
  const shown = new Set(kept.flatMap((g) => (g.taskId ? [g.taskId] : [])));
  const blocks = kept.flatMap((g) => g.build(shown));
  if (leftOutTasks || leftOut) {
    const what = [
      leftOutTasks ? v.t('render.slack.moreTasks', { count: leftOutTasks }) : '',
      leftOut ? v.t('render.slack.moreParts', { count: leftOut }) : '',
    ].filter(Boolean);
    blocks.push(note(v.t('render.slack.leftOut', { what: v.list(what) })));
  }
  return blocks;
}

/** `lead` then `rest`, leaving out blocks of `rest` whose id `lead` already has (ids are unique). */
export function joinBlocks(lead: SlackBlock[], rest: SlackBlock[]): SlackBlock[] {
  const ids = new Set(lead.flatMap((b) => (b.block_id ? [b.block_id] : [])));
  return [...lead, ...rest.filter((b) => !b.block_id || !ids.has(b.block_id))];
}

export function header(text: string): SlackBlock {
  return { type: 'header', text: plain(text, limits.headerText) };
}

/** A section showing the core's text. */
export const section = (text: string) => sectionOf(mrkdwnText(text, limits.sectionText));

/** A section of mrkdwn already made safe (see rich-text.ts) and within the limit. */
export function sectionOf(safe: string): SlackBlock {
  return { type: 'section', text: mrkdwn(safe) };
}

export function note(text: string): SlackBlock {
  return { type: 'context', elements: [mrkdwn(mrkdwnText(text, limits.contextText))] };
}

function fieldText(label: string, value: string) {
  const head = `*${mrkdwnText(label, 100)}*\n`;
  return mrkdwn(head + mrkdwnText(value, limits.fieldText - head.length));
}

/** At most 10 fields a section: more become further sections. */
function fieldSections(fields: readonly { label: string; value: string }[]): SlackBlock[] {
  const sections: SlackBlock[] = [];
  for (let i = 0; i < fields.length; i += limits.sectionFields) {
    const chunk = fields.slice(i, i + limits.sectionFields);
    sections.push({ type: 'section', fields: chunk.map((f) => fieldText(f.label, f.value)) });
  }
  return sections;
}

/** Bulleted lines in sections of at most 3000 characters, then the count of the rest. */
function listBlocks(v: Voice, items: readonly string[], more: number): SlackBlock[] {
  const blocks: SlackBlock[] = [];
  let chunk = '';
  for (const item of items) {
    const line = `• ${mrkdwnText(item, 500)}`;
    if (chunk && chunk.length + 1 + line.length > limits.sectionText) {
      blocks.push({ type: 'section', text: mrkdwn(chunk) });
      chunk = '';
    }
    chunk = chunk ? `${chunk}\n${line}` : line;
  }
  if (chunk) blocks.push({ type: 'section', text: mrkdwn(chunk) });
  if (more > 0) blocks.push(note(v.t('render.andMore', { count: more })));
  return blocks;
}

/** A card's block id; a task id that is no uuid (the service's word) must not break the limit. */
const blockId = (taskId: string, part: string) => cardBlockId(taskId.slice(0, 200), part);

/**
 * A task: what is asked (title and fields), its state, and its buttons while pending. `locale`:
 * the language of the reply it is part of.
 */
export function cardBlocks(card: TaskCard, notice?: string, locale?: string): SlackBlock[] {
  const v = voiceFor(locale);
  const number = card.number ? `${card.number}. ` : '';
  const more = card.fields.length - limits.sectionFields + 1;
  const fields =
    more > 1
      ? [
          ...card.fields.slice(0, limits.sectionFields - 1),
          {
            label: v.t('render.slack.more'),
            value: v.t('render.slack.moreDetails', { count: more }),
          },
        ]
      : card.fields;
  const blocks: SlackBlock[] = [
    {
      type: 'section',
      block_id: blockId(card.taskId, 'head'),
      text: mrkdwn(`${number}*${mrkdwnText(card.title, 2900)}*`),
      ...(fields.length ? { fields: fields.map((f) => fieldText(f.label, f.value)) } : {}),
    },
  ];
  if (card.warning) {
    const text = `:warning: ${mrkdwnText(card.warning, limits.sectionText - 20)}`;
    blocks.push({ type: 'section', block_id: blockId(card.taskId, 'warn'), text: mrkdwn(text) });
  }
  const context = card.context?.slice(0, limits.sectionFields) ?? [];
  if (context.length) {
    blocks.push({
      type: 'section',
      block_id: blockId(card.taskId, 'context'),
      fields: context.map((f) => fieldText(f.label, f.value)),
    });
  }
  // Questions, answers, approvers away: the people's words, each its own line.
  const notes = card.notes?.slice(0, limits.contextElements) ?? [];
  if (notes.length) {
    blocks.push({
      type: 'context',
      block_id: blockId(card.taskId, 'notes'),
      elements: notes.map((line) => mrkdwn(mrkdwnText(line, limits.contextText))),
    });
  }
  const lines = [
    notice ? mrkdwnText(notice, 1000) : '',
    card.looking ? mrkdwnText(card.looking, 300) : '',
    card.outcome ? `${stateMark[card.state]} ${mrkdwnText(card.outcome, 900)}` : '',
  ].filter(Boolean);
  if (lines.length) {
    blocks.push({
      type: 'context',
      block_id: blockId(card.taskId, 'state'),
      elements: lines.map((line) => mrkdwn(line)),
    });
  }
  if (card.buttons.length) {
    blocks.push({
      type: 'actions',
      block_id: blockId(card.taskId, 'act'),
      elements: card.buttons.map((b) => button(b)),
    });
  }
  return blocks;
}

/** A confirmation's Approve carries its code after the task id. */
const buttonValue = (b: Button) => (b.confirmation ? `${b.value}:${b.confirmation}` : b.value);

/** `spoken`: what a screen reader says (Slack reads at most 75 characters of it). */
function button(
  b: Button,
  value = buttonValue(b),
  confirm?: types.ConfirmationDialog,
): types.Button {
  const spoken = b.spoken && cut(plainWords(b.spoken), limits.accessibilityLabel);
  return {
    type: 'button',
    action_id: buttonActionId[b.action],
    text: plain(b.label, limits.buttonText),
    value: value.slice(0, limits.buttonValue),
    ...(spoken ? { accessibility_label: spoken } : {}),
    ...(b.style ? { style: b.style } : {}),
    ...(confirm ? { confirm } : {}),
  };
}

/** "Approve all" covers only the cards shown, and its confirmation names each of them. */
function buttonFor(
  v: Voice,
  b: Button,
  shown: ReadonlySet<string>,
  titles: ReadonlyMap<string, string>,
): types.Button[] {
  if (b.action !== 'approveAll') return [button(b)];
  const ids = b.value.split(',').filter((id) => shown.has(id));
  if (!ids.length) return [];
  const lead = v.t('render.slack.willApprove');
  const shownTitles = ids.map((id) => plainWords(titles.get(id) ?? id));
  const names = linesWithin(
    v,
    shownTitles.map((title) => `• ${cut(title, 80)}`),
    limits.confirmText - lead.length - 1,
  );
  const count = ids.length;
  const confirm: types.ConfirmationDialog = {
    title: plain(v.t('render.slack.approveTasks', { count }), limits.confirmTitle),
    text: plainLines([lead, ...names], limits.confirmText),
    confirm: plain(v.t('render.slack.approveAll'), limits.confirmButton),
    deny: plain(v.t('slack.cancel'), limits.confirmButton),
  };
  const label = v.t('button.approveAll', { count });
  const spoken = v.t('button.approveAllSpoken', {
    count,
    tasks: v.list(shownTitles),
  });
  return [button({ ...b, label, spoken }, ids.join(','), confirm)];
}

/** As many whole lines as fit in `max` characters once in `plain_text`, then how many were left out. */
function linesWithin(v: Voice, lines: readonly string[], max: number): string[] {
  const rest = (count: number) => v.t('render.andMore', { count });
  let size = 0;
  for (const [i, line] of lines.entries()) {
    const left = lines.length - i - 1;
    size += toPlain(line).length + 1;
    if (size + (left ? rest(left).length + 1 : 0) > max) {
      return [...lines.slice(0, i), rest(lines.length - i)];
    }
  }
  return [...lines];
}
