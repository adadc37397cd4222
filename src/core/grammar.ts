/** What every command grammar shares. Parsing never throws: a wrong line gets a message. */
import type { Voice } from './i18n/voice.ts';
import { compactMentions } from './person-ref.ts';

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
  | 'note'
  | 'person';

export const tooLong = (v: Voice, what: TooLong, text: string, max: number) =>
  fail(v.t('parse.tooLong', { what, length: text.length, max }));

/** At the first `--` word. */
export function splitFree(args: string): { head: string; free: string | undefined } {
  const split = /(?:^|\s)--(?:\s|$)/.exec(args);
  if (!split) return { head: args.trim(), free: undefined };
  return {
    head: args.slice(0, split.index).trim(),
    free: args.slice(split.index + split[0].length).trim(),
  };
}

/** "Quoted text" (straight or curly) is one word, without its quotes. */
export function words(text: string): string[] {
  const found = compactMentions(text).match(/"[^"]*"|“[^”]*”|\S+/g) ?? [];
  return found.map((w) => w.replace(/^["“]|["”]$/g, '').trim()).filter(Boolean);
}

export const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
