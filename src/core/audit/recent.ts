/** How an application's access requests were decided through accessbot lately, for its cards. */
import { TaskTypes } from '../../access/schemas.ts';
import type { AuditStore } from '../../store/store.ts';

export const RECENT_DAYS = 30;

export function recentDecisions(store: AuditStore, appId: string, now: Date) {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000);
  return store.countDecisions({ appId, taskType: TaskTypes.accessRequest, since });
}
