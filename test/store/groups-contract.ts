/**
 * The Store contract for membership changes: their audit entries beside decisions, the filters
 * and pages an export reads, retention, and channel bindings.
 */
import { describe, expect, it } from 'vitest';
import type {
  AuditEntry,
  ChannelGroup,
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

    it('finds a person as the actor (chat or Access id) or as the one changed, or as the actor only', async () => {
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
      // `by`: what the person did, on any platform, not what was done to them.
      const by = await store().listAudit({ by: 'a-9' });
      expect(by.map((e) => e.at)).toEqual([minute(1)]);
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
