/**
 * The Store contract for membership changes: their audit entries beside decisions, the filters
 * and pages an export reads, retention, pending changes that move once, and channel bindings.
 */
import { describe, expect, it } from 'vitest';
import type {
  AuditEntry,
  ChannelGroup,
  GroupChange,
  MembershipAuditEntry,
  Store,
} from '../../src/store/store.ts';

const minute = (n: number) => new Date(Date.UTC(2025, 2, 1, 10, n));

export function membership(overrides: Partial<MembershipAuditEntry> = {}): MembershipAuditEntry {
  return {
    at: minute(0),
    platform: 'slack',
    chatUserId: 'U01',
    accessUserId: 'a-1',
    action: 'group_add',
    groupId: 'g-eng',
    groupName: 'Engineering',
    targetUserId: 'a-2',
    targetName: 'Grace Hopper',
    targetEmail: 'grace@example.com',
    outcome: 'added',
    detail: null,
    ...overrides,
  };
}

const decision = (overrides: Partial<AuditEntry> = {}): AuditEntry =>
  ({
    at: minute(0),
    platform: 'slack',
    chatUserId: 'U01',
    accessUserId: 'a-1',
    taskId: 'task-1',
    action: 'approve',
    reason: null,
    outcome: 'approved',
    detail: null,
    ...overrides,
  }) as AuditEntry;

export function groupChange(overrides: Partial<GroupChange> = {}): GroupChange {
  return {
    id: 'k3m9q2xa',
    platform: 'slack',
    chatUserId: 'U01',
    accessUserId: 'a-1',
    action: 'group_add',
    groupId: 'g-eng',
    groupName: 'Engineering',
    targetUserId: 'a-2',
    targetName: 'Grace Hopper',
    targetEmail: 'grace@example.com',
    createdAt: minute(0),
    expiresAt: minute(15),
    state: 'pending',
    outcome: null,
    updatedAt: minute(0),
    ...overrides,
  };
}

