/**
 * The core's neutral replies as Block Kit, with a plain-text fallback, every text cut to Block
 * Kit's limits; a reply too large for its message or view has its texts shortened, then is cut at
 * whole parts with a note of the rest (fit.ts). Every button carries an `accessibility_label`
 * naming what it does to what, and every mark (an emoji) comes with words.
 */
import { type Voice, voiceFor } from '../../src/core/i18n/voice.ts';
import type { Block, Field, Reply, TaskCard } from '../../src/core/reply.ts';
import { button, buttonFor } from './buttons.ts';
import { fitBlocks, type Group, type SlackBlock, TEXT_BUDGET, textLength } from './fit.ts';
import { cardBlockId, LIST_ROW } from './payloads.ts';
import { limits, mrkdwn, mrkdwnText, plain, toMrkdwn } from './rich-text.ts';

export type { SlackBlock };

export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
}

const toneMark = { info: '', success: ':white_check_mark: ', warning: ':warning: ', error: ':x: ' };

const stateMark: Record<TaskCard['state'], string> = {
  pending: ':hourglass_flowing_sand:',
  approved: ':white_check_mark:',
  declined: ':no_entry:',
  gone: ':grey_question:',
  other: ':information_source:',
};

/** How long any one text may be in this rendering, and whether that cut one. */
type Shape = { cap: number; shortened: boolean };

/** The caps tried in turn until the reply's text fits its message: full length first. */
const CAPS = [Number.POSITIVE_INFINITY, 1000, 500, 250, 120];

/** The core's text as mrkdwn within `max` and the shape's cap, noting when the cap cut it. */
function within(shape: Shape | undefined, text: string, max: number): string {
  const capped = shape ? Math.min(max, shape.cap) : max;
  if (shape && capped < max && toMrkdwn(text).length > capped) shape.shortened = true;
  const shown = mrkdwnText(text, capped);
  // A code span of ours cut in two would open markup over the rest: it goes whole.
  const open = shown.split('`').length % 2 === 0;
  return open ? `${shown.slice(0, shown.lastIndexOf('`'))}…` : shown;
}

const fixed = (blocks: SlackBlock[], taskId?: string): Group => ({
  size: blocks.length,
  taskId,
  build: () => blocks,
});

/** `maxBlocks`, `textRoom`: what the blocks may take of a message or view (all of a message's). */
export interface FitOptions {
  maxBlocks?: number;
  textRoom?: number;
  notice?: string;
}

export function renderReply(reply: Reply, options: FitOptions = {}): SlackMessage {
  return { text: fallbackText(reply.summary), blocks: renderBlocks(reply, options) };
}

/** A message's top-level `text` (notifications, screen readers): mrkdwn like the blocks. */
export const fallbackText = (summary: string) => mrkdwnText(summary, limits.fallbackText);

/**
 * The blocks of a reply, fitted into `maxBlocks` (a message's 50 by default) and `textRoom`
 * characters of text: texts are shortened first, whole parts left out last.
 */
export function renderBlocks(reply: Reply, options: FitOptions = {}): SlackBlock[] {
  const v = voiceFor(reply.locale);
  const room = {
    blocks: options.maxBlocks ?? limits.messageBlocks,
    text: options.textRoom ?? TEXT_BUDGET,
  };
  for (const cap of CAPS) {
    const shape = { cap, shortened: false };
    const groups = groupsOf(v, reply, options.notice, shape);
    const blocks = fitBlocks(v, groups, { ...room, text: Infinity }, shape.shortened);
    if (textLength(blocks) <= room.text) return blocks;
    if (cap === CAPS.at(-1)) return fitBlocks(v, groups, room, shape.shortened);
  }
  return [];
}

function groupsOf(v: Voice, reply: Reply, notice: string | undefined, shape: Shape): Group[] {
  const titles = new Map<string, string>();
  for (const b of reply.blocks) if (b.kind === 'task') titles.set(b.card.taskId, b.card.title);
  const groups: Group[] = [];
  if (reply.title) groups.push(fixed([header(reply.title)]));
  if (notice) groups.push(fixed([sectionOf(within(shape, notice, limits.sectionText))]));
  let mark = reply.title ? '' : toneMark[reply.tone];
  for (const block of reply.blocks) {
    groups.push(...groupsFor(v, block, mark, titles, shape));
    if (block.kind === 'text') mark = '';
  }
  return groups;
}

