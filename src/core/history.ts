/** A person's own recent decisions taken through accessbot, newest first, from the audit log. */
import type { z } from 'zod';
import type { Logger } from '../log.ts';
import { AuditEntry, type AuditStore, type Platform } from '../store/store.ts';

export const PastDecision = AuditEntry.pick({
  at: true,
  taskId: true,
  action: true,
  outcome: true,
  reason: true,
});
export type PastDecision = z.infer<typeof PastDecision>;

/** Undefined when the log cannot be read (logged): "cannot show" differs from "none". */
export async function recentDecisions(
  deps: { audit: AuditStore; log: Logger },
  who: { platform: Platform; chatUserId: string },
  limit: number,
): Promise<PastDecision[] | undefined> {
  try {
    const entries = await deps.audit.listAudit({ actor: who, limit });
    return entries.map((e) => PastDecision.parse(e));
  } catch (error) {
    deps.log.warn({ err: error }, 'could not read the audit log');
    return undefined;
  }
}
