/**
 * Core replies as terminal text: numbered tasks, aligned fields, colour only on a TTY and never
 * with NO_COLOR. Nothing decorative is printed that a screen reader would read aloud (no
 * bullets, arrows or separator dots: indentation does their work), and meaning is never carried
 * by colour alone: every state and tone is said in words. Every text of a reply goes through
 * `clean` (src/core/text.ts) first, so no control character from people or the Access Service
 * reaches the terminal: the only escape sequences printed are the colours added here.
 */
import { styleText } from 'node:util';
import { type Voice, voiceFor } from '../../src/core/i18n/voice.ts';
import type { Block, Field, Reply, TaskCard } from '../../src/core/reply.ts';
import { clean } from '../../src/core/text.ts';

type Style = Parameters<typeof styleText>[0];
type Paint = (style: Style, text: string) => string;

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
  const paint: Paint = (style, text) =>
    options.color ? styleText(style, text, { validateStream: false }) : text;
  // The renderer's own few words follow the reply's language.
  const v = voiceFor(reply.locale);
  const lines: string[] = [];
  if (reply.title) lines.push(paint(['bold', toneStyle[reply.tone]], clean(reply.title)));
  for (const block of reply.blocks) lines.push(...renderBlock(v, block, paint));
  return `${lines.join('\n')}\n`;
}

function renderBlock(v: Voice, block: Block, paint: Paint): string[] {
  switch (block.kind) {
    case 'text':
      return [clean(block.text)];
    case 'note':
      return [paint('dim', clean(block.text))];
    case 'fields':
      return alignFields(block.fields, '  ');
    case 'list': {
      const items = block.items.map((item) => `  ${clean(item)}`);
      if (block.more > 0)
        items.push(paint('dim', `  ${v.t('render.andMore', { count: block.more })}`));
      return items;
    }
    case 'task':
      return renderCard(v, block.card, paint);
    case 'actions':
      // A terminal has no buttons; the replies' notes say what to type instead.
      return [];
  }
}

function alignFields(fields: readonly Field[], indent: string): string[] {
  const shown = fields.map((f) => ({ label: `${clean(f.label)}:`, value: clean(f.value) }));
  const width = Math.max(0, ...shown.map((f) => f.label.length));
  return shown.map((f) => `${indent}${f.label.padEnd(width)}  ${f.value}`);
}

function renderCard(v: Voice, card: TaskCard, paint: Paint): string[] {
  // The start of the id is enough to name it (any unique 6 or more characters).
  const ref = card.number ? String(card.number) : clean(card.taskId.slice(0, 8));
  const head = card.number ? `${String(card.number).padStart(2)}. ` : '  ';
  const lines = [`${head}${paint('bold', clean(card.title))}`];
  if (card.warning) lines.push(paint(['bold', 'yellow'], `      ${clean(card.warning)}`));
  lines.push(...alignFields([...card.fields, ...(card.context ?? [])], '      '));
  if (card.looking) lines.push(`      ${paint('dim', clean(card.looking))}`);
  if (card.outcome) {
    const style: Style =
      card.state === 'approved' ? 'green' : card.state === 'declined' ? 'red' : 'yellow';
    lines.push(`      ${paint(style, clean(card.outcome))}`);
  }
  if (card.buttons.length) {
    const code = card.buttons.find((b) => b.confirmation)?.confirmation;
    // A sensitive approval's confirmation is typed as every confirmation is: `confirm <code>`.
    const approve = code ? `confirm ${clean(code)}` : `approve ${ref}`;
    lines.push(
      paint(
        'dim',
        `      ${v.t('render.shell.type', { approve, decline: `decline ${ref} -- <reason>` })}`,
      ),
    );
  }
  return lines;
}
