/**
 * The access request form. The level block's id carries the application's id, so picking another
 * application starts the level choice afresh.
 */
import type { types } from '@slack/bolt';
import type { Choice } from '../../src/core/apps/choices.ts';
import { MAX_REASON_LENGTH } from '../../src/core/grammar.ts';
import type { Voice } from '../../src/core/i18n/voice.ts';
import { MAX_PERSON_LENGTH } from '../../src/core/person-ref.ts';
import { inert } from '../../src/core/text.ts';
import { modal, textInput } from './modals.ts';
import type { SelectedOption } from './payloads.ts';
import { actionIds, callbackIds, type RequestMetadata } from './payloads.ts';
import { note } from './render.ts';
import { cut, limits, plain } from './rich-text.ts';

export const requestBlocks = {
  app: 'app',
  why: 'why',
  for: 'for',
  about: 'about',
  level: (appId: string) => `level:${appId}`,
} as const;

/** The option shown when the service does not answer in time; picking it explains why. */
export const UNAVAILABLE = 'unavailable';

export type LevelChoice = { kind: 'levels'; levels: Choice[] } | { kind: 'message'; text: string };

interface Chosen {
  app: SelectedOption;
  levels: LevelChoice;
  justification?: string;
  for?: string;
}

function option(value: string, text: string, description?: string | null): types.PlainTextOption {
  return {
    text: plain(text, limits.optionText),
    value,
    ...(description ? { description: plain(description, limits.optionText) } : {}),
  };
}

export const appOption = (app: Choice) => option(app.id, app.name, app.description);

export const unavailableOption = (v: Voice) => option(UNAVAILABLE, v.t('slack.unavailableOption'));

/** Offered while accessbot turns work away; picking it picks nothing. */
export const busyOption = (v: Voice) => option(UNAVAILABLE, v.t('slack.busyOption'));

function levelBlocks(v: Voice, chosen: Chosen): types.KnownBlock[] {
  const { levels } = chosen;
  if (levels.kind === 'message') return [note(levels.text)];
  if (!levels.levels.length) {
    return [note(v.t('slack.noLevels', { app: inert(chosen.app.text.text) }))];
  }
  const shown = levels.levels.slice(0, limits.options);
  const blocks: types.KnownBlock[] = [
    {
      type: 'input',
      block_id: requestBlocks.level(chosen.app.value),
      label: plain(v.t('card.field.level'), limits.inputLabel),
      element: {
        type: 'static_select',
        action_id: actionIds.requestLevel,
        placeholder: plain(v.t('slack.chooseLevel'), limits.placeholder),
        options: shown.map((l) => option(l.id, l.name, l.description)),
      },
    },
  ];
  const more = levels.levels.length - shown.length;
  if (more > 0) blocks.push(note(v.t('slack.moreLevels', { count: more })));
  return blocks;
}

/** "About this application": the chosen application's card, over the form. */
function aboutBlock(v: Voice, appId: string): types.KnownBlock {
  return {
    type: 'actions',
    block_id: requestBlocks.about,
    elements: [
      {
        type: 'button',
        action_id: actionIds.appCard,
        text: plain(v.t('app.about'), limits.buttonText),
        value: appId.slice(0, limits.buttonValue),
      },
    ],
  };
}

export function requestModal(v: Voice, meta: RequestMetadata, chosen?: Chosen): types.ModalView {
  const initial = chosen && chosen.app.value !== UNAVAILABLE ? chosen.app : undefined;
  return modal(
    v,
    callbackIds.request,
    v.t('slack.requestTitle'),
    v.t('slack.requestSubmit'),
    meta,
    [
      {
        type: 'input',
        block_id: requestBlocks.app,
        dispatch_action: true,
        label: plain(v.t('card.field.application'), limits.inputLabel),
        element: {
          type: 'external_select',
          action_id: actionIds.requestApp,
          min_query_length: 0,
          placeholder: plain(v.t('slack.searchApps'), limits.placeholder),
          ...(initial ? { initial_option: option(initial.value, initial.text.text) } : {}),
        },
      },
      ...(initial ? [aboutBlock(v, initial.value)] : []),
      ...(chosen ? levelBlocks(v, chosen) : []),
      textInput(
        requestBlocks.why,
        actionIds.requestWhy,
        v.t('card.field.justification'),
        MAX_REASON_LENGTH,
        {
          optional: true,
          placeholder: v.t('slack.whyPlaceholder'),
          initial: chosen?.justification && cut(chosen.justification, MAX_REASON_LENGTH),
        },
      ),
      textInput(
        requestBlocks.for,
        actionIds.requestFor,
        v.t('slack.requestFor'),
        MAX_PERSON_LENGTH,
        {
          optional: true,
          multiline: false,
          placeholder: v.t('slack.requestForPlaceholder'),
          initial: chosen?.for && cut(chosen.for, MAX_PERSON_LENGTH),
        },
      ),
    ],
  );
}
