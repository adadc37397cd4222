/**
 * The commands of questions and absences, beside `ask <task> -- <question>` (commands.ts, where
 * task references are read): `answer <request or code> -- <text>`, `away until <day> [-- note]`
 * and `back`. The day is read later, in the person's own time zone (away.ts).
 */
import { z } from 'zod';
import type { Voice } from '../i18n/voice.ts';

/** A question to a requester, at most. */
export const MAX_QUESTION_LENGTH = 500;
/** An answer, at most. */
export const MAX_ANSWER_LENGTH = 1000;
/** The note of an absence, at most. */
export const MAX_AWAY_NOTE_LENGTH = 200;
/** The shortest start of a question's id accepted as its code. */
export const MIN_CODE = 6;

/** A question by the number of its request in the last `requests` list, or by its code. */
export const QuestionRef = z.union([
  z.object({ kind: z.literal('number'), n: z.number().int().min(1).max(500) }),
  z.object({
    kind: z.literal('code'),
    code: z
      .string()
      .min(MIN_CODE)
      .max(36)
      .regex(/^[0-9a-f-]+$/),
  }),
]);
export type QuestionRef = z.infer<typeof QuestionRef>;

export const AnswerCommand = z.object({
  name: z.literal('answer'),
  question: QuestionRef,
  text: z.string().min(1).max(MAX_ANSWER_LENGTH),
});
export const AwayCommand = z.object({
  name: z.literal('away'),
  /** The day as typed, read in the person's zone when the command runs. */
  until: z.string().min(1).max(60),
  note: z.string().min(1).max(MAX_AWAY_NOTE_LENGTH).optional(),
});
export const BackCommand = z.object({ name: z.literal('back') });

type Parsed<T> = { ok: true; command: T } | { ok: false; message: string };
const fail = (message: string) => ({ ok: false as const, message });

/** Splits `a b -- free text` at the first `--` word. */
export function splitFree(args: string): { head: string; free: string | undefined } {
  const split = /(?:^|\s)--(?:\s|$)/.exec(args);
  if (!split) return { head: args.trim(), free: undefined };
  return {
    head: args.slice(0, split.index).trim(),
    free: args.slice(split.index + split[0].length).trim(),
  };
}

/** `answer 2 -- text` (a request's number) or `answer 4f1c2a -- text` (the question's code). */
export function parseAnswer(v: Voice, args: string): Parsed<z.infer<typeof AnswerCommand>> {
  const { head, free } = splitFree(args);
  const word = head.toLowerCase();
  const ref = QuestionRef.safeParse(
    /^\d{1,3}$/.test(word) ? { kind: 'number', n: Number(word) } : { kind: 'code', code: word },
  );
  if (!ref.success || head.includes(' ') || !free) {
    return fail(v.t('parse.whichQuestion', { usage: v.t('usage.answer') }));
  }
  if (free.length > MAX_ANSWER_LENGTH) {
    return fail(
      v.t('parse.tooLong', { what: 'answer', length: free.length, max: MAX_ANSWER_LENGTH }),
    );
  }
  return { ok: true, command: { name: 'answer', question: ref.data, text: free } };
}

/** `away until <day> [-- note]`. */
export function parseAway(v: Voice, args: string): Parsed<z.infer<typeof AwayCommand>> {
  const { head, free } = splitFree(args);
  const until = /^until\s+(.+)$/i.exec(head)?.[1]?.trim();
  if (!until || until.length > 60)
    return fail(v.t('parse.awayUsage', { usage: v.t('usage.away') }));
  const note = free || undefined;
  if (note && note.length > MAX_AWAY_NOTE_LENGTH) {
    return fail(
      v.t('parse.tooLong', { what: 'note', length: note.length, max: MAX_AWAY_NOTE_LENGTH }),
    );
  }
  return { ok: true, command: { name: 'away', until, ...(note && { note }) } };
}
