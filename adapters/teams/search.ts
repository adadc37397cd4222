/**
 * `application/search`: the type-ahead of the request form. `workApps` searches the service's
 * WorkApps by name and description; `permissionLevels` lists the levels of the app chosen in the
 * same form (Teams sends the form's inputs along as `data`).
 */
import { z } from 'zod';
import type { Answer } from '../../src/core/bot.ts';
import type { Choice } from '../../src/core/choices.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import { errorResponse } from './activity.ts';
import type { InvokeBody, TeamsDeps } from './deps.ts';
import { Datasets, FormInputs, MAX_CHOICES } from './request-form.ts';

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

interface Result {
  title: string;
  value: string;
}

export async function onSearch(
  deps: TeamsDeps,
  actor: ChatActor,
  value: unknown,
): Promise<InvokeBody> {
  const query = SearchValue.safeParse(value);
  if (!query.success) return errorResponse(400, 'BadRequest', 'Not a search I understand.');
  const { dataset, queryText, queryOptions, data } = query.data;
  const end = queryOptions.skip + queryOptions.top;
  let found: Answer<Choice[]>;
  switch (dataset) {
    case Datasets.workApps:
      found = await deps.bot.searchApps(actor, queryText, end);
      break;
    case Datasets.permissionLevels: {
      const appId = z.string().min(1).max(200).safeParse(data[FormInputs.workApp]);
      // No app chosen yet: nothing to offer, and the form explains what to do first.
      if (!appId.success) return results([]);
      found = await deps.bot.permissionLevels(actor, appId.data, queryText);
      break;
    }
    default:
      return errorResponse(400, 'BadRequest', `Unknown dataset "${dataset.slice(0, 30)}".`);
  }
  if (!found.ok) return errorResponse(503, 'ServiceUnavailable', found.reply.summary);
  const choices = found.value.map((c) => ({ title: c.name, value: c.id }));
  return results(choices.slice(queryOptions.skip, end));
}

const results = (choices: Result[]): InvokeBody => ({
  statusCode: 200,
  type: 'application/vnd.microsoft.search.searchResponse',
  value: { results: choices },
});
