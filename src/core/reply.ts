/** The neutral reply model each adapter renders its own way; no platform markup lives here. */
import { z } from 'zod';
import type { Voice } from './i18n/voice.ts';
import { inert } from './text.ts';

export const Field = z.object({ label: z.string(), value: z.string() });
export type Field = z.infer<typeof Field>;

export const ButtonAction = z.enum([
  'approve',
  'decline',
  'approveAll',
  'confirmChange',
  'cancelChange',
  /** Shows the task's other approvers that this one is looking at it. */
  'looking',
  /** Opens the request form with the application chosen. */
  'requestApp',
  'appField',
  'appPolicy',
  'appMark',
  'ask',
  'answer',
  /** An access review's group, everyone left: `<workAppId>:<levelId or ->:keep|revoke`. */
  'reviewAll',
]);
export type ButtonAction = z.infer<typeof ButtonAction>;

/** One option of a form's choice; options with a `group` are shown under it. */
export const FormChoice = z.object({
  label: z.string(),
  value: z.string(),
  group: z.string().optional(),
});
export type FormChoice = z.infer<typeof FormChoice>;

export const FormInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('choice'),
    id: z.string(),
    label: z.string(),
    choices: z.array(FormChoice).min(1),
  }),
  z.object({
    kind: z.literal('text'),
    id: z.string(),
    label: z.string(),
    placeholder: z.string().optional(),
    maxLength: z.number().int().positive(),
    optional: z.boolean(),
  }),
]);
export type FormInput = z.infer<typeof FormInput>;

/** What a button asks for before it acts (a field's new value, a policy). */
export const Form = z.object({
  title: z.string(),
  submit: z.string(),
  inputs: z.array(FormInput).min(1),
});
export type Form = z.infer<typeof Form>;

export const Button = z.object({
  label: z.string(),
  action: ButtonAction,
  /**
   * The id of what it acts on (task, change, application, question); `approveAll`: task ids joined
   * by commas; `appMark`: `<id>:yes` or `<id>:no`.
   */
  value: z.string(),
  style: z.enum(['primary', 'danger']).optional(),
  /** For screen readers, where the label alone does not say what it acts on. */
  spoken: z.string().optional(),
  /** On a sensitive application's Approve: the code it confirms with. */
  confirmation: z.string().optional(),
  /** Shown inside the card where a platform can (Teams); else asked for on click (Slack modal). */
  form: Form.optional(),
});
export type Button = z.infer<typeof Button>;

export const TaskState = z.enum(['pending', 'approved', 'declined', 'gone', 'other']);
export type TaskState = z.infer<typeof TaskState>;

export const TaskCard = z.object({
  taskId: z.string(),
  /** Position in the last `tasks` list, for `approve 2`. */
  number: z.number().int().positive().optional(),
  title: z.string(),
  fields: z.array(Field),
  /** Seen before deciding (a sensitive application). */
  warning: z.string().optional(),
  /** Beside what is asked: what the person has, how long it waited… */
  context: z.array(Field).optional(),
  state: TaskState,
  /** Who else is looking at it, since when (in the viewer's time zone). */
  looking: z.string().optional(),
  /** While it waits: questions to its requester and their answers, approvers away. */
  notes: z.array(z.string()).optional(),
  outcome: z.string().optional(),
  buttons: z.array(Button),
});
export type TaskCard = z.infer<typeof TaskCard>;

export const Block = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('fields'), fields: z.array(Field) }),
  /** `more` counts the items left out to keep the message within platform limits. */
  z.object({ kind: z.literal('list'), items: z.array(z.string()), more: z.number().int() }),
  z.object({ kind: z.literal('task'), card: TaskCard }),
  z.object({ kind: z.literal('actions'), buttons: z.array(Button) }),
  z.object({ kind: z.literal('note'), text: z.string() }),
  /** A link of accessbot's own (never data): a step-up page, sent to its person alone. */
  z.object({ kind: z.literal('link'), label: z.string(), url: z.url({ protocol: /^https?$/ }) }),
]);
export type Block = z.infer<typeof Block>;

export const Reply = z.object({
  visibility: z.enum(['private', 'channel']),
  tone: z.enum(['info', 'success', 'warning', 'error']),
  title: z.string().optional(),
  blocks: z.array(Block),
  /** Plain text, for notifications and fallbacks. */
  summary: z.string(),
  /** Tasks it tells the new state of without their card, so a notifier does not tell it again. */
  reported: z.array(z.object({ taskId: z.string(), state: TaskState })).optional(),
  /** BCP 47; a renderer's own words follow it. */
  locale: z.string().optional(),
});
export type Reply = z.infer<typeof Reply>;

type ReplyOptions = Partial<Pick<Reply, 'visibility' | 'title' | 'blocks'>>;

const make =
  (tone: Reply['tone']) =>
  (v: Voice, summary: string, options: ReplyOptions = {}): Reply => ({
    visibility: options.visibility ?? 'private',
    tone,
    title: options.title,
    blocks: options.blocks ?? [{ kind: 'text', text: summary }],
    summary,
    locale: v.locale,
  });

export const info = make('info');
export const success = make('success');
export const warning = make('warning');
export const failure = make('error');

/** A result, or the reply that says why there is none. */
export type Answer<T> = { ok: true; value: T } | { ok: false; reply: Reply };

/** What a click did: the actor is told `reply`, and the message it came from stays as it was. */
export const kept = <O extends string>(outcome: O, reply: Reply) =>
  ({ outcome, reply, message: { kind: 'keep' } }) as const;

/** What a confirmation's Confirm or Cancel did (`stale`: nothing now), and to its card. */
export interface Settled<O extends string> {
  outcome: O | 'stale';
  reply: Reply;
  message: { kind: 'replace'; reply: Reply } | { kind: 'keep' };
}

/** The card becomes `reply`, which the actor is told too. */
export const replaced = <O extends string>(outcome: O | 'stale', reply: Reply): Settled<O> => ({
  outcome,
  reply,
  message: { kind: 'replace', reply },
});

/** Counts what it leaves out, so no platform limit is ever hit. */
export function listBlock(items: readonly string[], max: number): Block {
  return { kind: 'list', items: items.slice(0, max), more: Math.max(0, items.length - max) };
}

export const MAX_LIST = 50;
export const described = (v: Voice, item: { name: string; description?: string | null }) =>
  item.description
    ? v.t('list.described', { name: inert(item.name), description: inert(item.description) })
    : inert(item.name);
