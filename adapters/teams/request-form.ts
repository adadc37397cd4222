/**
 * The `request` form: a WorkApp picker with type-ahead answered by our `application/search`, its
 * levels, a justification, and whom it is for (empty: the person filing it). Static choices too:
 * clients without type-ahead still work, and the card schema wants at least one.
 */

import type { Choice } from '../../src/core/apps/choices.ts';
import type { AccessBot } from '../../src/core/bot.ts';
import { MAX_REASON_LENGTH } from '../../src/core/grammar.ts';
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import { MAX_PERSON_LENGTH } from '../../src/core/person-ref.ts';
import type { Answer } from '../../src/core/reply.ts';
import type { FormOutcome } from '../../src/core/requests/request.ts';
import { FormInputs, Verbs } from './payloads.ts';
import { CARD_VERSION, type CardJson } from './render.ts';
import { richTextOf } from './rich-text.ts';

export const Datasets = { workApps: 'workApps', permissionLevels: 'permissionLevels' } as const;
/** The level choice meaning "the app's only level, or none": the form then asks again if needed. */
export const DEFAULT_LEVEL = 'default';
/** Teams shows at most 15 choices in a type-ahead list. */
export const MAX_CHOICES = 15;

export type FormState = Partial<Omit<Extract<FormOutcome, { kind: 'again' }>, 'kind'>>;

export async function requestFormCard(
  bot: AccessBot,
  actor: ChatActor,
  state: FormState = {},
): Promise<Answer<CardJson>> {
  const v = bot.voiceOf(actor);
  if (state.app) return { ok: true, value: formCard(v, [state.app], state) };
  const apps = await bot.requests.searchApps(actor, '', MAX_CHOICES);
  return apps.ok ? { ok: true, value: formCard(v, apps.value, state) } : apps;
}

function formCard(v: Voice, apps: readonly Choice[], state: FormState): CardJson {
  const levelChoices = state.levels?.length
    ? state.levels.slice(0, MAX_CHOICES).map((l) => ({ title: l.name, value: l.id }))
    : [{ title: v.t('teams.defaultLevel'), value: DEFAULT_LEVEL }];
  const title = v.t('slack.requestTitle');
  const body: CardJson[] = [
    { type: 'TextBlock', text: title, weight: 'Bolder', size: 'Medium', wrap: true },
  ];
  if (state.note) body.push(richTextOf(state.note, { color: 'warning' }));
  body.push(
    {
      type: 'Input.ChoiceSet',
      id: FormInputs.workApp,
      label: v.t('card.field.application'),
      placeholder: v.t('slack.searchApps'),
      style: 'filtered',
      isRequired: true,
      errorMessage: v.t('teams.chooseApp'),
      choices: apps.map((a) => ({ title: a.name, value: a.id })),
      'choices.data': { type: 'Data.Query', dataset: Datasets.workApps },
      ...(state.app ? { value: state.app.id } : {}),
    },
    {
      type: 'Input.ChoiceSet',
      id: FormInputs.level,
      label: v.t('card.field.level'),
      style: 'filtered',
      choices: levelChoices,
      'choices.data': {
        type: 'Data.Query',
        dataset: Datasets.permissionLevels,
        associatedInputs: 'auto',
      },
      value: levelChoices[0]!.value,
    },
    {
      type: 'Input.Text',
      id: FormInputs.justification,
      label: v.t('card.field.justification'),
      placeholder: v.t('teams.whyPlaceholder'),
      isMultiline: true,
      maxLength: MAX_REASON_LENGTH,
      ...(state.justification ? { value: state.justification } : {}),
    },
    {
      type: 'Input.Text',
      id: FormInputs.for,
      label: v.t('slack.requestFor'),
      placeholder: v.t('slack.requestForPlaceholder'),
      maxLength: MAX_PERSON_LENGTH,
      ...(state.for ? { value: state.for } : {}),
    },
  );
  return {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: CARD_VERSION,
    fallbackText: v.t('teams.formSummary'),
    speak: v.t('teams.formSummary'),
    body,
    actions: [
      { type: 'Action.Execute', title, verb: Verbs.request, style: 'positive' },
      // The application chosen above goes along with the form's other inputs.
      { type: 'Action.Execute', title: v.t('app.about'), verb: Verbs.appCard },
    ],
  };
}
