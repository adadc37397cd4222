/**
 * The Slack modals but the request form (request-form.ts). Each carries in its private metadata
 * only what it is about and where it was opened: far below the 3000-character limit.
 */
import type { types } from '@slack/bolt';
import { MAX_ANSWER_LENGTH, MAX_QUESTION_LENGTH } from '../../src/core/asks/commands.ts';
import { MAX_AWAY_NOTE_LENGTH } from '../../src/core/away/commands.ts';
import { MAX_REASON_LENGTH } from '../../src/core/grammar.ts';
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { Form, FormChoice, FormInput } from '../../src/core/reply.ts';
import type { Confirmation } from '../../src/core/tasks/approval-question.ts';
import {
  type AnswerMetadata,
  type AppFormMetadata,
  actionIds,
  callbackIds,
  type Origin,
  type TaskMetadata,
  type ViewState,
} from './payloads.ts';
import { section, sectionOf } from './render.ts';
import { limits, mrkdwnText, plain } from './rich-text.ts';

export const formBlocks = {
  reason: 'reason',
  question: 'question',
  answer: 'answer',
  day: 'day',
  note: 'note',
};

export function modal(
  v: Voice,
  callback: string,
  title: string,
  submit: string,
  meta: object,
  blocks: types.KnownBlock[],
): types.ModalView {
  return {
    type: 'modal',
    callback_id: callback,
    title: plain(title, limits.modalTitle),
    submit: plain(submit, limits.modalButton),
    close: plain(v.t('slack.cancel'), limits.modalButton),
    private_metadata: JSON.stringify(meta),
    blocks,
  };
}

export function textInput(
  block: string,
  actionId: string,
  label: string,
  max: number,
  more: { optional?: boolean; placeholder?: string; initial?: string; multiline?: boolean } = {},
): types.KnownBlock {
  return {
    type: 'input',
    block_id: block,
    optional: more.optional ?? false,
    label: plain(label, limits.inputLabel),
    element: {
      type: 'plain_text_input',
      action_id: actionId,
      multiline: more.multiline ?? true,
      max_length: max,
      ...(more.placeholder ? { placeholder: plain(more.placeholder, limits.placeholder) } : {}),
      ...(more.initial ? { initial_value: more.initial } : {}),
    },
  };
}

/** Our own emoji, outside the question: the question's text is made inert, emoji codes too. */
const WARNING = ':warning: ';

/** A sensitive approval's form: the core's question; submitting it approves with its code. */
export const approveModal = (v: Voice, confirm: Confirmation, origin: Origin) =>
  modal(
    v,
    callbackIds.approve,
    v.t('slack.approveTitle'),
    v.t('button.approve'),
    { taskId: confirm.taskId, code: confirm.code, origin },
    [sectionOf(WARNING + mrkdwnText(confirm.question, limits.sectionText - WARNING.length))],
  );

export const declineModal = (v: Voice, meta: TaskMetadata) =>
  modal(v, callbackIds.decline, v.t('slack.declineTitle'), v.t('button.decline'), meta, [
    section(v.t('slack.declineText', { id: meta.taskId })),
    textInput(
      formBlocks.reason,
      actionIds.declineReason,
      v.t('slack.reasonLabel'),
      MAX_REASON_LENGTH,
      {
        optional: true,
        placeholder: v.t('slack.reasonPlaceholder'),
      },
    ),
  ]);

export const askModal = (v: Voice, meta: TaskMetadata) =>
  modal(v, callbackIds.ask, v.t('slack.askTitle'), v.t('slack.askSubmit'), meta, [
    section(v.t('slack.askText', { id: meta.taskId.slice(0, 8) })),
    textInput(
      formBlocks.question,
      actionIds.askText,
      v.t('slack.questionLabel'),
      MAX_QUESTION_LENGTH,
    ),
  ]);

export const answerModal = (v: Voice, meta: AnswerMetadata) =>
  modal(v, callbackIds.answer, v.t('slack.answerTitle'), v.t('button.answer'), meta, [
    section(v.t('slack.answerText')),
    textInput(formBlocks.answer, actionIds.answerText, v.t('slack.answerLabel'), MAX_ANSWER_LENGTH),
  ]);

/** `tomorrow`: the first day the switch offers, `2026-11-23`, in the person's zone. */
export const awayModal = (v: Voice, tomorrow: string) =>
  modal(v, callbackIds.away, v.t('slack.awayTitle'), v.t('slack.awaySubmit'), {}, [
    section(v.t('slack.awayText')),
    {
      type: 'input',
      block_id: formBlocks.day,
      label: plain(v.t('slack.awayDayLabel'), limits.inputLabel),
      element: { type: 'datepicker', action_id: actionIds.awayDay, initial_date: tomorrow },
    },
    {
      type: 'input',
      block_id: formBlocks.note,
      optional: true,
      label: plain(v.t('slack.awayNoteLabel'), limits.inputLabel),
      element: {
        type: 'plain_text_input',
        action_id: actionIds.awayNote,
        max_length: MAX_AWAY_NOTE_LENGTH,
      },
    },
  ]);

const option = (c: FormChoice): types.PlainTextOption => ({
  text: plain(c.label, limits.optionText),
  value: c.value.slice(0, limits.optionValue),
});

/** Options grouped under their `group` (a policy under its request type), or flat when none has one. */
function options(choices: readonly FormChoice[]) {
  const shown = choices.slice(0, limits.options);
  if (!shown.some((c) => c.group)) return { options: shown.map(option) };
  const groups = Map.groupBy(shown, (c) => c.group ?? '');
  return {
    option_groups: [...groups].map(([label, list]) => ({
      label: plain(label || '…', limits.optionText),
      options: list.map(option),
    })),
  };
}

function inputBlock(input: FormInput): types.InputBlock {
  const label = plain(input.label, limits.inputLabel);
  if (input.kind === 'choice') {
    return {
      type: 'input',
      block_id: input.id,
      label,
      element: { type: 'static_select', action_id: input.id, ...options(input.choices) },
    };
  }
  return {
    type: 'input',
    block_id: input.id,
    label,
    optional: input.optional,
    element: {
      type: 'plain_text_input',
      action_id: input.id,
      max_length: input.maxLength,
      ...(input.placeholder ? { placeholder: plain(input.placeholder, limits.placeholder) } : {}),
    },
  };
}

/** A core form as a modal: its inputs by the core's ids (`formValues` reads them back). */
export const formModal = (v: Voice, callback: string, form: Form, meta: object) =>
  modal(v, callback, form.title, form.submit, meta, form.inputs.map(inputBlock));

export const appFormModal = (v: Voice, form: Form, meta: AppFormMetadata) =>
  formModal(v, callbackIds.appForm, form, meta);

/** By the core's input ids. */
export function formValues(state: ViewState): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [blockId, inputs] of Object.entries(state.values)) {
    const input = inputs[blockId];
    const value = input?.selected_option?.value ?? input?.value;
    if (typeof value === 'string') values[blockId] = value;
  }
  return values;
}
