/** What questions to requesters say, and the note that tells the asker the answer. */
import type { Task } from '../../access/schemas.ts';
import type { TaskQuestion } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { info, type Reply, success } from '../reply.ts';
import { stateOf, taskTitle } from '../tasks/index.ts';
import { inert } from '../text.ts';

export const codeOf = (q: Pick<TaskQuestion, 'id'>) => q.id.slice(0, 8);

const what = (v: Voice, task: Task | undefined) => (task ? taskTitle(v, task) : v.t('ask.aTask'));

/** With Answer, and the line to type instead. */
export function questionMessage(v: Voice, q: TaskQuestion, task: Task): Reply {
  const asker = inert(q.askedByName, 100);
  const text = v.t('ask.message', { asker, what: what(v, task), question: inert(q.question) });
  return info(v, text, {
    title: v.t('ask.messageTitle', { asker }),
    blocks: [
      { kind: 'text', text },
      {
        kind: 'actions',
        buttons: [
          {
            label: v.t('button.answer'),
            action: 'answer',
            value: q.id,
            style: 'primary',
            spoken: v.t('button.answerSpoken', { asker }),
          },
        ],
      },
      { kind: 'note', text: v.t('ask.howToAnswer', { code: codeOf(q) }) },
    ],
  });
}

/** No button. */
export function answeredMessage(v: Voice, q: TaskQuestion, task: Task | undefined): Reply {
  const asker = inert(q.askedByName, 100);
  const text = v.t('ask.answered', {
    asker,
    what: what(v, task),
    question: inert(q.question),
    answer: inert(q.answer ?? ''),
    when: q.answeredAt ? v.time(q.answeredAt) : '',
  });
  return success(v, text, { title: v.t('ask.answeredTitle', { asker }) });
}

/** Its task was decided (or is gone) unanswered: no answer is needed. */
export function closedMessage(
  v: Voice,
  q: TaskQuestion,
  task: Task | undefined,
  pendingStatus: string,
): Reply {
  const asker = inert(q.askedByName, 100);
  const state = task ? stateOf(task, pendingStatus) : 'gone';
  const text = v.t('ask.closed', {
    asker,
    what: what(v, task),
    question: inert(q.question),
    state: state === 'approved' || state === 'declined' || state === 'gone' ? state : 'other',
  });
  return info(v, text, { title: v.t('ask.closedTitle', { asker }) });
}

/** For the asker, whose card now shows it too. */
export function answerNote(v: Voice, q: TaskQuestion, task: Task | undefined): Reply {
  const requester = q.requesterName ? inert(q.requesterName, 100) : v.t('ask.theRequester');
  const text = v.t('ask.note', {
    requester,
    what: what(v, task),
    question: inert(q.question),
    answer: inert(q.answer ?? ''),
  });
  return info(v, text, { title: v.t('ask.noteTitle', { requester }) });
}
