/**
 * The task commands. Whatever follows `--` is the reason and everything before it a task, so a
 * reason can never be taken for a task, nor a task for a reason.
 */
import { z } from 'zod';
import { ConfirmCode } from '../confirm/index.ts';
import { fail, MAX_REASON_LENGTH, type Parsed, splitFree, tooLong } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';
import { inert } from '../text.ts';

export const MIN_ID_PREFIX = 6;
export const MAX_REFS = 15;

/** By id, the start of its id, or its number in the asker's last `tasks` list. */
export const TaskRef = z.union([
  z.object({ kind: z.literal('id'), id: z.uuid() }),
  z.object({
    kind: z.literal('prefix'),
    prefix: z
      .string()
      .min(MIN_ID_PREFIX)
      .max(35)
      .regex(/^[0-9a-f-]+$/),
  }),
  z.object({ kind: z.literal('number'), n: z.number().int().min(1).max(500) }),
]);
export type TaskRef = z.infer<typeof TaskRef>;
const TaskRefs = z.array(TaskRef).min(1).max(MAX_REFS);

export const TaskCommands = [
  z.object({ name: z.literal('tasks') }),
  z.object({
    name: z.literal('approve'),
    tasks: TaskRefs,
    /** A sensitive approval's confirmation. */
    confirm: ConfirmCode.optional(),
  }),
  z.object({
    name: z.literal('decline'),
    tasks: TaskRefs,
    /** Undefined: no `--` was typed, so the person is asked for a reason first. */
    reason: z.string().max(MAX_REASON_LENGTH).optional(),
    /** `--` was typed. */
    confirmed: z.boolean(),
  }),
  z.object({ name: z.literal('looking'), task: TaskRef }),
] as const;
export type TaskCommand = z.infer<(typeof TaskCommands)[number]>;

/** A string: the message that says why it names no task. */
export function parseRef(v: Voice, word: string): TaskRef | string {
  if (/^\d+$/.test(word) && word.length <= 3) {
    const n = Number(word);
    if (n >= 1 && n <= 500) return { kind: 'number', n };
    return v.t('parse.noSuchNumber', { word });
  }
  const lower = word.toLowerCase();
  const id = TaskRef.safeParse({ kind: 'id', id: lower });
  if (id.success) return id.data;
  const prefix = TaskRef.safeParse({ kind: 'prefix', prefix: lower });
  if (prefix.success) return prefix.data;
  return v.t('parse.notATask', { word: inert(word, 41), min: MIN_ID_PREFIX });
}

function parseRefs(
  v: Voice,
  words: readonly string[],
  name: 'approve' | 'decline',
): TaskRef[] | string {
  if (!words.length) return v.t('parse.whichTask', { usage: v.t(`usage.${name}`) });
  if (words.length > MAX_REFS) return v.t('parse.tooManyTasks', { max: MAX_REFS });
  const refs: TaskRef[] = [];
  for (const word of words) {
    const ref = parseRef(v, word);
    if (typeof ref === 'string') {
      if (name !== 'decline' || !refs.length) return ref;
      const reason = inert(words.slice(refs.length).join(' '), 40);
      return v.t('parse.reasonAfterDashes', { said: ref, first: words[0]!, reason });
    }
    refs.push(ref);
  }
  return refs;
}

export function parseDecision(
  v: Voice,
  name: 'approve' | 'decline',
  args: string,
): Parsed<TaskCommand> {
  const { head, free } = splitFree(args);
  if (name === 'approve' && free !== undefined)
    return fail(v.t('parse.approveNoReason', { usage: v.t('usage.approve') }));
  const typed = head ? head.split(' ') : [];
  const confirming = name === 'approve' ? typed.findIndex((w) => /^confirm$/i.test(w)) : -1;
  if (confirming >= 0) return parseConfirmed(v, typed, confirming);
  const refs = parseRefs(v, typed, name);
  if (typeof refs === 'string') return fail(refs);
  if (name === 'approve') return { ok: true, command: { name, tasks: refs } };
  const reason = free || undefined;
  if (reason && reason.length > MAX_REASON_LENGTH)
    return tooLong(v, 'reason', reason, MAX_REASON_LENGTH);
  return { ok: true, command: { name, tasks: refs, reason, confirmed: free !== undefined } };
}

function parseConfirmed(v: Voice, typed: readonly string[], at: number): Parsed<TaskCommand> {
  const code = ConfirmCode.safeParse(typed[at + 1]?.toLowerCase());
  if (at !== 1 || typed.length !== 3 || !code.success) return fail(v.t('parse.confirmation'));
  const ref = parseRef(v, typed[0]!);
  if (typeof ref === 'string') return fail(ref);
  return { ok: true, command: { name: 'approve', tasks: [ref], confirm: code.data } };
}

export function parseLooking(v: Voice, rest: readonly string[]): Parsed<TaskCommand> {
  const task = rest.length === 1 ? parseRef(v, rest[0]!) : undefined;
  if (task === undefined) return fail(v.t('parse.whichTaskOne', { usage: v.t('usage.looking') }));
  return typeof task === 'string' ? fail(task) : { ok: true, command: { name: 'looking', task } };
}
