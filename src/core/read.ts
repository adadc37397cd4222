/**
 * A line typed where the bot may be waiting for an answer ("Why decline?"). A command still runs
 * and drops the question; an empty line or `cancel` leaves it.
 */
import type { Actors } from './actor.ts';
import { type Command, type CommandName, isMistypedCommand, parseCommand } from './commands.ts';
import { MAX_REASON_LENGTH } from './grammar.ts';
import type { Voice } from './i18n/voice.ts';
import type { ChatActor } from './identity.ts';
import { info, type Reply, warning } from './reply.ts';
import { replyForError } from './service-errors.ts';
import type { TaskDesk } from './tasks/desk.ts';
import { keep, type QuestionDeps, take } from './tasks/questions.ts';

export type Line =
  | { kind: 'command'; command: Command }
  /** `answered`: the command the line completed, when it answered a question. */
  | { kind: 'reply'; reply: Reply; answered?: CommandName }
  /** An empty line, with no question waiting. */
  | { kind: 'nothing' };

type ReadDeps = { questions: QuestionDeps; actors: Actors; tasks: TaskDesk };

async function readLine(d: ReadDeps, actor: ChatActor, v: Voice, text: string): Promise<Line> {
  const said = text.replace(/\s+/g, ' ').trim();
  const question = await take(d.questions, actor);
  if (question && (!said || /^cancel$/i.test(said))) {
    return { kind: 'reply', reply: info(v, v.t('refs.reasonLeft')) };
  }
  if (!said) return { kind: 'nothing' };
  const parsed = parseCommand(said, v);
  if (parsed.ok) return { kind: 'command', command: parsed.command };
  if (!question) return { kind: 'reply', reply: warning(v, parsed.message) };
  // A mistyped command would decline with a reason nobody meant: the question waits on.
  if (isMistypedCommand(said, v)) {
    await keep(d.questions, actor, question);
    return {
      kind: 'reply',
      reply: warning(v, `${parsed.message} ${v.t('refs.reasonStillAsked')}`),
    };
  }
  // `--` alone declines without a reason, as `decline 1 --` does.
  const reason = said.replace(/^--(?:\s|$)/, '').trim() || undefined;
  if (reason && reason.length > MAX_REASON_LENGTH) {
    await keep(d.questions, actor, question);
    const tooLong = { what: 'reason', length: reason.length, max: MAX_REASON_LENGTH };
    return { kind: 'reply', reply: warning(v, v.t('parse.tooLong', tooLong)) };
  }
  const held = await d.actors.held(actor);
  if (held) return { kind: 'reply', reply: held };
  const reply = await d.tasks.declineIds(actor, v, question.taskIds, reason);
  return { kind: 'reply', reply, answered: 'decline' };
}

export async function readTyped(d: ReadDeps, actor: ChatActor, text: string): Promise<Line> {
  const v = d.actors.voiceOf(actor);
  try {
    return await readLine(d, actor, v, text);
  } catch (error) {
    return { kind: 'reply', reply: replyForError(v, error, d.questions.log) };
  }
}
