/**
 * The Store contract for daily digests: each person's choice, and the day sent noted once
 * whoever notes it. `describeStoreContract` runs it on every implementation.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.ts';

const at = (hour: number) => new Date(Date.UTC(2026, 11, 7, hour));

export function describeDigestTables(store: () => Store): void {
  describe('daily digests', () => {
    it('keeps one choice a person, lists those not off, and keeps the day sent across a change', async () => {
      expect(await store().digestChoice('ada')).toBeUndefined();
      const chosen = await store().chooseDigest('ada', 'daily', '09:00', at(6));
      expect(chosen).toEqual({
        accessUserId: 'ada',
        mode: 'daily',
        digestTime: '09:00',
        chosenAt: at(6),
        sentDay: null,
        sentAt: null,
        shown: [],
      });
      await store().chooseDigest('alan', 'off', '07:30', at(6));
      expect((await store().listDigestChoices()).map((c) => c.accessUserId)).toEqual(['ada']);
      expect(await store().markDigestSent('ada', '2026-12-07', ['t-1', 't-2'], at(8))).toBe(true);
      const changed = await store().chooseDigest('ada', 'both', '17:45', at(9));
      expect(changed).toMatchObject({
        mode: 'both',
        digestTime: '17:45',
        chosenAt: at(9),
        sentDay: '2026-12-07',
        sentAt: at(8),
        shown: ['t-1', 't-2'],
      });
    });

    it('notes a day sent once, whoever notes it at the same time', async () => {
      await store().chooseDigest('ada', 'daily', '09:00', at(6));
      const notes = await Promise.all(
        [['t-1'], ['t-2']].map((shown) =>
          store().markDigestSent('ada', '2026-12-07', shown, at(8)),
        ),
      );
      expect(notes.filter(Boolean)).toHaveLength(1);
      expect(await store().markDigestSent('ada', '2026-12-07', [], at(9))).toBe(false);
      expect(await store().markDigestSent('ada', '2026-12-08', [], at(32))).toBe(true);
      expect(await store().markDigestSent('nobody', '2026-12-08', [], at(32))).toBe(false);
    });

    it('refuses a time of day that is none, and a mode it does not know', async () => {
      await expect(store().chooseDigest('ada', 'daily', '25:00', at(6))).rejects.toMatchObject({
        code: 'STORE_INVALID_INPUT',
      });
      await expect(
        store().chooseDigest('ada', 'weekly' as 'daily', '09:00', at(6)),
      ).rejects.toMatchObject({ code: 'STORE_INVALID_INPUT' });
      await expect(store().markDigestSent('ada', 'today', [], at(6))).rejects.toMatchObject({
        code: 'STORE_INVALID_INPUT',
      });
    });
  });
}
