/**
 * The fields accessbot reads from Slack's request payloads, as zod schemas: Bolt checks the
 * signature, these check the shape, so a malformed payload is refused with a log line instead
 * of failing somewhere deeper.
 */
import { z } from 'zod';

export const SlashCommand = z.object({
  user_id: z.string().min(1),
  channel_id: z.string().optional(),
  text: z.string().default(''),
  response_url: z.url(),
  trigger_id: z.string().min(1),
});
export type SlashCommand = z.infer<typeof SlashCommand>;

/** A chosen option of a select: its value and the text it showed. */
export const SelectedOption = z.object({ value: z.string(), text: z.object({ text: z.string() }) });
export type SelectedOption = z.infer<typeof SelectedOption>;

const InputState = z.looseObject({
  value: z.string().nullish(),
  selected_option: SelectedOption.nullish(),
});
/** The inputs of a view, keyed by block id, then action id. */
const ViewState = z.object({ values: z.record(z.string(), z.record(z.string(), InputState)) });
export type ViewState = z.infer<typeof ViewState>;

/** A `block_actions` payload: a click or a select, in a message, App Home or a modal. */
export const Click = z.object({
  type: z.literal('block_actions'),
  user: z.object({ id: z.string().min(1) }),
  trigger_id: z.string().min(1),
  response_url: z.url().optional(),
  container: z.looseObject({
    type: z.string(),
    message_ts: z.string().optional(),
    channel_id: z.string().optional(),
    is_ephemeral: z.boolean().optional(),
  }),
  channel: z.object({ id: z.string() }).optional(),
  view: z
    .looseObject({
      id: z.string(),
      hash: z.string().optional(),
      type: z.string(),
      private_metadata: z.string().default(''),
      state: ViewState.optional(),
    })
    .optional(),
  actions: z
    .array(
      z.looseObject({
        action_id: z.string(),
        value: z.string().optional(),
        selected_option: SelectedOption.nullish(),
      }),
    )
    .min(1),
});
export type Click = z.infer<typeof Click>;

/** A `view_submission` payload. */
export const Submission = z.object({
  user: z.object({ id: z.string().min(1) }),
  view: z.looseObject({
    private_metadata: z.string().default(''),
    state: ViewState,
  }),
});
export type Submission = z.infer<typeof Submission>;

/** The state of one input of a view. */
export function inputOf(state: ViewState | undefined, blockId: string, actionId: string) {
  return state?.values[blockId]?.[actionId];
}

/** A `block_suggestion` payload: an external select asking for options. */
export const Suggestion = z.object({
  action_id: z.string(),
  user: z.object({ id: z.string() }),
  value: z.string().default(''),
});
