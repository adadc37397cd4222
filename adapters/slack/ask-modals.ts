/**
 * The forms of questions and absences: Ask requester (the question), Answer (the answer, once),
 * and App Home's away switch (a day picked on a calendar and an optional note). Each carries in
 * its private metadata only what it is about and where it was opened.
 */
import type { types } from '@slack/bolt';
import { MAX_ANSWER_LENGTH, MAX_QUESTION_LENGTH } from '../../src/core/asks/commands.ts';
import { MAX_AWAY_NOTE_LENGTH } from '../../src/core/away/commands.ts';
import type { Voice } from '../../src/core/i18n/voice.ts';
import { limits, plain } from './limits.ts';
import { type AnswerMetadata, type AskMetadata, actionIds, callbackIds } from './payloads.ts';
import { section } from './render.ts';

/** The block ids of the forms' inputs. */
export const askBlocks = { question: 'question', answer: 'answer', day: 'day', note: 'note' };

function textInput(
  block: string,
  actionId: string,
  label: string,
  max: number,
  optional = false,
): types.KnownBlock {
  return {
    type: 'input',
    block_id: block,
    optional,
    label: plain(label, limits.inputLabel),
    element: { type: 'plain_text_input', action_id: actionId, multiline: true, max_length: max },
  };
}

function modal(
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
    // A response_url is well under 300 characters, so this stays far below the 3000 limit.
    private_metadata: JSON.stringify(meta),
    blocks,
  };
}

export const askModal = (v: Voice, meta: AskMetadata) =>
  modal(v, callbackIds.ask, v.t('slack.askTitle'), v.t('slack.askSubmit'), meta, [
    section(v.t('slack.askText', { id: meta.taskId.slice(0, 8) })),
    textInput(
      askBlocks.question,
      actionIds.askText,
      v.t('slack.questionLabel'),
      MAX_QUESTION_LENGTH,
    ),
  ]);

export const answerModal = (v: Voice, meta: AnswerMetadata) =>
  modal(v, callbackIds.answer, v.t('slack.answerTitle'), v.t('button.answer'), meta, [
    section(v.t('slack.answerText')),
    textInput(askBlocks.answer, actionIds.answerText, v.t('slack.answerLabel'), MAX_ANSWER_LENGTH),
  ]);

/** `tomorrow`: the first day the switch offers, `2026-11-23`, in the person's zone. */
export const awayModal = (v: Voice, tomorrow: string) =>
  modal(v, callbackIds.away, v.t('slack.awayTitle'), v.t('slack.awaySubmit'), {}, [
    section(v.t('slack.awayText')),
    {
      type: 'input',
      block_id: askBlocks.day,
      label: plain(v.t('slack.awayDayLabel'), limits.inputLabel),
      element: { type: 'datepicker', action_id: actionIds.awayDay, initial_date: tomorrow },
    },
    {
      type: 'input',
      block_id: askBlocks.note,
      optional: true,
      label: plain(v.t('slack.awayNoteLabel'), limits.inputLabel),
      element: {
        type: 'plain_text_input',
        action_id: actionIds.awayNote,
        max_length: MAX_AWAY_NOTE_LENGTH,
      },
    },
  ]);
