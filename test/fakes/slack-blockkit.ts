/**
 * Block Kit's documented limits as a zod schema (Slack publishes no validator): applied to every
 * message, view and response_url body the bot produced in a test. Written from Slack's reference
 * and `@slack/types`' comments, independently of the adapter's own constants, so a wrong
 * constant there is caught here.
 */
import { z } from 'zod';
import type { FakeSlack } from './slack-api.ts';

const text = (max: number) =>
  z.looseObject({ type: z.enum(['plain_text', 'mrkdwn']), text: z.string().min(1).max(max) });
const plainText = (max: number) =>
  z.looseObject({ type: z.literal('plain_text'), text: z.string().min(1).max(max) });
const actionId = z.string().max(255);
const blockId = z.string().max(255).optional();

const option = z.looseObject({
  text: plainText(75),
  value: z.string().max(150),
  description: plainText(75).optional(),
});

const confirm = z.looseObject({
  title: plainText(100),
  text: text(300),
  confirm: plainText(30),
  deny: plainText(30),
});

const button = z.looseObject({
  type: z.literal('button'),
  action_id: actionId,
  text: plainText(75),
  value: z.string().max(2000).optional(),
  /** What a screen reader says for the button. */
  accessibility_label: z.string().min(1).max(75).optional(),
  style: z.enum(['primary', 'danger']).optional(),
  confirm: confirm.optional(),
});

const select = z.looseObject({
  type: z.enum(['static_select', 'external_select']),
  action_id: actionId,
  placeholder: plainText(150).optional(),
  options: z.array(option).max(100).optional(),
  option_groups: z
    .array(z.looseObject({ label: plainText(75), options: z.array(option).max(100) }))
    .max(100)
    .optional(),
  initial_option: option.optional(),
});

const textInput = z.looseObject({
  type: z.literal('plain_text_input'),
  action_id: actionId,
  max_length: z.number().int().max(3000).optional(),
  initial_value: z.string().max(3000).optional(),
  placeholder: plainText(150).optional(),
});

const datepicker = z.looseObject({
  type: z.literal('datepicker'),
  action_id: actionId,
  initial_date: z.iso.date().optional(),
  placeholder: plainText(150).optional(),
});

const timepicker = z.looseObject({
  type: z.literal('timepicker'),
  action_id: actionId,
  initial_time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .optional(),
  placeholder: plainText(150).optional(),
});

export const SlackBlock = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('section'),
    block_id: blockId,
    text: text(3000).optional(),
    fields: z.array(text(2000)).max(10).optional(),
  }),
  z.looseObject({ type: z.literal('header'), block_id: blockId, text: plainText(150) }),
  z.looseObject({
    type: z.literal('context'),
    block_id: blockId,
    elements: z.array(text(3000)).min(1).max(10),
  }),
  z.looseObject({
    type: z.literal('actions'),
    block_id: blockId,
    elements: z
      .array(z.union([button, select, datepicker, timepicker]))
      .min(1)
      .max(25),
  }),
  z.looseObject({
    type: z.literal('input'),
    block_id: blockId,
    label: plainText(2000),
    element: z.union([select, textInput, datepicker]),
  }),
  z.looseObject({ type: z.literal('divider'), block_id: blockId }),
]);

/** Block ids are unique within one message or view. */
const uniqueBlockIds = (blocks: Array<{ block_id?: string | undefined }>) => {
  const ids = blocks.flatMap((b) => (b.block_id ? [b.block_id] : []));
  return new Set(ids).size === ids.length;
};

export const SlackMessage = z.looseObject({
  text: z.string().min(1).max(40_000),
  blocks: z.array(SlackBlock).max(50).refine(uniqueBlockIds, 'duplicate block_id').optional(),
});

export const SlackView = z.looseObject({
  type: z.enum(['modal', 'home']),
  title: plainText(24).optional(),
  submit: plainText(24).optional(),
  close: plainText(24).optional(),
  callback_id: z.string().max(255).optional(),
  private_metadata: z.string().max(3000).optional(),
  blocks: z.array(SlackBlock).max(100).refine(uniqueBlockIds, 'duplicate block_id'),
});

export const OptionsAnswer = z.object({ options: z.array(option).max(100) });

const messageMethods = new Set(['chat.postMessage', 'chat.update', 'chat.postEphemeral']);
const viewMethods = new Set(['views.open', 'views.push', 'views.update', 'views.publish']);

/**
 * Every payload the bot sent to the fake, checked against the limits; returns how many were
 * checked (so a test can tell it checked something) and throws with the offending payload.
 */
export function checkAllPayloads(fake: FakeSlack): number {
  let checked = 0;
  const check = (schema: z.ZodType, payload: unknown, where: string) => {
    const result = schema.safeParse(payload);
    if (!result.success) {
      throw new Error(
        `${where} breaks Block Kit limits: ${z.prettifyError(result.error)}\n${JSON.stringify(payload).slice(0, 2000)}`,
      );
    }
    checked++;
  };
  for (const call of fake.calls) {
    if (messageMethods.has(call.method)) check(SlackMessage, call.args, call.method);
    if (viewMethods.has(call.method)) check(SlackView, call.args.view, call.method);
  }
  for (const r of fake.responded) check(SlackMessage, r.body, `response_url ${r.path}`);
  return checked;
}
