/**
 * Core replies as terminal text. No decoration a screen reader would read aloud (indentation does
 * that work), no meaning in colour alone (TTY only, never with NO_COLOR), and every text `clean`ed
 * first, so the only escape sequences printed are the colours added here.
 */
import { styleText } from 'node:util';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { type Voice, voiceFor } from '../../src/core/i18n/voice.ts';
import type { Block, Field, Reply, TaskCard } from '../../src/core/reply.ts';
import { clean } from '../../src/core/text.ts';

type Style = Parameters<typeof styleText>[0];
type Paint = (style: Style, text: string) => string;

interface RenderOptions {
  color: boolean;
  /** Unset (a pipe): no wrapping. */
  columns?: number;
}

/** A text as lines: the first after `indent`, wrapped ones after `hang`. */
type Wrap = (text: string, indent: string, hang: string, style?: Style) => string[];

/** The narrowest a wrapped text is made, however narrow the terminal says it is. */
const MIN_WRAP = 20;

function wrapper(columns: number | undefined, paint: Paint): Wrap {
  return (text, indent, hang, style) => {
    const room =
      columns && Math.max(MIN_WRAP, columns - Math.max(stringWidth(indent), stringWidth(hang)));
    // `hard`: a word wider than the room is broken between characters (wide ones count two).
    const lines = room ? wrapAnsi(clean(text), room, { hard: true }).split('\n') : [clean(text)];
    return lines.map((line, i) => `${i ? hang : indent}${style ? paint(style, line) : line}`);
  };
}

const toneStyle: Record<Reply['tone'], 'cyan' | 'green' | 'yellow' | 'red'> = {
  info: 'cyan',
  success: 'green',
  warning: 'yellow',
  error: 'red',
};

export function renderReply(reply: Reply, options: RenderOptions): string {
  const paint: Paint = (style, text) =>
    options.color ? styleText(style, text, { validateStream: false }) : text;
  const v = voiceFor(reply.locale);
  const wrap = wrapper(options.columns, paint);
  const lines: string[] = [];
  if (reply.title) lines.push(...wrap(reply.title, '', '  ', ['bold', toneStyle[reply.tone]]));
  // One label width for every task of the reply, so a list's values start in one column.
  const cards = reply.blocks.flatMap((b) => (b.kind === 'task' ? [b.card] : []));
  const cardLabels = labelWidth(cards.flatMap(cardFields));
  for (const block of reply.blocks) {
    lines.push(...renderBlock(v, block, paint, wrap, cardLabels));
  }
  return `${lines.join('\n')}\n`;
}

function renderBlock(
  v: Voice,
  block: Block,
  paint: Paint,
  wrap: Wrap,
  cardLabels: number,
): string[] {
  switch (block.kind) {
    case 'text':
      return wrap(block.text, '', '');
    case 'note':
      return wrap(block.text, '', '', 'dim');
    case 'link':
      // Our own URL, whole on one line so the terminal lets it be opened.
      return [`${clean(block.label)}: ${block.url}`];
    case 'fields':
      return alignFields(wrap, block.fields, '  ', labelWidth(block.fields));
    case 'list': {
      const items = block.items.flatMap((item) => wrap(item, '  ', '    '));
      if (block.more > 0)
        items.push(paint('dim', `  ${v.t('render.andMore', { count: block.more })}`));
      return items;
    }
    case 'task':
      return renderCard(v, block.card, wrap, cardLabels);
    case 'actions':
      // A terminal has no buttons; the replies' notes say what to type instead.
      return [];
  }
}

const labelOf = (field: Field) => `${clean(field.label)}:`;

/** The columns the widest label takes on a terminal (a CJK character takes two). */
const labelWidth = (fields: readonly Field[]) =>
  Math.max(0, ...fields.map((f) => stringWidth(labelOf(f))));

function alignFields(wrap: Wrap, fields: readonly Field[], indent: string, width: number) {
  return fields.flatMap((f) => {
    const label = labelOf(f);
    const pad = ' '.repeat(Math.max(0, width - stringWidth(label)));
    return wrap(f.value, `${indent}${label}${pad}  `, ' '.repeat(stringWidth(indent) + width + 2));
  });
}

const cardFields = (card: TaskCard) => [...card.fields, ...(card.context ?? [])];

/** A card's lines under its title; a wrapped one's later lines two further in. */
const BODY = '      ';
const BODY_HANG = `${BODY}  `;

function renderCard(v: Voice, card: TaskCard, wrap: Wrap, labels: number): string[] {
  // The start of the id is enough to name it (any unique 6 or more characters).
  const ref = card.number ? String(card.number) : clean(card.taskId.slice(0, 8));
  const head = card.number ? `${String(card.number).padStart(2)}. ` : '  ';
  const lines = wrap(card.title, head, BODY, 'bold');
  if (card.warning) lines.push(...wrap(card.warning, BODY, BODY_HANG, ['bold', 'yellow']));
  lines.push(...alignFields(wrap, cardFields(card), BODY, labels));
  if (card.looking) lines.push(...wrap(card.looking, BODY, BODY_HANG, 'dim'));
  for (const line of card.notes ?? []) lines.push(...wrap(line, BODY, BODY_HANG, 'dim'));
  if (card.outcome) {
    const style: Style =
      card.state === 'approved' ? 'green' : card.state === 'declined' ? 'red' : 'yellow';
    lines.push(...wrap(card.outcome, BODY, BODY_HANG, style));
  }
  // A numbered card is one of a list, whose closing note says what to type.
  if (card.buttons.length && !card.number) {
    const code = card.buttons.find((b) => b.confirmation)?.confirmation;
    // A sensitive approval's confirmation is typed as every confirmation is: `confirm <code>`.
    const approve = code ? `confirm ${clean(code)}` : `approve ${ref}`;
    lines.push(...wrap(v.t('render.shell.type', { approve, ref }), BODY, BODY_HANG, 'dim'));
  }
  return lines;
}
