/**
 * Ask before deciding. Only a task's approver asks, about a task waiting in their own list; only
 * its requester answers, once, while it waits; one question waits per request at a time. Asking
 * decides nothing and gives nobody a task.
 */
import { randomUUID } from 'node:crypto';
import type { AccessClient } from '../../access/client.ts';
import { type Task, taskFacts } from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';
import type {
  AuditStore,
  IdentityLink,
  QuestionAuditEntry,
  RequesterStore,
  TaskQuestion,
  TaskQuestionStore,
} from '../../store/store.ts';
import { recordAction, taskNamesOf } from '../audit/index.ts';
import type { Voice } from '../i18n/voice.ts';
import type { ChatActor } from '../identity.ts';
import { nameOf } from '../identity.ts';
import { info, type Reply, success, warning } from '../reply.ts';
import { found } from '../service-errors.ts';
import { subjectOf } from '../subject.ts';
import type { TaskAudience } from '../tasks/index.ts';
import { notYours, stateOf } from '../tasks/index.ts';
import { inert } from '../text.ts';
import { MAX_ANSWER_LENGTH, MAX_QUESTION_LENGTH, type QuestionRef } from './commands.ts';
import { answeredMessage, answerNote, questionMessage } from './messages.ts';
import type { TellAsks } from './tell.ts';

export const MAX_QUESTIONS_PER_REQUEST = 5;
/** How long reminders to an approver wait for the answer to their question, at most. */
export const ANSWER_AWAITED_MS = 3 * 24 * 3_600_000;

export interface AskDeps {
  client: AccessClient;
  store: TaskQuestionStore & RequesterStore & AuditStore;
  log: Logger;
  now: () => Date;
  pendingStatus: string;
  audience: Pick<TaskAudience, 'pendingTask' | 'wasShown'>;
  /** Unset: questions reach nobody, so none is asked. */
  asks?: TellAsks;
  newId?: () => string;
}

/** A store refuses malformed text and NUL. */
const storable = (text: string) => text.toWellFormed().replaceAll('\u0000', '').trim();

export async function askRequester(
  d: AskDeps,
  link: IdentityLink,
  v: Voice,
  taskId: string,
  text: string,
): Promise<Reply> {
  if (!d.asks) return warning(v, v.t('ask.off'));
  const task = await d.audience.pendingTask(link, taskId);
  if (!task) {
    const shown = await d.audience.wasShown(link, taskId);
    return warning(v, shown ? v.t('ask.notWaiting') : notYours(v));
  }
  const question = storable(text);
  if (!question) return warning(v, v.t('parse.askUsage', { usage: v.t('usage.ask') }));
  if (question.length > MAX_QUESTION_LENGTH) {
    const tooLong = { what: 'question', length: question.length, max: MAX_QUESTION_LENGTH };
    return warning(v, v.t('parse.tooLong', tooLong));
  }
  const f = taskFacts(task);
  const requester = f.requestedByName ? inert(f.requestedByName, 100) : v.t('ask.theRequester');
  if (!f.requestedBy) return warning(v, v.t('ask.noRequester'));
  if (f.requestedBy === link.accessUserId) return warning(v, v.t('ask.yourOwn'));
  if (!(await d.asks.reaches(f.requestedBy))) {
    return warning(v, v.t('ask.unreachable', { requester }));
  }
  const subject = subjectOf(task);
  const asked = await d.store.questionsOn([subject], MAX_QUESTIONS_PER_REQUEST);
  const waiting = asked.find((q) => !q.answeredAt);
  if (waiting) return waitingReply(v, waiting, link);
  if (asked.length >= MAX_QUESTIONS_PER_REQUEST) {
    return warning(v, v.t('ask.tooMany', { max: MAX_QUESTIONS_PER_REQUEST }));
  }
  const fresh = {
    id: (d.newId ?? randomUUID)(),
    subject,
    taskId: task.id,
    askedBy: link.accessUserId,
    askedByName: nameOf(link),
    requesterId: f.requestedBy,
    requesterName: f.requestedByName ?? null,
    question,
    askedAt: d.now(),
  };
  if (!(await d.store.putTaskQuestion(fresh))) {
    const [raced] = await d.store.questionsOn([subject], 1);
    return raced ? waitingReply(v, raced, link) : warning(v, v.t('ask.tryAgain'));
  }
  const q: TaskQuestion = { ...fresh, answer: null, answeredAt: null, waitSeconds: null };
  const target = { targetUserId: f.requestedBy, targetName: f.requestedByName ?? null };
  await recorded(d, link, task, q, { action: 'ask', reason: question, ...target }, async () =>
    d.asks?.ask(q, (w) => questionMessage(w, q, task)),
  );
  return success(
    v,
    v.t('ask.done', { requester, question: inert(question), hold: v.age(ANSWER_AWAITED_MS) }),
  );
}

