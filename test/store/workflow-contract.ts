/**
 * The workflow steps' part of the Store contract: a run stored once by its execution id (a
 * repeated event finds it), filed, found by its request while open, found stranded when its
 * replica died before filing, and closed once. `describeStoreContract` runs it on every
 * implementation.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.ts';

const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 10, minute));
const started = (executionId: string, minute = 0) => ({
  executionId,
  platform: 'slack' as const,
  startedAt: at(minute),
});

export function describeWorkflowTables(store: () => Store): void {
  describe('workflow steps’ runs', () => {
    it('stores a run once: the same execution id again is refused', async () => {
      expect(await store().startWorkflowRun(started('Fx-1'))).toBe(true);
      expect(await store().startWorkflowRun(started('Fx-1', 5))).toBe(false);
      await Promise.all([
        store().startWorkflowRun(started('Fx-2')),
        store().startWorkflowRun(started('Fx-2')),
      ]).then((won) => expect(won.filter(Boolean)).toHaveLength(1));
    });

    it('finds an open run by the request it filed, until it is closed', async () => {
      await store().startWorkflowRun(started('Fx-1'));
      await store().noteWorkflowFiled('Fx-1', 'access-1');
      expect(await store().workflowRunsFiling(['access-1', 'access-2'])).toEqual([
        { ...started('Fx-1'), accessId: 'access-1', closedAt: null },
      ]);
      await store().closeWorkflowRun('Fx-1', at(9));
      await store().closeWorkflowRun('Fx-1', at(10));
      expect(await store().workflowRunsFiling(['access-1'])).toEqual([]);
      expect(await store().workflowRunsFiling([])).toEqual([]);
    });

    it('finds the open runs that filed nothing since before a time, oldest first', async () => {
      await store().startWorkflowRun(started('Fx-late', 20));
      await store().startWorkflowRun(started('Fx-old', 1));
      await store().startWorkflowRun(started('Fx-filed', 0));
      await store().noteWorkflowFiled('Fx-filed', 'access-1');
      await store().startWorkflowRun(started('Fx-closed', 0));
      await store().closeWorkflowRun('Fx-closed', at(2));
      await store().startWorkflowRun(started('Fx-older', 0));
      const stranded = await store().strandedWorkflowRuns(at(10), 10);
      expect(stranded.map((r) => r.executionId)).toEqual(['Fx-older', 'Fx-old']);
      expect(await store().strandedWorkflowRuns(at(10), 1)).toHaveLength(1);
    });
  });
}

export function workflowCalls(store: Store): Promise<unknown>[] {
  return [
    store.startWorkflowRun(started('Fx-1')),
    store.noteWorkflowFiled('Fx-1', 'access-1'),
    store.workflowRunsFiling(['access-1']),
    store.strandedWorkflowRuns(at(1), 1),
    store.closeWorkflowRun('Fx-1', at(1)),
  ];
}
