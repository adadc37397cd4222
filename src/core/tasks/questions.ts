/**
 * A question the bot asks in a conversation — the terminal, a Teams chat, where the next line a
 * person types reaches it — and takes the answer to: "Why decline?" after `decline 1` takes the
 * next line as the reason. A line that is a command still runs as one, and drops the question;
 * an empty line or `cancel` leaves it; a mistyped command (`aprove 2`) is not taken as the
 * reason, and the question waits on; unanswered, it is forgotten after ANSWER_WITHIN_MS. The
 * question is kept in the store, so whichever replica gets the answer takes it, once.
 */
import { z } from 'zod';
import type { Logger } from '../../log.ts';
import type { Platform, QuestionStore } from '../../store/store.ts';
import { type Command, type CommandName, isMistypedCommand, parseCommand } from '../commands.ts';
import { MAX_REASON_LENGTH } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';
import { info, type Reply, warning } from '../reply.ts';
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

/** Who is asked: a person on one platform. */
interface Asked {
  platform: Platform;
  chatUserId: string;
}

/** What a typed line comes to, for the platform: a command to run, an answer, or nothing. */
export type Line =
  | { kind: 'command'; command: Command }
  /** `answered`: the command the line completed, when it answered a question. */
  | { kind: 'reply'; reply: Reply; answered?: CommandName }
  /** An empty line, with no question waiting. */
  | { kind: 'nothing' };

/** What a line is before the bot acts: a Line, or the answer to "Why decline?". */
export type Read = Line | { kind: 'decline'; taskIds: string[]; reason?: string };

/** `decline 1` typed where the next line is heard: asks why, and waits for the answer. */
export async function askReasonNext(
  deps: QuestionDeps,
  who: Asked,
  v: Voice,
  taskIds: string[],
): Promise<Reply> {
  await keep(deps, who, { kind: 'declineReason', taskIds });
  return warning(v, v.t('refs.askReasonNext'), { title: v.t('refs.askReasonTitle') });
}

/** One typed line: the answer to the question waiting for the person, or a command. */
export async function readLine(
  deps: QuestionDeps,
  who: Asked,
  v: Voice,
  text: string,
): Promise<Read> {
  const said = text.replace(/\s+/g, ' ').trim();
  const question = await take(deps, who);
  if (question && (!said || /^cancel$/i.test(said))) {
    return { kind: 'reply', reply: info(v, v.t('refs.reasonLeft')) };
  }
  if (!said) return { kind: 'nothing' };
  const parsed = parseCommand(said, v);
  if (parsed.ok) return { kind: 'command', command: parsed.command };
  if (!question) return { kind: 'reply', reply: warning(v, parsed.message) };
  // A mistyped command would decline with a reason nobody meant: the question waits on.
  if (isMistypedCommand(said, v)) {
    await keep(deps, who, question);
    return {
      kind: 'reply',
      reply: warning(v, `${parsed.message} ${v.t('refs.reasonStillAsked')}`),
    };
  }
  // `--` alone declines without a reason, as `decline 1 --` does.
  const reason = said.replace(/^--(?:\s|$)/, '').trim() || undefined;
  if (reason && reason.length > MAX_REASON_LENGTH) {
    await keep(deps, who, question);
    const tooLong = { what: 'reason', length: reason.length, max: MAX_REASON_LENGTH };
    return { kind: 'reply', reply: warning(v, v.t('parse.tooLong', tooLong)) };
  }
  return { kind: 'decline', taskIds: question.taskIds, reason };
}

async function keep(deps: QuestionDeps, who: Asked, question: Question): Promise<void> {
  const until = new Date(deps.now().getTime() + ANSWER_WITHIN_MS);
  await deps.store.askQuestion(who.platform, who.chatUserId, question, until);
}

/** The question waiting for the person, taken so no other line answers it again. */
async function take(deps: QuestionDeps, who: Asked): Promise<Question | undefined> {
  const taken = await deps.store.takeQuestion(who.platform, who.chatUserId, deps.now());
  if (!taken) return undefined;
  const question = Question.safeParse(taken);
  if (!question.success) deps.log.warn('dropped a stored question of an unknown shape');
  return question.data;
}
