/**
 * The neutral reply model: everything the core says, in a shape each adapter renders its own way
 * (Block Kit, an Adaptive Card, terminal text). No platform markup lives here.
 */
import { z } from 'zod';
import type { Voice } from './i18n/voice.ts';
import { inert } from './text.ts';

export const Field = z.object({ label: z.string(), value: z.string() });
export type Field = z.infer<typeof Field>;

export const ButtonAction = z.enum([
  'approve',
  'decline',
  'approveAll',
  /** Carry out, or drop, a pending group membership change; the value is its id. */
  'confirmChange',
  'cancelChange',
  /** Show the task's other approvers that this one is looking at it; the value is the task id. */
  'looking',
  /** Ask for access to an application: the request form with it chosen; the value is its id. */
  'requestApp',
  /** Set or clear one of an application's custom fields, in its `form`; the value is its id. */
  'appField',
  /** Choose the policy of a request type, in its `form`; the value is the application's id. */
  'appPolicy',
  /** Mark an application sensitive, or not: the value is `<id>:yes` or `<id>:no`. */
  'appMark',
  /** Ask the task's requester a question (a form takes it); the value is the task id. */
  'ask',
  /** Answer an approver's question (a form takes it); the value is the question's id. */
  'answer',
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

/** What a button asks for before it acts (a field's new value, a policy): decided in the core. */
export const Form = z.object({
  title: z.string(),
  submit: z.string(),
  inputs: z.array(FormInput).min(1),
});
export type Form = z.infer<typeof Form>;

export const Button = z.object({
  label: z.string(),
  action: ButtonAction,
  /** A task id, for `approveAll` the listed task ids joined by commas, or a change's id. */
  value: z.string(),
  style: z.enum(['primary', 'danger']).optional(),
  /**
   * What a screen reader says for the button: the action and what it acts on ("Approve GitHub
   * (Write) for Grace Hopper"), where the label alone would not say it.
   */
  spoken: z.string().optional(),
  /** On the Approve of a sensitive application's confirmation: the code it confirms with. */
  confirmation: z.string().optional(),
  /**
   * The form the button opens: shown inside the card where a platform can (Teams); elsewhere the
   * platform asks the core for it when the button is clicked (a Slack modal).
   */
  form: Form.optional(),
});
export type Button = z.infer<typeof Button>;

export const TaskState = z.enum(['pending', 'approved', 'declined', 'gone', 'other']);
export type TaskState = z.infer<typeof TaskState>;

/** What a task message shows; decided once here, rendered by each adapter. */
export const TaskCard = z.object({
  taskId: z.string(),
  /** Position in the last `tasks` list, for `approve 2`. */
  number: z.number().int().positive().optional(),
  title: z.string(),
  fields: z.array(Field),
  /** A warning the approver must see before deciding (a sensitive application). */
  warning: z.string().optional(),
  /** What the approver sees beside what is asked (what the person has, how long it waited…). */
  context: z.array(Field).optional(),
  state: TaskState,
  /** Another approver is looking at the task: who, since when (in the viewer's time zone). */
  looking: z.string().optional(),
  /** While it waits: the questions asked of its requester and their answers, approvers away. */
  notes: z.array(z.string()).optional(),
  /** The outcome line once decided: who, what, when, why. */
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
]);
export type Block = z.infer<typeof Block>;

export const Reply = z.object({
  /** `channel`: everyone in the conversation sees it; `private`: only the asker. */
  visibility: z.enum(['private', 'channel']),
  tone: z.enum(['info', 'success', 'warning', 'error']),
  title: z.string().optional(),
  blocks: z.array(Block),
  /** A plain-text version, for notifications and fallbacks. */
  summary: z.string(),
  /**
   * Tasks whose new state the reply tells without showing their card (a summary of several
   * decisions), so a notifier that cannot edit what it showed does not tell it again.
   */
  reported: z.array(z.object({ taskId: z.string(), state: TaskState })).optional(),
  /** The BCP 47 tag of the language it is written in; a renderer's own words follow it. */
  locale: z.string().optional(),
});
export type Reply = z.infer<typeof Reply>;

type ReplyOptions = Partial<Pick<Reply, 'visibility' | 'title' | 'blocks'>>;

/** A reply in `v`'s language. */
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

/**
 * What a confirmation's Confirm or Cancel did (`stale`: nothing now), what the actor is told, and
 * what becomes of the card it came from.
 */
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

/** Keeps at most `max` items and counts the rest, so no platform limit is ever hit. */
export function listBlock(items: readonly string[], max: number): Block {
  return { kind: 'list', items: items.slice(0, max), more: Math.max(0, items.length - max) };
}

/** Lists longer than this are cut, with a count of what was left out. */
export const MAX_LIST = 50;

/** A name and, when it has one, its description, as a list shows it. */
export const described = (v: Voice, item: { name: string; description?: string | null }) =>
  item.description
    ? v.t('list.described', { name: inert(item.name), description: inert(item.description) })
    : inert(item.name);
