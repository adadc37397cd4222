/** The form Decline opens: an optional reason, and where the decision came from. */
import type { types } from '@slack/bolt';
import { MAX_REASON_LENGTH } from '../../src/core/grammar.ts';
import type { Voice } from '../../src/core/i18n/voice.ts';
import { limits, plain } from './limits.ts';
import { actionIds, callbackIds, type DeclineMetadata } from './payloads.ts';
import { section } from './render.ts';

export const reasonBlock = 'reason';

export function declineModal(v: Voice, meta: DeclineMetadata): types.ModalView {
  return {
    type: 'modal',
    callback_id: callbackIds.decline,
    title: plain(v.t('slack.declineTitle'), limits.modalTitle),
    submit: plain(v.t('button.decline'), limits.modalButton),
    close: plain(v.t('slack.cancel'), limits.modalButton),
    // A response_url is well under 300 characters, so this stays far below the 3000 limit.
    private_metadata: JSON.stringify(meta),
    blocks: [
      section(v.t('slack.declineText', { id: meta.taskId })),
      {
        type: 'input',
        block_id: reasonBlock,
        optional: true,
        label: plain(v.t('slack.reasonLabel'), limits.inputLabel),
        element: {
          type: 'plain_text_input',
          action_id: actionIds.declineReason,
          multiline: true,
          max_length: MAX_REASON_LENGTH,
          placeholder: plain(v.t('slack.reasonPlaceholder'), limits.placeholder),
        },
      },
    ],
  };
}
