/** `ask <task> -- <question>` and `answer <request or code> -- <text>`. */
import { z } from 'zod';
import { fail, type Parsed, splitFree, tooLong } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';
import { parseRef, TaskRef } from '../tasks/index.ts';

export const MAX_QUESTION_LENGTH = 500;
export const MAX_ANSWER_LENGTH = 1000;
/** The shortest start of a question's id accepted as its code. */
export const MIN_CODE = 6;

/** By the number of its request in the last `requests` list, or by its code. */
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

export const AskCommands = [
  z.object({
    name: z.literal('ask'),
    task: TaskRef,
    question: z.string().min(1).max(MAX_QUESTION_LENGTH),
  }),
  z.object({
    name: z.literal('answer'),
    question: QuestionRef,
    text: z.string().min(1).max(MAX_ANSWER_LENGTH),
  }),
] as const;
export type AskCommand = z.infer<(typeof AskCommands)[number]>;

export function parseAsk(v: Voice, args: string): Parsed<AskCommand> {
  const { head, free } = splitFree(args);
  const task = head && !head.includes(' ') ? parseRef(v, head) : undefined;
  if (task === undefined || !free) return fail(v.t('parse.askUsage', { usage: v.t('usage.ask') }));
  if (typeof task === 'string') return fail(task);
  if (free.length > MAX_QUESTION_LENGTH) return tooLong(v, 'question', free, MAX_QUESTION_LENGTH);
  return { ok: true, command: { name: 'ask', task, question: free } };
}

/** `answer 2 -- text` (a request's number) or `answer 4f1c2a -- text` (the question's code). */
export function parseAnswer(v: Voice, args: string): Parsed<AskCommand> {
  const { head, free } = splitFree(args);
  const word = head.toLowerCase();
  const ref = QuestionRef.safeParse(
    /^\d{1,3}$/.test(word) ? { kind: 'number', n: Number(word) } : { kind: 'code', code: word },
  );
  if (!head || head.includes(' ') || !free) {
    return fail(v.t('parse.whichQuestion', { usage: v.t('usage.answer') }));
  }
  if (!ref.success) {
    return fail(
      /^\d+$/.test(word) ? v.t('answer.noNumber', { n: word }) : v.t('answer.noSuchCode'),
    );
  }
  if (free.length > MAX_ANSWER_LENGTH) {
    return tooLong(v, 'answer', free, MAX_ANSWER_LENGTH);
  }
  return { ok: true, command: { name: 'answer', question: ref.data, text: free } };
}
