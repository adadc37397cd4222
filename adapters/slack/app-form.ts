/**
 * A form of an application's card as a Slack modal: each choice a select (grouped where the core
 * groups its options: a policy under its request type), each text an input; the values come back
 * by the core's own input ids.
 */
import type { types } from '@slack/bolt';
import type { Form, FormChoice, FormInput } from '../../src/core/reply.ts';
import { limits, plain } from './limits.ts';
import { type AppFormMetadata, callbackIds, type ViewState } from './payloads.ts';

const option = (c: FormChoice): types.PlainTextOption => ({
  text: plain(c.label, limits.optionText),
  value: c.value.slice(0, limits.optionValue),
});

/** Options grouped under their `group`, or flat when none has one. */
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

export function appFormModal(form: Form, meta: AppFormMetadata, close: string): types.ModalView {
  return {
    type: 'modal',
    callback_id: callbackIds.appForm,
    title: plain(form.title, limits.modalTitle),
    submit: plain(form.submit, limits.modalButton),
    close: plain(close, limits.modalButton),
    private_metadata: JSON.stringify(meta),
    blocks: form.inputs.map(inputBlock),
  };
}

/** What the form sent back, by the core's input ids. */
export function formValues(state: ViewState): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [blockId, inputs] of Object.entries(state.values)) {
    const input = inputs[blockId];
    const value = input?.selected_option?.value ?? input?.value;
    if (typeof value === 'string') values[blockId] = value;
  }
  return values;
}