function groupsFor(
  v: Voice,
  block: Block,
  mark: string,
  titles: ReadonlyMap<string, string>,
  shape: Shape,
): Group[] {
  switch (block.kind) {
    case 'text':
      return [
        fixed([sectionOf(mark + within(shape, block.text, limits.sectionText - mark.length))]),
      ];
    case 'note':
      return [fixed([noteOf(within(shape, block.text, limits.contextText))])];
    case 'link':
      return [fixed([sectionOf(linkOf(block.url, block.label))])];
    case 'fields':
      // Each section of fields on its own: a long card loses its last fields, not all of them.
      return fieldSections(block.fields, shape).map((b) => fixed([b]));
    case 'list':
      return [fixed(listBlocks(v, block.items, block.more, shape))];
    case 'task':
      return [fixed(cardBlocks(block.card, undefined, v.locale, shape), block.card.taskId)];
    case 'actions': {
      const build = (shown: ReadonlySet<string>): SlackBlock[] => {
        const buttons = block.buttons.flatMap((b) => buttonFor(v, b, shown, titles));
        return buttons.length ? [{ type: 'actions', elements: buttons }] : [];
      };
      return [{ size: 1, build }];
    }
  }
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
/**
 * Our own link (never data: the core's links are accessbot's pages), the one `<url|label>` we
 * write; its URL is a checked http(s) URL without `|` or `>`, its label made literal.
 */
const linkOf = (url: string, label: string) => `<${url}|${mrkdwnText(label, limits.buttonText)}>`;

export const section = (text: string) => sectionOf(mrkdwnText(text, limits.sectionText));

/** A section of mrkdwn already made safe (see rich-text.ts) and within the limit. */
export const sectionOf = (safe: string): SlackBlock => ({ type: 'section', text: mrkdwn(safe) });

export const note = (text: string) => noteOf(mrkdwnText(text, limits.contextText));

/** A context line of mrkdwn already made safe and within the limit. */
const noteOf = (safe: string): SlackBlock => ({ type: 'context', elements: [mrkdwn(safe)] });

function fieldText({ label, value }: Field, shape?: Shape) {
  const head = `*${within(shape, label, 100)}*\n`;
  return mrkdwn(head + within(shape, value, limits.fieldText - head.length));
}

/** At most 10 fields a section: more become further sections. */
function fieldSections(fields: readonly Field[], shape: Shape): SlackBlock[] {
  const size = limits.sectionFields;
  return Array.from({ length: Math.ceil(fields.length / size) }, (_, i) => ({
    type: 'section',
    fields: fields.slice(i * size, (i + 1) * size).map((f) => fieldText(f, shape)),
  }));
}

/** Bulleted lines in sections of at most 3000 characters, then the count of the rest. */
function listBlocks(v: Voice, items: readonly string[], more: number, shape: Shape) {
  const blocks: SlackBlock[] = [];
  let chunk = '';
  for (const item of items) {
    const line = `• ${within(shape, item, 500)}`;
    if (chunk && chunk.length + 1 + line.length > limits.sectionText) {
      blocks.push(sectionOf(chunk));
      chunk = '';
    }
    chunk = chunk ? `${chunk}\n${line}` : line;
  }
  if (chunk) blocks.push(sectionOf(chunk));
  if (more > 0) blocks.push(note(v.t('render.andMore', { count: more })));
  return blocks;
}

/**
 * A task: what is asked (title and fields), its state, and its buttons while pending. `locale`:
 * the language of the reply it is part of.
 */
export function cardBlocks(
  card: TaskCard,
  notice?: string,
  locale?: string,
  shape?: Shape,
): SlackBlock[] {
  const v = voiceFor(locale);
  // A task id that is no uuid (the service's word) must not break the block id's limit.
  const id = (part: string) => ({ block_id: cardBlockId(card.taskId.slice(0, 200), part) });
  const fieldsOf = (fields: readonly Field[]) => fields.map((f) => fieldText(f, shape));
  const more = card.fields.length - limits.sectionFields + 1;
  const moreField = {
    label: v.t('render.slack.more'),
    value: v.t('render.slack.moreDetails', { count: more }),
  };
  const fields =
    more > 1 ? [...card.fields.slice(0, limits.sectionFields - 1), moreField] : card.fields;
  const title = `${card.number ? `${card.number}. ` : ''}*${within(shape, card.title, 2900)}*`;
  const blocks: SlackBlock[] = [
    {
      type: 'section',
      ...id('head'),
      text: mrkdwn(title),
      ...(fields.length && { fields: fieldsOf(fields) }),
    },
  ];
  if (card.warning) {
    const text = `:warning: ${within(shape, card.warning, limits.sectionText - 20)}`;
    blocks.push({ type: 'section', ...id('warn'), text: mrkdwn(text) });
  }
  const context = card.context?.slice(0, limits.sectionFields) ?? [];
  if (context.length) blocks.push({ type: 'section', ...id('context'), fields: fieldsOf(context) });
  const lines = (part: string, texts: readonly (string | undefined)[]) => {
    const shown = texts.filter((text): text is string => !!text);
    if (shown.length)
      blocks.push({ type: 'context', ...id(part), elements: shown.map((t) => mrkdwn(t)) });
  };
  // Questions, answers, approvers away: the people's words, each its own line.
  const notes = card.notes?.slice(0, limits.contextElements) ?? [];
  lines(
    'notes',
    notes.map((line) => within(shape, line, limits.contextText)),
  );
  lines('state', [
    notice && within(shape, notice, 1000),
    card.looking && within(shape, card.looking, 300),
    card.outcome && `${stateMark[card.state]} ${within(shape, card.outcome, 900)}`,
  ]);
  if (card.buttons.length) {
    const part = card.number ? LIST_ROW : 'act';
    blocks.push({ type: 'actions', ...id(part), elements: card.buttons.map((b) => button(b)) });
  }
  return blocks;
}
