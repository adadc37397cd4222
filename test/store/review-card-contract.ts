/**
 * The Store contract for review cards' rounds: a task joins a card once, in the round it first
 * joined, whoever adds it; the latest round or one asked for; the cards that hold a task.
 * `describeStoreContract` runs it on every implementation.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.ts';

const at = new Date(Date.UTC(2026, 11, 7, 9));

export function describeReviewCardTables(store: () => Store): void {
  describe('review cards', () => {
    it('keeps each task in the round it first joined, and reads the latest round or one asked for', async () => {
      expect(await store().reviewRound('ada/github:write')).toEqual({ round: 0, taskIds: [] });
      await store().addReviewRows('ada/github:write', 1, ['t-2', 't-1'], at);
      await store().addReviewRows('ada/github:write', 1, ['t-3'], at);
      await store().addReviewRows('ada/github:write', 2, ['t-1', 't-4'], at);
      expect(await store().reviewRound('ada/github:write')).toEqual({ round: 2, taskIds: ['t-4'] });
      expect(await store().reviewRound('ada/github:write', 1)).toEqual({
        round: 1,
        taskIds: ['t-1', 't-2', 't-3'],
      });
      expect(await store().reviewRound('ada/github:write', 7)).toEqual({ round: 7, taskIds: [] });
      await store().addReviewRows('alan/github:write', 1, ['t-1'], at);
      expect(await store().reviewCardsOf('t-1')).toEqual(['ada/github:write', 'alan/github:write']);
      expect(await store().reviewCardsOf('t-9')).toEqual([]);
    });

    it('adds a task once when two replicas add it at the same time', async () => {
      await Promise.all(
        [1, 1, 1].map((round) => store().addReviewRows('ada/aws:-', round, ['t-1', 't-2'], at)),
      );
      expect(await store().reviewRound('ada/aws:-')).toEqual({ round: 1, taskIds: ['t-1', 't-2'] });
      await store().addReviewRows('ada/aws:-', 1, [], at);
      await expect(store().addReviewRows('', 1, ['t-1'], at)).rejects.toThrow(/invalid/);
    });
  });
}

/** Every call of the role, for the closed-store check. */
export function reviewCardCalls(store: Store): Promise<unknown>[] {
  return [
    store.reviewRound('ada/github:write'),
    store.addReviewRows('ada/github:write', 1, ['t-1'], at),
    store.reviewCardsOf('t-1'),
  ];
}
