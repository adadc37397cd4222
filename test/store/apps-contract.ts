/**
 * The Store contract for applications kept from chat: a change's audit entry with what was before
 * and after, and the policies accessbot set, one per application, level and request type.
 */
import { describe, expect, it } from 'vitest';
import type {
  AppChange,
  AppChangeAuditEntry,
  AppPolicy,
  AuditEntry,
  Store,
} from '../../src/store/store.ts';
import { expectStoreError } from './contract.ts';

const minute = (n: number) => new Date(Date.UTC(2025, 2, 1, 10, n));

export function appEntry(overrides: Partial<AppChangeAuditEntry> = {}): AppChangeAuditEntry {
  return {
    at: minute(0),
    platform: 'teams',
    chatUserId: 'T01',
    accessUserId: 'a-1',
    action: 'app_field',
    appId: 'app-aws',
    appName: 'AWS Console',
    fieldName: 'Sensitive',
    requestType: null,
    valueBefore: 'yes',
    valueAfter: null,
    outcome: 'changed',
    detail: null,
    ...overrides,
  };
}

export function appChange(overrides: Partial<AppChange> = {}): AppChange {
  return {
    id: 'p7q8r9s2tu',
    platform: 'shell',
    chatUserId: 'ada@example.com',
    accessUserId: 'a-1',
    askedByName: 'Ada Lovelace',
    appId: 'app-aws',
    appName: 'AWS Console',
    subject: {
      kind: 'policy',
      requestType: 'AccessRequest',
      levelId: 'lvl-admin',
      levelName: 'Administrator',
      policyId: 'pol-sec',
      policyName: 'Security approval',
      before: null,
    },
    confirmer: 'asker',
    createdAt: minute(0),
    expiresAt: minute(15),
    state: 'pending',
    outcome: null,
    updatedAt: minute(0),
    ...overrides,
  };
}

const policy = (overrides: Partial<AppPolicy> = {}): AppPolicy => ({
  appId: 'app-aws',
  levelId: '',
  levelName: null,
  requestType: 'AccessRequest',
  policyId: 'pol-cloud',
  policyName: 'Cloud platform owners',
  setBy: 'a-1',
  setByName: 'Ada Lovelace',
  setAt: minute(1),
  ...overrides,
});

export function describeAppTables(store: () => Store): void {
  describe('applications kept from chat', () => {
    it('keeps a change’s audit entry field for field, before and after, beside the others', async () => {
      const field = appEntry({ at: minute(1) });
      const set = appEntry({
        at: minute(2),
        action: 'app_policy',
        fieldName: null,
        requestType: 'AccessRequest',
        levelName: 'Administrator',
        valueBefore: null,
        valueAfter: 'Security approval',
        outcome: 'conflict',
        detail: 'said 409',
      });
      await store().appendAudit(field);
      await store().appendAudit(set);
      expect(await store().listAudit()).toEqual([set, field]);
      const mine = await store().listAudit({
        person: { chatUserIds: [], accessUserIds: ['a-1'] },
        actions: ['app_field'],
      });
      expect(mine).toEqual([field]);
    });

    it('refuses an entry with an outcome of another kind', async () => {
      const bad = { ...appEntry(), outcome: 'added' } as unknown as AuditEntry;
      await expectStoreError(store().appendAudit(bad), 'STORE_INVALID_INPUT');
    });

    it('keeps the last policy set per application, level and request type, newest first', async () => {
      await store().recordAppPolicy(policy());
      await store().recordAppPolicy(
        policy({ levelId: 'lvl-admin', levelName: 'Administrator', setAt: minute(2) }),
      );
      await store().recordAppPolicy(policy({ appId: 'app-gh', setAt: minute(3) }));
      const again = policy({
        policyId: 'pol-sec',
        policyName: 'Security approval',
        setAt: minute(4),
      });
      await store().recordAppPolicy(again);
      const listed = await store().listAppPolicies('app-aws');
      expect(listed.map((p) => [p.levelId, p.policyName])).toEqual([
        ['', 'Security approval'],
        ['lvl-admin', 'Cloud platform owners'],
      ]);
      expect(listed[0]).toEqual(again);
      expect(await store().listAppPolicies('app-none')).toEqual([]);
    });

    it('moves a generation on with each change, from 0, apart from the others', async () => {
      expect(await store().generation('app-fields')).toBe(0);
      await store().bumpGeneration('app-fields');
      await store().bumpGeneration('app-fields');
      expect(await store().generation('app-fields')).toBe(2);
      expect(await store().generation('other')).toBe(0);
    });
  });
}
