/**
 * The notes of an approver's card: questions and answers, other approvers away. Read whenever a
 * card is made, so every edit of it shows them as they stand.
 */
import type { Task } from '../../access/schemas.ts';
import type { AwayOn, AwayStore, TaskQuestion, TaskQuestionStore } from '../../store/store.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { subjectOf } from '../subject.ts';
import { inert } from '../text.ts';

export const QUESTIONS_SHOWN = 3;

export type NotesStore = TaskQuestionStore & AwayStore;

export const awayLine = (v: Voice, a: Pick<AwayOn, 'name' | 'untilDay' | 'note'>) =>
  v.t('away.line', {
    name: inert(a.name, 100),
    day: v.day(a.untilDay),
    note: a.note ? inert(a.note) : '',
    withNote: flag(a.note),
  });

/** `viewer` asked it: "You asked". */
export function questionLine(v: Voice, q: TaskQuestion, viewer?: string): string {
  const requester = q.requesterName ? inert(q.requesterName, 100) : v.t('ask.theRequester');
  return v.t('ask.line', {
    mine: flag(q.askedBy === viewer),
    asker: inert(q.askedByName, 100),
    requester,
    when: v.time(q.askedAt),
    question: inert(q.question),
    answered: flag(q.answeredAt),
    answer: q.answer ? inert(q.answer) : '',
    answeredAt: q.answeredAt ? v.time(q.answeredAt) : '',
  });
}

export async function cardNotes(
  store: NotesStore,
  task: Task,
  viewer: string,
  v: Voice,
): Promise<string[]> {
  return (await listNotes(store, [task], viewer, v)).get(task.id) ?? [];
}

/** By task id: one read of the store when none has a note (as most), three otherwise. */
export async function listNotes(
  store: NotesStore,
  tasks: readonly Task[],
  viewer: string,
  v: Voice,
): Promise<Map<string, string[]>> {
  const subjects = [...new Set(tasks.map(subjectOf))];
  if (!(await store.hasNotes(subjects))) return new Map();
  const [away, questions] = await Promise.all([
    store.awayOn(subjects),
    store.questionsOn(subjects, QUESTIONS_SHOWN * subjects.length),
  ]);
  const awayOn = Map.groupBy(
    away.filter((a) => a.accessUserId !== viewer),
    (a) => a.subject,
  );
  const asked = Map.groupBy(questions, (q) => q.subject);
  const notes = new Map<string, string[]>();
  for (const task of tasks) {
    const subject = subjectOf(task);
    const once = new Map((awayOn.get(subject) ?? []).map((a) => [a.accessUserId, a]));
    const lines = [
      ...[...once.values()].map((a) => awayLine(v, a)),
      ...(asked.get(subject) ?? [])
        .slice(0, QUESTIONS_SHOWN)
        .map((q) => questionLine(v, q, viewer)),
    ];
    if (lines.length) notes.set(task.id, lines);
  }
  return notes;
}
