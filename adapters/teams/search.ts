/**
 * `application/search`: the type-ahead of the request form. `workApps` searches the service's
 * WorkApps by name and description; `permissionLevels` lists the levels of the app chosen in the
 * same form (Teams sends the form's inputs along as `data`).
 */
import { z } from 'zod';
import { appMatches } from '../../src/core/directory.ts';
import { normalize } from '../../src/core/match.ts';
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

interface Choice {
  title: string;
  value: string;
}

export async function onSearch(deps: TeamsDeps, value: unknown): Promise<InvokeBody> {
  const query = SearchValue.safeParse(value);
  if (!query.success) return errorResponse(400, 'BadRequest', 'Not a search I understand.');
  const { dataset, queryText, queryOptions, data } = query.data;
  let choices: Choice[];
  switch (dataset) {
    case Datasets.workApps:
      choices = (await Array.fromAsync(deps.client.listWorkApps()))
        .filter((app) => !queryText || appMatches(app, queryText))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((app) => ({ title: app.name, value: app.id }));
      break;
    case Datasets.permissionLevels: {
      const appId = z.string().min(1).max(200).safeParse(data[FormInputs.workApp]);
      // No app chosen yet: nothing to offer, and the form explains what to do first.
      if (!appId.success) return results([]);
      const q = normalize(queryText);
      choices = (await Array.fromAsync(deps.client.listPermissionLevels(appId.data)))
        .filter((level) => !q || normalize(level.name).includes(q))
        .map((level) => ({ title: level.name, value: level.id }));
      break;
    }
    default:
      return errorResponse(400, 'BadRequest', `Unknown dataset "${dataset.slice(0, 30)}".`);
  }
  return results(choices.slice(queryOptions.skip, queryOptions.skip + queryOptions.top));
}

const results = (choices: Choice[]): InvokeBody => ({
  statusCode: 200,
  type: 'application/vnd.microsoft.search.searchResponse',
  value: { results: choices },
});
