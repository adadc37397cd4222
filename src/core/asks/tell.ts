/**
 * Questions and absences through the sweep. A question goes to each chat identity of its
 * requester (kind `question`, one per question), follows the asker's task (its outcome edits it
 * when it is decided unanswered) and, once answered, shows its answer for good; the asker hears
 * it once (kind `answer`). Whatever changes around a request (a question, an answer, an approver
 * away or back) makes its cards due an edit, made now where a card is free and by its approver's
 * next poll where it is not, so no card is left showing what is over. Nobody is given a task:
 * covering for someone away is telling the people who can already decide, and the escalation
 * channels.
 */
import type { AwayStore, RequesterStore, TaskQuestion } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import type { Reply } from '../reply.ts';
import type { Sweep } from '../sweep.ts';

export interface TellAsks {
  /** Whether the person can be sent anything: linked on a platform served. */
  reaches(accessUserId: string): Promise<boolean>;
  /** The question to its requester, in each of their chat identities' voice. */
  ask(question: TaskQuestion, message: (v: Voice) => Reply): Promise<void>;
  /** The answer: shown on the requester's messages of the question, told to the asker. */
  answered(
    question: TaskQuestion,
    shown: (v: Voice) => Reply,
    told: (v: Voice) => Reply,
  ): Promise<void>;
  /** What the cards of these tasks show around them changed. */
  showAround(taskIds: readonly string[]): Promise<void>;
  /** The person went away, came back or moved their day: their tasks are seen to now. */
  awayChanged(accessUserId: string): Promise<void>;
}

/** `pollNow` makes these people due a poll now (the webhook's fast path). */
export function tellAsks(
  sweep: Sweep<AwayStore & RequesterStore>,
  pollNow: (accessUserIds: string[]) => Promise<void>,
): TellAsks {
  return {
    async reaches(accessUserId) {
      return (await sweep.linksOf([accessUserId])).length > 0;
    },

    async ask(q, message) {
      const links = await sweep.linksOf([q.requesterId]);
      // The asker's: it is resolved with the asker's task when that leaves their list.
      const asked = { event: q.taskId, accessUserId: q.askedBy, message };
      await sweep.tell(links, { kind: 'question', round: q.id, ...asked });
    },

    async answered(q, shown, told) {
      await sweep.settle(q.taskId, 'question', q.id, shown);
      const answer = { event: q.id, accessUserId: q.askedBy, message: told };
      await sweep.tell(await sweep.linksOf([q.askedBy]), { kind: 'answer', ...answer });
    },

    showAround: (taskIds) => sweep.showAround(taskIds),

    async awayChanged(accessUserId) {
      const { store } = sweep;
      const now = sweep.clock.now();
      const away = (await store.listAway(now)).some((a) => a.accessUserId === accessUserId);
      // Back: their waits end. Still away (a new day): the cards show the new one.
      const waits = away
        ? await store.openAwayWaits(accessUserId)
        : await store.endAwayWaits(accessUserId, now, []);
      for (const wait of waits) await sweep.showAround(await store.requestTasksOf(wait.taskId));
      await pollNow([accessUserId]);
    },
  };
}
