/**
 * The Store contract for pending confirmations: one record of every kind, given back as saved,
 * claimed once however many callers (or store instances on one database) try, never confirmed
 * once expired, and pruned after.
 */
import { describe, expect, it } from 'vitest';
import type { Confirmation, Store } from '../../src/store/store.ts';
import { expectStoreError } from './contract.ts';

const minute = (n: number) => new Date(Date.UTC(2025, 2, 1, 10, n));

export function confirmation(overrides: Partial<Confirmation> = {}): Confirmation {
  return {
    id: 'h-k3m9q2xa',
    kind: 'group',
    platform: 'slack',
    chatUserId: 'U01',
    accessUserId: 'a-1',
    confirmer: 'asker',
    payload: {
      action: 'group_add',
      groupId: 'g-eng',
      groupName: 'Engineering',
      targetUserId: 'a-2',
      targetName: 'Grace Hopper',
      targetEmail: null,
    },
    createdAt: minute(0),
    expiresAt: minute(15),
    state: 'pending',
    outcome: null,
    updatedAt: minute(0),
    ...overrides,
  };
}

const claim = { from: 'pending', to: 'confirmed', at: minute(1) } as const;

/** Two stores on one database: a confirmation saved by one is claimed once between them. */
export async function expectClaimedOnceAcross(first: Store, second: Store): Promise<void> {
  await first.saveConfirmation(confirmation({ id: 'h-shared' }));
  const wins = await Promise.all(
    Array.from({ length: 6 }, (_, n) =>
      (n % 2 ? first : second).moveConfirmation('h-shared', claim),
    ),
  );
  expect(wins.filter(Boolean)).toHaveLength(1);
  expect((await second.getConfirmation('h-shared'))?.state).toBe('confirmed');
}

export function describeConfirmationTables(store: () => Store): void {
  describe('pending confirmations', () => {
    it('gives back a confirmation of each kind field for field', async () => {
      const app = confirmation({
        id: 'h-app',
        kind: 'app',
        confirmer: 'second_admin',
        payload: { appId: 'app-aws', subject: { kind: 'field', after: null } },
      });
      const approval = confirmation({ id: 'h-task', kind: 'approval', payload: { taskId: 't-1' } });
      for (const c of [confirmation(), app, approval]) await store().saveConfirmation(c);
      expect(await store().getConfirmation('h-k3m9q2xa')).toEqual(confirmation());
      expect(await store().getConfirmation('h-app')).toEqual(app);
      expect(await store().getConfirmation('h-task')).toEqual(approval);
      expect(await store().getConfirmation('unknown')).toBeUndefined();
    });

    it('refuses a confirmation of a kind it does not know', async () => {
      const bad = { ...confirmation(), kind: 'owner' } as unknown as Confirmation;
      await expectStoreError(store().saveConfirmation(bad), 'STORE_INVALID_INPUT');
    });

    it('claims a pending confirmation once, whoever tries at the same time', async () => {
      await store().saveConfirmation(confirmation());
      const wins = await Promise.all(
        Array.from({ length: 8 }, () => store().moveConfirmation('h-k3m9q2xa', claim)),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
      const done = { from: 'confirmed', to: 'done', at: minute(2), outcome: 'added' } as const;
      expect(await store().moveConfirmation('h-k3m9q2xa', done)).toBe(true);
      expect(await store().getConfirmation('h-k3m9q2xa')).toEqual(
        confirmation({ state: 'done', outcome: 'added', updatedAt: minute(2) }),
      );
      expect(await store().moveConfirmation('h-k3m9q2xa', claim)).toBe(false);
    });

    it('does not confirm or cancel a confirmation once expired, but can mark it expired', async () => {
      await store().saveConfirmation(confirmation());
      const late = minute(15);
      for (const to of ['confirmed', 'cancelled'] as const) {
        const move = { from: 'pending', to, at: late } as const;
        expect(await store().moveConfirmation('h-k3m9q2xa', move)).toBe(false);
      }
      const expire = { from: 'pending', to: 'expired', at: late, outcome: 'expired' } as const;
      expect(await store().moveConfirmation('h-k3m9q2xa', expire)).toBe(true);
      expect((await store().getConfirmation('h-k3m9q2xa'))?.state).toBe('expired');
    });

    it('prunes the confirmations that expired before the given time', async () => {
      await store().saveConfirmation(confirmation({ id: 'old', expiresAt: minute(5) }));
      await store().saveConfirmation(confirmation({ id: 'new', expiresAt: minute(20) }));
      expect(await store().pruneConfirmations(minute(10))).toBe(1);
      expect(await store().getConfirmation('old')).toBeUndefined();
      expect(await store().getConfirmation('new')).toBeDefined();
    });
  });
}
