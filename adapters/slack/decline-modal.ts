/** The form Decline opens: an optional reason, and where the decision came from. */
import type { types } from '@slack/bolt';
import { MAX_REASON_LENGTH } from '../../src/core/commands.ts';
import { actionIds, callbackIds, type DeclineMetadata } from './ids.ts';
import { limits, plain } from './limits.ts';
import { section } from './render.ts';

export const reasonBlock = 'reason';

export function declineModal(meta: DeclineMetadata): types.ModalView {
  return {
    type: 'modal',
    callback_id: callbackIds.decline,
    title: plain('Decline task', limits.modalTitle),
    submit: plain('Decline', limits.modalButton),
    close: plain('Cancel', limits.modalButton),
    // A response_url is well under 300 characters, so this stays far below the 3000 limit.
    private_metadata: JSON.stringify(meta),
    blocks: [
      section(`You are declining task \`${meta.taskId}\`. The reason is kept with the decision.`),
      {
        type: 'input',
        block_id: reasonBlock,
        optional: true,
        label: plain('Reason (optional)', limits.inputLabel),
        element: {
          type: 'plain_text_input',
          action_id: actionIds.declineReason,
          multiline: true,
          max_length: MAX_REASON_LENGTH,
          placeholder: plain('Why are you declining?', limits.placeholder),
        },
      },
    ],
  };
}
