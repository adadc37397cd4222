/**
 * Approvers' questions: one waiting per request (a partial unique index, across replicas),
 * answered once (a conditional update), counted and ranked in SQL for the report.
 */
import { z } from 'zod';
import { NewTaskQuestion, TaskQuestion, type TaskQuestionStore } from '../../core/asks/store.ts';
import type { WaitPeriod } from '../records.ts';
import { checkedInput, insert, rowReader, type Sql, type SqlDb, sql } from '../sql.ts';

const toQuestion = rowReader('task_questions', TaskQuestion);
/** PostgreSQL counts in bigint, which `pg` gives back as text. */
const toCounts = rowReader(
  'task_questions',
  z.object({ asked: z.coerce.number().int(), answered: z.coerce.number().int() }),
);
const toWait = rowReader('task_questions', z.object({ waitSeconds: z.coerce.number().int() }));
const Answer = z.string().min(1);

const askedIn = (p: WaitPeriod): Sql => sql`asked_at >= ${p.since} AND asked_at < ${p.until}`;

export function taskQuestionTables(db: SqlDb): TaskQuestionStore {
  const get = async (id: string) => {
    const [row] = await db.all(
      'getTaskQuestion',
      sql`SELECT * FROM task_questions WHERE id = ${id}`,
    );
    return row && toQuestion(row);
  };
  return {
    async putTaskQuestion(question) {
      const valid = checkedInput(NewTaskQuestion, question, 'the question');
      const kept = await db.run(
        'putTaskQuestion',
        sql`${insert('task_questions', valid)} ON CONFLICT DO NOTHING`,
      );
      return kept > 0;
    },

    getTaskQuestion: get,

    async questionsOn(subjects, limit) {
      if (!subjects.length) return [];
      const rows = await db.all(
        'questionsOn',
        sql`SELECT * FROM task_questions
            WHERE subject IN (SELECT value FROM ${db.list(subjects)})
            ORDER BY asked_at DESC, id LIMIT ${limit}`,
      );
      return rows.map(toQuestion);
    },

    async hasNotes(subjects) {
      if (!subjects.length) return false;
      // Both tables of a card's notes (asks-schema.ts), in one statement.
      const rows = await db.all(
        'hasNotes',
        sql`SELECT 1 AS noted FROM task_questions
            WHERE subject IN (SELECT value FROM ${db.list(subjects)})
            UNION ALL
            SELECT 1 FROM away_waits
            WHERE subject IN (SELECT value FROM ${db.list(subjects)}) AND ended_at IS NULL
            LIMIT 1`,
      );
      return rows.length > 0;
    },

    async questionsFor(requesterId, limit) {
      const rows = await db.all(
        'questionsFor',
        sql`SELECT * FROM task_questions WHERE requester_id = ${requesterId}
            ORDER BY asked_at DESC, id LIMIT ${limit}`,
      );
      return rows.map(toQuestion);
    },

    async answerTaskQuestion(id, answer, now) {
      const text = checkedInput(Answer, answer, 'the answer');
      const asked = await get(id);
      if (!asked || asked.answeredAt) return undefined;
      const wait = Math.max(0, Math.round((now.getTime() - asked.askedAt.getTime()) / 1000));
      const [row] = await db.all(
        'answerTaskQuestion',
        sql`UPDATE task_questions SET answer = ${text}, answered_at = ${now}, wait_seconds = ${wait}
            WHERE id = ${id} AND answered_at IS NULL
            RETURNING *`,
      );
      return row && toQuestion(row);
    },

    async countQuestions(period) {
      const [row] = await db.all(
        'countQuestions',
        sql`SELECT count(*) AS asked,
                   count(CASE WHEN answered_at < ${period.until} THEN 1 END) AS answered
            FROM task_questions WHERE ${askedIn(period)}`,
      );
      return toCounts(row);
    },

    async pruneAsks(before) {
      const [questions = 0, waits = 0] = await db.batch('pruneAsks', [
        sql`DELETE FROM task_questions WHERE asked_at < ${before}`,
        sql`DELETE FROM away_waits WHERE started_at < ${before} AND ended_at IS NOT NULL`,
      ]);
      return questions + waits;
    },

    async answerWaitAt(period, rank) {
      const [row] = await db.all(
        'answerWaitAt',
        sql`SELECT wait_seconds FROM task_questions
            WHERE ${askedIn(period)} AND answered_at < ${period.until}
            ORDER BY wait_seconds LIMIT 1 OFFSET ${rank}`,
      );
      return row && toWait(row).waitSeconds;
    },
  };
}
