/**
 * The order of every list the sandbox serves. Pagination cursors resume after a sort key, so
 * each key ends with the id: equal names or times still have one fixed order.
 */
import type { AccessRecord, TaskRecord } from './model.ts';

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
export const nameKey = (item: { id: string; name?: string; displayName?: string }) =>
  `${(item.displayName ?? item.name ?? '').toLowerCase()}\u0000${item.id}`;
export const accessKey = (access: AccessRecord) => `${access.createdAt}\u0000${access.id}`;
export const taskKey = (task: TaskRecord) => `${task.metadata.createdAt}\u0000${task.id}`;
export const sortedBy = <T>(items: Iterable<T>, key: (item: T) => string) =>
  [...items].sort(byKey(key));
