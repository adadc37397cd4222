/**
 * Core replies as terminal text: numbered tasks, aligned fields, colour only on a TTY. Every
 * text of a reply goes through `clean` (src/core/text.ts) first, so no control character from
 * people or the Access Service reaches the terminal: the only escape sequences printed are the
 * colours added here.
 */
import { styleText } from 'node:util';
import type { Block, Field, Reply, TaskCard } from '../../src/core/reply.ts';
import { clean } from '../../src/core/text.ts';

type Style = Parameters<typeof styleText>[0];

export interface RenderOptions {
  color: boolean;
}

const toneStyle: Record<Reply['tone'], 'cyan' | 'green' | 'yellow' | 'red'> = {
  info: 'cyan',
  success: 'green',
  warning: 'yellow',
  error: 'red',
};

export function renderReply(reply: Reply, options: RenderOptions): string {
  const paint = (style: Style, text: string) =>
    options.color ? styleText(style, text, { validateStream: false }) : text;
  const lines: string[] = [];
  if (reply.title) lines.push(paint(['bold', toneStyle[reply.tone]], clean(reply.title)));
  for (const block of reply.blocks) lines.push(...renderBlock(block, paint));
  return `${lines.join('\n')}\n`;
}

function renderBlock(block: Block, paint: (style: Style, text: string) => string): string[] {
  switch (block.kind) {
    case 'text':
      return [clean(block.text)];
    case 'note':
      return [paint('dim', clean(block.text))];
    case 'fields':
      return alignFields(block.fields, '  ');
    case 'list': {
      const items = block.items.map((item) => `  • ${clean(item)}`);
      if (block.more > 0) items.push(paint('dim', `  …and ${block.more} more`));
      return items;
    }
    case 'task':
      return renderCard(block.card, paint);
    case 'actions':
      // A terminal has no buttons; the replies' notes say what to type instead.
      return [];
  }
}

function alignFields(fields: readonly Field[], indent: string): string[] {
  const shown = fields.map((f) => ({ label: clean(f.label), value: clean(f.value) }));
  const width = Math.max(0, ...shown.map((f) => f.label.length));
  return shown.map((f) => `${indent}${f.label.padEnd(width)}  ${f.value}`);
}

function renderCard(card: TaskCard, paint: (style: Style, text: string) => string): string[] {
  // The start of the id is enough to name it (any unique 6 or more characters).
  const ref = card.number ? String(card.number) : clean(card.taskId.slice(0, 8));
  const head = card.number ? `${String(card.number).padStart(2)}. ` : '  ';
  const lines = [`${head}${paint('bold', clean(card.title))}`];
  if (card.warning) lines.push(paint(['bold', 'yellow'], `      ⚠ ${clean(card.warning)}`));
  lines.push(...alignFields([...card.fields, ...(card.context ?? [])], '      '));
  if (card.looking) lines.push(`      ${paint('dim', clean(card.looking))}`);
  if (card.outcome) {
    const style: Style =
      card.state === 'approved' ? 'green' : card.state === 'declined' ? 'red' : 'yellow';
    lines.push(`      ${paint(style, clean(card.outcome))}`);
  }
  if (card.buttons.length) {
    const code = card.buttons.find((b) => b.confirmation)?.confirmation;
    const approve = code ? `approve ${ref} confirm ${clean(code)}` : `approve ${ref}`;
    lines.push(paint('dim', `      → ${approve}  ·  decline ${ref} -- <reason>`));
  }
  return lines;
}
