/**
 * Submitting the `request` form: the chosen app and level are looked up again (a form is only a
 * client's word), the form comes back with a note when something is missing, and the request is
 * created by the same core function as the one-line `request` command.
 */
import { z } from 'zod';
import { NotFoundError } from '../../src/access/errors.ts';
import type { PermissionLevel, WorkApp } from '../../src/access/schemas.ts';
import { MAX_REASON_LENGTH } from '../../src/core/commands.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import type { Reply } from '../../src/core/reply.ts';
import { submitRequest } from '../../src/core/request.ts';
import type { TeamsDeps } from './deps.ts';
import type { CardJson } from './render.ts';
import { DEFAULT_LEVEL, FormInputs, type FormState, requestFormCard } from './request-form.ts';

const Submitted = z.object({
  [FormInputs.workApp]: z.string().trim().min(1).max(200).optional(),
  [FormInputs.level]: z.string().trim().max(200).optional(),
  [FormInputs.justification]: z.string().trim().max(MAX_REASON_LENGTH).optional(),
});

export type SubmitOutcome = { done: Reply } | { again: CardJson };

export async function submitRequestForm(
  deps: TeamsDeps,
  actor: ChatActor,
  data: Record<string, unknown>,
): Promise<SubmitOutcome> {
  const { client, bot } = deps;
  const form = Submitted.safeParse(data);
  if (!form.success) {
    return again(deps, {
      note: `The justification can be at most ${MAX_REASON_LENGTH} characters.`,
    });
  }
  const appId = form.data[FormInputs.workApp];
  const justification = form.data[FormInputs.justification] || undefined;
  if (!appId) return again(deps, { note: 'Choose an application.', justification });
  const link = await bot.identity.resolve(actor);
  const app = await findApp(deps, appId);
  if (!app)
    return again(deps, {
      note: 'That application no longer exists; choose another.',
      justification,
    });
  const levels = await Array.fromAsync(client.listPermissionLevels(app.id));
  const chosen = form.data[FormInputs.level];
  const level = pickLevel(levels, chosen);
  if (level === 'ask') {
    const note =
      chosen && chosen !== DEFAULT_LEVEL
        ? `${app.name} has no such permission level; choose one of its levels.`
        : `${app.name} has several permission levels; choose one.`;
    return again(deps, { app, levels, justification, note });
  }
  return { done: await submitRequest(client, link.accessUserId, app, level, justification) };
}

async function again(deps: TeamsDeps, state: FormState): Promise<SubmitOutcome> {
  return { again: await requestFormCard(deps.client, state) };
}

async function findApp(deps: TeamsDeps, appId: string): Promise<WorkApp | undefined> {
  try {
    return await deps.client.getWorkApp(appId);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** The level named by the form; the only level (or none) for "default"; `ask` otherwise. */
function pickLevel(
  levels: readonly PermissionLevel[],
  chosen: string | undefined,
): PermissionLevel | undefined | 'ask' {
  if (chosen && chosen !== DEFAULT_LEVEL) return levels.find((l) => l.id === chosen) ?? 'ask';
  return levels.length <= 1 ? levels[0] : 'ask';
}
