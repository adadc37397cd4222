/**
 * Submitting the `request` form: the core reads the chosen app and level again (a form is only a
 * client's word) and either makes the request or sends the form back with a note saying what to
 * fix.
 */
import { z } from 'zod';
import { MAX_REASON_LENGTH } from '../../src/core/commands.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import type { Reply } from '../../src/core/reply.ts';
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
  const form = Submitted.safeParse(data);
  if (!form.success) {
    return again(deps, actor, {
      note: `The justification can be at most ${MAX_REASON_LENGTH} characters.`,
    });
  }
  const level = form.data[FormInputs.level];
  const outcome = await deps.bot.submitRequestForm(actor, {
    appId: form.data[FormInputs.workApp],
    // "The app's default level": the core asks again when the app has several.
    levelId: level && level !== DEFAULT_LEVEL ? level : undefined,
    justification: form.data[FormInputs.justification] || undefined,
  });
  if (outcome.kind === 'done') return { done: outcome.reply };
  return again(deps, actor, outcome);
}

async function again(deps: TeamsDeps, actor: ChatActor, state: FormState): Promise<SubmitOutcome> {
  const form = await requestFormCard(deps.bot, actor, state);
  return form.ok ? { again: form.value } : { done: form.reply };
}
