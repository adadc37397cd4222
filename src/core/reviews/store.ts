/**
 * The store slice of review cards (tables in `src/store/tables/review-cards.ts`): which tasks
 * each round of an approver's card of one application and level has shown, so that the card can
 * say how many of them are reviewed. A round ends when nothing of it is left to review; reviews
 * that come later start the next round, and with it a new card.
 */
import { z } from 'zod';

/** The approver and the group: `<access user id>/<group key>`. */
export const CardKey = z.string().min(1).max(500);

export const ReviewRound = z.object({
  /** 0 when the card never had one. */
  round: z.number().int().nonnegative(),
  taskIds: z.array(z.string()),
});
export type ReviewRound = z.infer<typeof ReviewRound>;

export interface ReviewCardStore {
  /** The round asked for, else the card's latest, with its tasks. */
  reviewRound(card: string, round?: number): Promise<ReviewRound>;
  /** Adds the tasks to `round`; a task the card already holds (in any round) stays where it is. */
  addReviewRows(card: string, round: number, taskIds: readonly string[], now: Date): Promise<void>;
  /** The cards that hold the task. */
  reviewCardsOf(taskId: string): Promise<string[]>;
}
