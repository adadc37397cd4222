/**
 * What every feature's command grammar shares: the result of parsing, free text after `--`, and
 * words with "quoted text" kept whole. Parsing never throws: a line that is wrong gets a message
 * that says what was wrong and what would work.
 */
import type { Voice } from './i18n/voice.ts';
import { compactMentions } from './person-ref.ts';

/** Free text after `--` (a reason, a justification), at most. */
export const MAX_REASON_LENGTH = 1000;

export type Parsed<T> = { ok: true; command: T } | { ok: false; message: string };

export const fail = (message: string) => ({ ok: false as const, message });

/** What a too long part of a command is called in the message that says so. */
type TooLong =
  | 'message'
  | 'reason'
  | 'groupName'
  | 'search'
  | 'appName'
  | 'justification'
  | 'question'
  | 'answer'
  | 'note';

export const tooLong = (v: Voice, what: TooLong, text: string, max: number) =>
  fail(v.t('parse.tooLong', { what, length: text.length, max }));

/** Splits `a b -- free text` at the first `--` word. */
export function splitFree(args: string): { head: string; free: string | undefined } {
  const split = /(?:^|\s)--(?:\s|$)/.exec(args);
  if (!split) return { head: args.trim(), free: undefined };
  return {
    head: args.slice(0, split.index).trim(),
    free: args.slice(split.index + split[0].length).trim(),
  };
}

/** Words, keeping "quoted text" (straight or curly quotes) as one word without its quotes. */
export function words(text: string): string[] {
  const found = compactMentions(text).match(/"[^"]*"|“[^”]*”|\S+/g) ?? [];
  return found.map((w) => w.replace(/^["“]|["”]$/g, '').trim()).filter(Boolean);
}

/** A whole id of the Access Service's kind. */
export const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
