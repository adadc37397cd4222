/**
 * Passkey step-up's part of the Store contract: a link's challenge spent once (a replay, or two
 * replicas at once, spend it once), never after it expired or was used; passkeys kept per person,
 * a use recorded only when the counter grew; removed one by one or all at once.
 * `describeStoreContract` runs it on every implementation.
 */
import { describe, expect, it } from 'vitest';
import type { Passkey, StepUp, Store } from '../../src/store/store.ts';

const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 10, minute));

const stepUp = (overrides: Partial<StepUp> = {}): StepUp => ({
  id: 'hash-1',
  platform: 'slack',
  chatUserId: 'U01',
  accessUserId: 'a-1',
  locale: 'de-DE',
  confirmationId: 'confirmation-1',
  taskId: 'task-1',
  summary: 'Grace Hopper: Member access to Payroll',
  challenge: null,
  provenAt: null,
  createdAt: at(0),
  expiresAt: at(10),
  usedAt: null,
  ...overrides,
});

const passkey = (overrides: Partial<Passkey> = {}): Passkey => ({
  credentialId: 'cred-1',
  platform: 'slack',
  chatUserId: 'U01',
  publicKey: 'pk',
  counter: 0,
  transports: 'internal',
  createdAt: at(0),
  lastUsedAt: null,
  ...overrides,
});

export function describeStepUpTables(store: () => Store): void {
  describe('passkey step-up', () => {
    it('keeps a link as saved, its challenge replaced each time the page asks', async () => {
      await store().saveStepUp(stepUp());
      expect(await store().getStepUp('hash-1')).toEqual(stepUp());
      expect(await store().challengeStepUp('hash-1', 'c-1', at(1))).toBe(true);
      expect(await store().challengeStepUp('hash-1', 'c-2', at(2))).toBe(true);
      expect((await store().getStepUp('hash-1'))?.challenge).toBe('c-2');
      expect(await store().spendChallenge('hash-1', 'c-1', at(3), true)).toBe(false);
      expect(await store().getStepUp('nothing')).toBeUndefined();
    });

    it('spends a challenge once; a final one uses the link for good', async () => {
      await store().saveStepUp(stepUp());
      await store().challengeStepUp('hash-1', 'c-1', at(1));
      expect(await store().spendChallenge('hash-1', 'c-1', at(2), false)).toBe(true);
      expect(await store().spendChallenge('hash-1', 'c-1', at(2), false)).toBe(false);
      await store().challengeStepUp('hash-1', 'c-2', at(3));
      const both = await Promise.all([
        store().spendChallenge('hash-1', 'c-2', at(4), true),
        store().spendChallenge('hash-1', 'c-2', at(4), true),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);
      expect((await store().getStepUp('hash-1'))?.usedAt).toEqual(at(4));
      expect(await store().challengeStepUp('hash-1', 'c-3', at(5))).toBe(false);
    });

    it('notes once that the person proved it is them, with the challenge it spends', async () => {
      await store().saveStepUp(stepUp({ confirmationId: null, taskId: null }));
      await store().challengeStepUp('hash-1', 'c-1', at(1));
      expect(await store().proveStepUp('hash-1', 'c-2', at(2))).toBe(false);
      expect(await store().proveStepUp('hash-1', 'c-1', at(2))).toBe(true);
      expect(await store().proveStepUp('hash-1', 'c-1', at(2))).toBe(false);
      expect(await store().getStepUp('hash-1')).toMatchObject({ provenAt: at(2), usedAt: null });
      await store().challengeStepUp('hash-1', 'c-3', at(3));
      expect(await store().proveStepUp('hash-1', 'c-3', at(10))).toBe(false);
    });

    it('spends nothing of an expired link, and prunes it', async () => {
      await store().saveStepUp(stepUp());
      await store().challengeStepUp('hash-1', 'c-1', at(1));
      expect(await store().spendChallenge('hash-1', 'c-1', at(10), true)).toBe(false);
      expect(await store().challengeStepUp('hash-1', 'c-2', at(11))).toBe(false);
      expect(await store().pruneStepUps(at(10))).toBe(0);
      expect(await store().pruneStepUps(at(11))).toBe(1);
      expect(await store().getStepUp('hash-1')).toBeUndefined();
    });

    it("keeps each person's passkeys, oldest first, and nobody else's", async () => {
      await store().savePasskey(passkey({ credentialId: 'cred-2', createdAt: at(2) }));
      await store().savePasskey(passkey());
      await store().savePasskey(passkey({ credentialId: 'cred-3', chatUserId: 'U02' }));
      const mine = await store().passkeysOf('slack', 'U01');
      expect(mine.map((p) => p.credentialId)).toEqual(['cred-1', 'cred-2']);
      expect(mine[0]).toEqual(passkey());
      expect(await store().passkeysOf('teams', 'U01')).toEqual([]);
      await expect(store().savePasskey(passkey({ chatUserId: 'U02' }))).rejects.toThrow();
    });

    it('records a use only when the counter grew, or stays 0 where none is kept', async () => {
      await store().savePasskey(passkey());
      expect(await store().passkeyUsed('cred-1', 0, at(1))).toBe(true);
      expect(await store().passkeyUsed('cred-1', 5, at(2))).toBe(true);
      expect(await store().passkeyUsed('cred-1', 5, at(3))).toBe(false);
      expect(await store().passkeyUsed('cred-1', 4, at(3))).toBe(false);
      expect(await store().passkeyUsed('cred-1', 0, at(3))).toBe(false);
      expect(await store().passkeyUsed('cred-1', 4_294_967_295, at(4))).toBe(true);
      const [kept] = await store().passkeysOf('slack', 'U01');
      expect(kept).toMatchObject({ counter: 4_294_967_295, lastUsedAt: at(4) });
    });

    it("removes one passkey of its own person only, or all of a person's", async () => {
      await store().savePasskey(passkey());
      await store().savePasskey(passkey({ credentialId: 'cred-2' }));
      await store().savePasskey(passkey({ credentialId: 'cred-3', chatUserId: 'U02' }));
      expect(await store().deletePasskey('slack', 'U02', 'cred-1')).toBe(false);
      expect(await store().deletePasskey('slack', 'U01', 'cred-1')).toBe(true);
      expect(await store().deletePasskeys('slack', 'U01')).toBe(1);
      expect(await store().passkeysOf('slack', 'U01')).toEqual([]);
      expect(await store().passkeysOf('slack', 'U02')).toHaveLength(1);
    });
  });
}

export function stepUpCalls(store: Store): Promise<unknown>[] {
  return [
    store.saveStepUp(stepUp()),
    store.getStepUp('hash-1'),
    store.challengeStepUp('hash-1', 'c', at(1)),
    store.spendChallenge('hash-1', 'c', at(1), true),
    store.proveStepUp('hash-1', 'c', at(1)),
    store.pruneStepUps(at(1)),
    store.savePasskey(passkey()),
    store.passkeysOf('slack', 'U01'),
    store.passkeyUsed('cred-1', 1, at(1)),
    store.deletePasskey('slack', 'U01', 'cred-1'),
    store.deletePasskeys('slack', 'U01'),
  ];
}
