/**
 * A large synthetic organisation for benchmarks (`npm run bench:poller`), not for the demo:
 * `users` people, one WorkApp, and `tasks` access-request tasks spread evenly over the people,
 * the last `pending` of them Pending and the rest decided. The state's per-user task list scans
 * every task, which is fine for the demo's dozen but not for tens of thousands, so `bulkSeed`
 * also gives the state an index of tasks by assignee; without it the sandbox, not the poller,
 * would be what the benchmark measures.
 */
import { randomUUID } from 'node:crypto';
import { nameUuid } from '../src/sandbox/ids.ts';
import type { TaskRecord } from '../src/sandbox/model.ts';
import { sortedBy, taskKey } from '../src/sandbox/order.ts';
import type { SandboxState } from '../src/sandbox/state.ts';

export interface BulkSeed {
  users: number;
  tasks: number;
  pending: number;
  now: Date;
}

/** The one WorkApp: every task is a request for it. */
export const benchApp = {
  id: nameUuid('bench/app'),
  name: 'Payroll',
  description: 'Benchmark application',
};

export const benchUserId = (n: number) => nameUuid(`bench/user/${n}`);

/** Fills an empty state; returns the ids of the people, in order. */
export function bulkSeed(state: SandboxState, seed: BulkSeed): string[] {
  const ids = Array.from({ length: seed.users }, (_, n) => benchUserId(n));
  for (const [n, id] of ids.entries()) {
    state.addUser({ id, email: `user${n}@bench.example`, displayName: `User ${n}`, jobTitle: '' });
  }
  state.addWorkApp(benchApp, [], []);
  const index = indexTasksByAssignee(state);
  const decidedAt = new Date(seed.now.getTime() - 3_600_000).toISOString();
  for (let n = 0; n < seed.tasks; n++) {
    const pending = n >= seed.tasks - seed.pending;
    const task = taskFor(ids[n % ids.length]!, ids[(n + 1) % ids.length]!, seed.now);
    if (!pending) {
      task.status = 'Approved';
      Object.assign(task.metadata, { decidedBy: task.assigneeId, decidedAt });
    }
    state.tasks.set(task.id, task);
    index(task);
  }
  return ids;
}

/** A new Pending task for `assigneeId`, announced like any other (so webhooks fire). */
export function addPendingTask(state: SandboxState, assigneeId: string, now: Date): TaskRecord {
  const requester = state.users.keys().find((id) => id !== assigneeId) ?? assigneeId;
  const task = taskFor(assigneeId, requester, now);
  state.tasks.set(task.id, task);
  state.emit('taskCreated', structuredClone(task));
  return task;
}

function taskFor(assigneeId: string, requesterId: string, now: Date): TaskRecord {
  return {
    id: randomUUID(),
    type: 'AccessRequest',
    status: 'Pending',
    assigneeId,
    target: { workAppId: benchApp.id, workAppName: benchApp.name, userId: requesterId },
    metadata: { requestedBy: requesterId, createdAt: now.toISOString() },
  };
}

/**
 * Answers `tasksFor` from an index by assignee instead of a scan of every task. Returns how to
 * index a task put straight into `state.tasks`; tasks the state announces are indexed by
 * themselves.
 */
function indexTasksByAssignee(state: SandboxState): (task: TaskRecord) => void {
  const byAssignee = new Map<string, string[]>();
  const add = (task: TaskRecord) => {
    const ids = byAssignee.get(task.assigneeId);
    if (ids) ids.push(task.id);
    else byAssignee.set(task.assigneeId, [task.id]);
  };
  state.on('taskCreated', add);
  state.tasksFor = (userId, status) => {
    const tasks = (byAssignee.get(userId) ?? []).flatMap((id) => state.tasks.get(id) ?? []);
    return sortedBy(
      tasks.filter((t) => status === undefined || t.status === status),
      taskKey,
    );
  };
  return add;
}