export function describeAuditAndGroupTables(store: () => Store): void {
  describe('audit log: membership changes', () => {
    it('keeps a membership change field for field beside decisions', async () => {
      const change = membership({ at: minute(2), outcome: 'already_member', detail: 'said 409' });
      await store().appendAudit(decision({ at: minute(1) }));
      await store().appendAudit(change);
      expect(await store().listAudit()).toEqual([change, decision({ at: minute(1) })]);
    });

    it('keeps a refusal made before the person was known', async () => {
      const refused = membership({
        outcome: 'not_allowed',
        targetUserId: null,
        targetName: null,
        targetEmail: null,
      });
      await store().appendAudit(refused);
      expect(await store().listAudit()).toEqual([refused]);
    });

    it('finds a person as the actor (chat or Access id) or as the one changed', async () => {
      await store().appendAudit(
        decision({ at: minute(1), chatUserId: 'U09', accessUserId: 'a-9' }),
      );
      await store().appendAudit(membership({ at: minute(2), targetUserId: 'a-9' }));
      await store().appendAudit(decision({ at: minute(3), chatUserId: 'U09', accessUserId: null }));
      await store().appendAudit(decision({ at: minute(4) }));
      const byAccess = await store().listAudit({
        person: { chatUserIds: [], accessUserIds: ['a-9'] },
      });
      expect(byAccess.map((e) => e.at)).toEqual([minute(2), minute(1)]);
      const byEither = await store().listAudit({
        person: { chatUserIds: ['U09'], accessUserIds: ['a-9'] },
      });
      expect(byEither.map((e) => e.at)).toEqual([minute(3), minute(2), minute(1)]);
      const nobody = await store().listAudit({ person: { chatUserIds: [], accessUserIds: [] } });
      expect(nobody).toEqual([]);
    });

    it('selects from `since` on and before `until`', async () => {
      for (let n = 1; n <= 5; n++) await store().appendAudit(decision({ at: minute(n) }));
      const window = await store().listAudit({ since: minute(2), until: minute(4) });
      expect(window.map((e) => e.at)).toEqual([minute(3), minute(2)]);
    });

    it('reads the log oldest first in pages that neither skip nor repeat', async () => {
      for (let n = 0; n < 7; n++) {
        await store().appendAudit(
          n % 2 ? membership({ at: minute(n) }) : decision({ at: minute(n) }),
        );
      }
      const seen: Date[] = [];
      let after: number | undefined;
      for (;;) {
        const page = await store().readAuditLog({ since: minute(1) }, after, 2);
        if (!page.length) break;
        seen.push(...page.map((p) => p.entry.at));
        after = page.at(-1)!.id;
      }
      expect(seen).toEqual([1, 2, 3, 4, 5, 6].map(minute));
    });

    it('prunes what is older than the retention, and nothing else', async () => {
      for (let n = 1; n <= 4; n++) await store().appendAudit(membership({ at: minute(n) }));
      expect(await store().pruneAudit(minute(3))).toBe(2);
      expect((await store().listAudit()).map((e) => e.at)).toEqual([minute(4), minute(3)]);
    });
  });

  describe('pending group changes', () => {
    it('gives back a saved change field for field', async () => {
      await store().saveGroupChange(groupChange());
      expect(await store().getGroupChange('k3m9q2xa')).toEqual(groupChange());
      expect(await store().getGroupChange('unknown')).toBeUndefined();
    });

    it('moves a pending change once, whoever tries at the same time', async () => {
      await store().saveGroupChange(groupChange());
      const move = { from: 'pending', to: 'confirmed', at: minute(1) } as const;
      const wins = await Promise.all(
        Array.from({ length: 8 }, () => store().moveGroupChange('k3m9q2xa', move)),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
      const done = { from: 'confirmed', to: 'done', at: minute(2), outcome: 'added' } as const;
      expect(await store().moveGroupChange('k3m9q2xa', done)).toBe(true);
      expect(await store().getGroupChange('k3m9q2xa')).toEqual(
        groupChange({ state: 'done', outcome: 'added', updatedAt: minute(2) }),
      );
      expect(await store().moveGroupChange('k3m9q2xa', move)).toBe(false);
    });

    it('does not confirm or cancel a change once it has expired, but can mark it expired', async () => {
      await store().saveGroupChange(groupChange());
      const late = minute(15);
      for (const to of ['confirmed', 'cancelled'] as const) {
        expect(await store().moveGroupChange('k3m9q2xa', { from: 'pending', to, at: late })).toBe(
          false,
        );
      }
      const expire = { from: 'pending', to: 'expired', at: late, outcome: 'expired' } as const;
      expect(await store().moveGroupChange('k3m9q2xa', expire)).toBe(true);
      expect((await store().getGroupChange('k3m9q2xa'))?.state).toBe('expired');
    });

    it('prunes the changes that expired before the given time', async () => {
      await store().saveGroupChange(groupChange({ id: 'old', expiresAt: minute(5) }));
      await store().saveGroupChange(groupChange({ id: 'new', expiresAt: minute(20) }));
      expect(await store().pruneGroupChanges(minute(10))).toBe(1);
      expect(await store().getGroupChange('old')).toBeUndefined();
      expect(await store().getGroupChange('new')).toBeDefined();
    });
  });

  describe('channel bindings', () => {
    const binding = (overrides: Partial<ChannelGroup> = {}): ChannelGroup => ({
      platform: 'slack',
      channelId: 'C-ENG',
      groupId: 'g-eng',
      groupName: 'Engineering',
      boundBy: 'U01',
      boundAt: minute(1),
      ...overrides,
    });

    it('binds, rebinds, reads and unbinds a channel per platform', async () => {
      await store().bindChannelGroup(binding());
      await store().bindChannelGroup(binding({ groupId: 'g-des', groupName: 'Design' }));
      expect(await store().getChannelGroup('slack', 'C-ENG')).toEqual(
        binding({ groupId: 'g-des', groupName: 'Design' }),
      );
      expect(await store().getChannelGroup('teams', 'C-ENG')).toBeUndefined();
      expect(await store().unbindChannelGroup('slack', 'C-ENG')).toBe(true);
      expect(await store().unbindChannelGroup('slack', 'C-ENG')).toBe(false);
      expect(await store().getChannelGroup('slack', 'C-ENG')).toBeUndefined();
    });
  });
}
