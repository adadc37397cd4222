/**
 * Review cards' rounds: a task joins a card once (the primary key lets one replica's insert win,
 * and keeps it in the round it first joined).
 */
import { z } from 'zod';
import { CardKey, type ReviewCardStore } from '../../core/reviews/store.ts';
import { checkedInput, insert, type SqlDb, sql } from '../sql.ts';

const Row = z.object({ round_no: z.coerce.number().int(), task_id: z.string() });
const Added = z.object({
  card: CardKey,
  round: z.number().int().positive(),
  taskIds: z.array(z.string().min(1)),
});

export function reviewCardTables(db: SqlDb): ReviewCardStore {
  return {
    async reviewRound(card, round) {
      const rows = await db.all(
        'reviewRound',
        sql`SELECT round_no, task_id FROM review_rows
            WHERE card = ${card} AND round_no = coalesce(${round ?? null},
              (SELECT max(round_no) FROM review_rows WHERE card = ${card}))
            ORDER BY task_id`,
      );
      const read = rows.map((row) => Row.parse(row));
      return { round: read[0]?.round_no ?? round ?? 0, taskIds: read.map((r) => r.task_id) };
    },

    async addReviewRows(card, round, taskIds, now) {
      const valid = checkedInput(Added, { card, round, taskIds }, 'the review card rows');
      if (!valid.taskIds.length) return;
      const row = (taskId: string) =>
        insert('review_rows', { card: valid.card, roundNo: valid.round, taskId, addedAt: now });
      await db.batch(
        'addReviewRows',
        valid.taskIds.map((taskId) => sql`${row(taskId)} ON CONFLICT (card, task_id) DO NOTHING`),
      );
    },

    async reviewCardsOf(taskId) {
      const rows = await db.all(
        'reviewCardsOf',
        sql`SELECT DISTINCT card FROM review_rows WHERE task_id = ${taskId} ORDER BY card`,
      );
      return rows.map((row) => String(row.card));
    },
  };
}
