/**
 * The request form's type-ahead (`application/search`) and submission: the core reads the chosen
 * app and level again (a form is only a client's word), and a problem sends the form back.
 */
import { z } from 'zod';
import type { Choice } from '../../src/core/apps/choices.ts';
import { MAX_REASON_LENGTH } from '../../src/core/grammar.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import { MAX_PERSON_LENGTH } from '../../src/core/person-ref.ts';
import type { Answer, Reply } from '../../src/core/reply.ts';
import { inert } from '../../src/core/text.ts';
import { errorResponse } from './activity.ts';
import type { InvokeBody, TeamsContext } from './context.ts';
import { FormInputs } from './payloads.ts';
import type { CardJson } from './render.ts';
import {
  Datasets,
  DEFAULT_LEVEL,
  type FormState,
  MAX_CHOICES,
  requestFormCard,
} from './request-form.ts';

const Submitted = z.object({
  [FormInputs.workApp]: z.string().trim().min(1).max(200).optional(),
  [FormInputs.level]: z.string().trim().max(200).optional(),
  [FormInputs.justification]: z.string().trim().max(MAX_REASON_LENGTH).optional(),
  [FormInputs.for]: z.string().trim().max(MAX_PERSON_LENGTH).optional(),
});

type SubmitOutcome = { done: Reply } | { again: CardJson };

export async function submitRequestForm(
  deps: TeamsContext,
  actor: ChatActor,
  data: Record<string, unknown>,
): Promise<SubmitOutcome> {
  const form = Submitted.safeParse(data);
  if (!form.success) {
    const v = deps.bot.voiceOf(actor);
    return again(deps, actor, {
      note: v.t('teams.justificationTooLong', { max: MAX_REASON_LENGTH }),
    });
  }
  const level = form.data[FormInputs.level];
  const outcome = await deps.bot.requests.submit(actor, {
    appId: form.data[FormInputs.workApp],
    // "The app's default level": the core asks again when the app has several.
    levelId: level && level !== DEFAULT_LEVEL ? level : undefined,
    justification: form.data[FormInputs.justification] || undefined,
    for: form.data[FormInputs.for] || undefined,
  });
  if (outcome.kind === 'done') return { done: outcome.reply };
  return again(deps, actor, outcome);
}

async function again(
  deps: TeamsContext,
  actor: ChatActor,
  state: FormState,
): Promise<SubmitOutcome> {
  const form = await requestFormCard(deps.bot, actor, state);
  return form.ok ? { again: form.value } : { done: form.reply };
}

const SearchValue = z.object({
  dataset: z.string().max(100),
  queryText: z.string().max(200).default(''),
  queryOptions: z
    .object({
      skip: z.number().int().min(0).max(10_000).default(0),
      top: z.number().int().min(1).max(MAX_CHOICES).default(MAX_CHOICES),
    })
    .default({ skip: 0, top: MAX_CHOICES }),
  data: z.record(z.string(), z.unknown()).default({}),
});

export async function onSearch(
  deps: TeamsContext,
  actor: ChatActor,
  value: unknown,
): Promise<InvokeBody> {
  const v = deps.bot.voiceOf(actor);
  const query = SearchValue.safeParse(value);
  if (!query.success) return errorResponse(400, 'BadRequest', v.t('teams.badSearch'));
  const { dataset, queryText, queryOptions, data } = query.data;
  const end = queryOptions.skip + queryOptions.top;
  let found: Answer<Choice[]>;
  switch (dataset) {
    case Datasets.workApps:
      found = await deps.bot.requests.searchApps(actor, queryText, end);
      break;
    case Datasets.permissionLevels: {
      const appId = z.string().min(1).max(200).safeParse(data[FormInputs.workApp]);
      // No app chosen yet: nothing to offer, and the form explains what to do first.
      if (!appId.success) return results([]);
      found = await deps.bot.requests.levels(actor, appId.data, queryText);
      break;
    }
    default:
      return errorResponse(
        400,
        'BadRequest',
        v.t('teams.badDataset', { dataset: inert(dataset, 30) }),
      );
  }
  if (!found.ok) return errorResponse(503, 'ServiceUnavailable', found.reply.summary);
  const choices = found.value.map((c) => ({ title: c.name, value: c.id }));
  return results(choices.slice(queryOptions.skip, end));
}

const results = (choices: { title: string; value: string }[]): InvokeBody => ({
  statusCode: 200,
  type: 'application/vnd.microsoft.search.searchResponse',
  value: { results: choices },
});
