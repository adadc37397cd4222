/**
 * The form a sensitive application's Approve opens: the core's question, which names the
 * application, the level and the person; submitting it approves with the confirmation's code.
 */
import type { types } from '@slack/bolt';
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { Confirmation } from '../../src/core/tasks/approval-question.ts';
import { limits, mrkdwnText, plain } from './limits.ts';
import { type ApproveMetadata, callbackIds, type Origin } from './payloads.ts';
import { sectionOf } from './render.ts';

/** Our own emoji, outside the question: the question's text is made inert, emoji codes too. */
const WARNING = ':warning: ';

export function approveModal(v: Voice, confirm: Confirmation, origin: Origin): types.ModalView {
  const meta: ApproveMetadata = { taskId: confirm.taskId, code: confirm.code, origin };
  return {
    type: 'modal',
    callback_id: callbackIds.approve,
    title: plain(v.t('slack.approveTitle'), limits.modalTitle),
    submit: plain(v.t('button.approve'), limits.modalButton),
    close: plain(v.t('slack.cancel'), limits.modalButton),
    // A response_url is well under 300 characters, so this stays far below the 3000 limit.
    private_metadata: JSON.stringify(meta),
    blocks: [
      sectionOf(WARNING + mrkdwnText(confirm.question, limits.sectionText - WARNING.length)),
    ],
  };
}