/** Audited, told, and every card of its request updated. */
async function recorded(
  d: AskDeps,
  link: IdentityLink,
  task: Task,
  q: TaskQuestion,
  entry: Pick<QuestionAuditEntry, 'action' | 'reason' | 'targetUserId' | 'targetName'>,
  tell: () => Promise<unknown>,
) {
  const named = { taskId: q.taskId, ...taskNamesOf(task), actorName: nameOf(link), detail: q.id };
  const outcome = entry.action === 'ask' ? 'asked' : 'answered';
  await recordAction(d, link, { ...entry, ...named, outcome });
  await tell();
  await d.asks?.showAround(await d.store.requestTasksOf(q.taskId));
}

/** Reminders wait while the approver's question waits for its answer, up to ANSWER_AWAITED_MS. */
export async function awaitsAnswer(
  store: TaskQuestionStore,
  subject: string,
  approver: string,
  now: Date,
): Promise<boolean> {
  const [latest] = await store.questionsOn([subject], 1);
  return (
    !!latest &&
    !latest.answeredAt &&
    latest.askedBy === approver &&
    now.getTime() - latest.askedAt.getTime() < ANSWER_AWAITED_MS
  );
}

function waitingReply(v: Voice, q: TaskQuestion, link: IdentityLink): Reply {
  return info(
    v,
    v.t('ask.waiting', {
      mine: q.askedBy === link.accessUserId ? 'yes' : 'no',
      asker: inert(q.askedByName, 100),
      question: inert(q.question),
      when: v.time(q.askedAt),
    }),
  );
}

async function questionFor(
  d: AskDeps,
  link: IdentityLink,
  actor: Pick<ChatActor, 'platform' | 'chatUserId'>,
  v: Voice,
  ref: QuestionRef,
): Promise<TaskQuestion | Reply> {
  if (ref.kind === 'number') {
    const listed = await d.store.getRequestNumbering(actor.platform, actor.chatUserId);
    const accessId = listed?.[ref.n - 1];
    if (!accessId) return warning(v, v.t('answer.noNumber', { n: ref.n }));
    const [latest] = await d.store.questionsOn([accessId], 1);
    if (!latest || latest.requesterId !== link.accessUserId) {
      return warning(v, v.t('answer.noneOnRequest', { n: ref.n }));
    }
    return latest;
  }
  const asked = await d.store.questionsFor(link.accessUserId, 50);
  const matches = asked.filter((q) => q.id.startsWith(ref.code));
  if (matches.length === 1) return matches[0]!;
  return warning(v, v.t(matches.length ? 'answer.ambiguous' : 'answer.noSuchCode'));
}

export async function answerTyped(
  d: AskDeps,
  link: IdentityLink,
  actor: Pick<ChatActor, 'platform' | 'chatUserId'>,
  v: Voice,
  ref: QuestionRef,
  text: string,
): Promise<Reply> {
  const q = await questionFor(d, link, actor, v, ref);
  return 'id' in q ? answerQuestion(d, link, v, q.id, text) : q;
}

export async function answerQuestion(
  d: AskDeps,
  link: IdentityLink,
  v: Voice,
  questionId: string,
  text: string,
): Promise<Reply> {
  const q = await d.store.getTaskQuestion(questionId);
  // Someone else's question is refused with nothing about it.
  if (!q || q.requesterId !== link.accessUserId) return warning(v, v.t('answer.notYours'));
  if (q.answeredAt) {
    return info(
      v,
      v.t('answer.already', { answer: inert(q.answer ?? ''), when: v.time(q.answeredAt) }),
    );
  }
  const answer = storable(text);
  if (!answer) return warning(v, v.t('parse.whichQuestion', { usage: v.t('usage.answer') }));
  if (answer.length > MAX_ANSWER_LENGTH) {
    const tooLong = { what: 'answer', length: answer.length, max: MAX_ANSWER_LENGTH };
    return warning(v, v.t('parse.tooLong', tooLong));
  }
  const task = await found(d.client.getTask(q.taskId));
  if (!task || stateOf(task, d.pendingStatus) !== 'pending') {
    return info(v, v.t('answer.decided', { asker: inert(q.askedByName, 100) }));
  }
  const answered = await d.store.answerTaskQuestion(q.id, answer, d.now());
  if (!answered) return answerQuestion(d, link, v, questionId, text);
  const target = { targetUserId: q.askedBy, targetName: q.askedByName };
  await recorded(d, link, task, q, { action: 'answer', reason: answer, ...target }, async () =>
    d.asks?.answered(
      answered,
      (w) => answeredMessage(w, answered, task),
      (w) => answerNote(w, answered, task),
    ),
  );
  return success(
    v,
    v.t('answer.done', { asker: inert(q.askedByName, 100), answer: inert(answer) }),
  );
}
