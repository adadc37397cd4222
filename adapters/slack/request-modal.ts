/**
 * The access request form: a type-ahead application picker (options come from the service as
 * the person types), then, once an application is picked, its permission levels, and a
 * justification. The level block's id carries the application's id, so picking another
 * application starts the level choice afresh.
 */
import type { types } from '@slack/bolt';
import type { Choice } from '../../src/core/choices.ts';
import { MAX_REASON_LENGTH } from '../../src/core/commands.ts';
import { inert } from '../../src/core/text.ts';
import { actionIds, callbackIds, type RequestMetadata } from './ids.ts';
import { cut, limits, plain } from './limits.ts';
import type { SelectedOption } from './payloads.ts';
import { note } from './render.ts';

export const requestBlocks = {
  app: 'app',
  why: 'why',
  level: (appId: string) => `level:${appId}`,
} as const;

/** The option shown when the service does not answer in time; picking it explains why. */
export const UNAVAILABLE = 'unavailable';

export type LevelChoice = { kind: 'levels'; levels: Choice[] } | { kind: 'message'; text: string };

export interface Chosen {
  app: SelectedOption;
  levels: LevelChoice;
  justification?: string;
}

export function option(
  value: string,
  text: string,
  description?: string | null,
): types.PlainTextOption {
  return {
    text: plain(text, limits.optionText),
    value,
    ...(description ? { description: plain(description, limits.optionText) } : {}),
  };
}

export const appOption = (app: Choice) => option(app.id, app.name, app.description);

export const unavailableOption = () =>
  option(UNAVAILABLE, 'The Access Service is not answering; try again shortly');

/** Offered while accessbot turns work away; picking it picks nothing. */
export const busyOption = () => option(UNAVAILABLE, "I'm busy right now; type again in a moment");

function levelBlocks(chosen: Chosen): types.KnownBlock[] {
  const { levels } = chosen;
  if (levels.kind === 'message') return [note(levels.text)];
  if (!levels.levels.length) {
    return [
      note(
        `${inert(chosen.app.text.text)} has no permission levels: you request the application itself.`,
      ),
    ];
  }
  const shown = levels.levels.slice(0, limits.options);
  const blocks: types.KnownBlock[] = [
    {
      type: 'input',
      block_id: requestBlocks.level(chosen.app.value),
      label: plain('Permission level', limits.inputLabel),
      element: {
        type: 'static_select',
        action_id: actionIds.requestLevel,
        placeholder: plain('Choose a level', limits.placeholder),
        options: shown.map((l) => option(l.id, l.name, l.description)),
      },
    },
  ];
  const more = levels.levels.length - shown.length;
  if (more > 0) blocks.push(note(`…and ${more} more levels not listed: use the one-line command.`));
  return blocks;
}

export function requestModal(meta: RequestMetadata, chosen?: Chosen): types.ModalView {
  const initial = chosen && chosen.app.value !== UNAVAILABLE ? chosen.app : undefined;
  return {
    type: 'modal',
    callback_id: callbackIds.request,
    title: plain('Request access', limits.modalTitle),
    submit: plain('Request', limits.modalButton),
    close: plain('Cancel', limits.modalButton),
    private_metadata: JSON.stringify(meta),
    blocks: [
      {
        type: 'input',
        block_id: requestBlocks.app,
        dispatch_action: true,
        label: plain('Application', limits.inputLabel),
        element: {
          type: 'external_select',
          action_id: actionIds.requestApp,
          min_query_length: 0,
          placeholder: plain('Type to search the applications', limits.placeholder),
          ...(initial ? { initial_option: option(initial.value, initial.text.text) } : {}),
        },
      },
      ...(chosen ? levelBlocks(chosen) : []),
      {
        type: 'input',
        block_id: requestBlocks.why,
        optional: true,
        label: plain('Justification', limits.inputLabel),
        element: {
          type: 'plain_text_input',
          action_id: actionIds.requestWhy,
          multiline: true,
          max_length: MAX_REASON_LENGTH,
          placeholder: plain(
            'Why do you need it? Your approvers will read this.',
            limits.placeholder,
          ),
          ...(chosen?.justification
            ? { initial_value: cut(chosen.justification, MAX_REASON_LENGTH) }
            : {}),
        },
      },
    ],
  };
}
