/**
 * The core's text on an Adaptive Card, always as TextRuns: Teams reads markdown in a TextBlock or
 * a FactSet, never in a TextRun. Our own formatting is set on the runs (code spans in monospace).
 */
import { clean } from '../../src/core/text.ts';

export type CardJson = Record<string, unknown>;

export interface RunStyle {
  weight?: 'Bolder';
  size?: 'Small' | 'Medium';
  color?: string;
  isSubtle?: boolean;
}

const codeSpan = /(`[^`]+`)/;

/** The core's text as TextRuns in one style; our code spans in monospace. */
export function textRuns(text: string, style: RunStyle = {}): CardJson[] {
  return clean(text)
    .split(codeSpan)
    .flatMap((part, i) => {
      if (!part) return [];
      const code = i % 2 === 1;
      return [
        {
          type: 'TextRun',
          text: code ? part.slice(1, -1) : part,
          ...style,
          ...(code ? { fontType: 'Monospace' } : {}),
        },
      ];
    });
}

/** A block of runs; text that cleans down to nothing still shows as one (a card needs text). */
export function richText(runs: CardJson[], extra: CardJson = {}): CardJson {
  return {
    type: 'RichTextBlock',
    inlines: runs.length ? runs : [{ type: 'TextRun', text: '…' }],
    ...extra,
  };
}

export const richTextOf = (text: string, style: RunStyle = {}, extra: CardJson = {}) =>
  richText(textRuns(text, style), extra);
