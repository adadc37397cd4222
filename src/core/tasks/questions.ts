/** "Why decline?", kept in the store so whichever replica gets the next line takes it, once. */
import { z } from 'zod';
import type { Logger } from '../../log.ts';
import type { QuestionStore } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import type { ChatActor } from '../identity.ts';
import { type Reply, warning } from '../reply.ts';
import { MAX_REFS } from './commands.ts';

/** Long enough to think of a reason; short enough that a forgotten question goes stale. */
export const ANSWER_WITHIN_MS = 15 * 60_000;

const Question = z.object({
  kind: z.literal('declineReason'),
  taskIds: z.array(z.string().min(1)).min(1).max(MAX_REFS),
});
type Question = z.infer<typeof Question>;

export interface QuestionDeps {
  store: QuestionStore;
  now: () => Date;
  log: Logger;
}

type Asked = Pick<ChatActor, 'platform' | 'chatUserId'>;

/** Where the next line is heard. */
export async function askReasonNext(
  deps: QuestionDeps,
  who: Asked,
  v: Voice,
  taskIds: string[],
): Promise<Reply> {
  await keep(deps, who, { kind: 'declineReason', taskIds });
  return warning(v, v.t('refs.askReasonNext'), { title: v.t('refs.askReasonTitle') });
}

export async function keep(deps: QuestionDeps, who: Asked, question: Question): Promise<void> {
  const until = new Date(deps.now().getTime() + ANSWER_WITHIN_MS);
  await deps.store.askQuestion(who.platform, who.chatUserId, question, until);
}

/** Taken, so no other line answers it again. */
export async function take(deps: QuestionDeps, who: Asked): Promise<Question | undefined> {
  const taken = await deps.store.takeQuestion(who.platform, who.chatUserId, deps.now());
  if (!taken) return undefined;
  const question = Question.safeParse(taken);
  if (!question.success) deps.log.warn('dropped a stored question of an unknown shape');
  return question.data;
}
