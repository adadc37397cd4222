/**
 * The audit log's rows on both databases: one table for decisions and membership changes, the
 * columns of the other kind left null. Entries are checked on the way in, rows on the way out.
 */
import { z } from 'zod';
import { AuditEntry, isDecision, type NumberedAuditEntry } from './audit-records.ts';
import { checked } from './checked.ts';

/** Insert column list, in the order of the values `auditValues` makes. */
export const AUDIT_COLUMN_LIST = [
  'at',
  'platform',
  'chat_user_id',
  'access_user_id',
  'task_id',
  'action',
  'reason',
  'outcome',
  'detail',
  'group_id',
  'group_name',
  'target_user_id',
  'target_name',
  'target_email',
  'task_title',
  'app_name',
  'requester_name',
] as const;
export const AUDIT_COLUMNS = AUDIT_COLUMN_LIST.join(', ');

const membershipActions: ReadonlySet<string> = new Set(['group_add', 'group_remove']);

export function auditCodec<D>(readDate: z.ZodType<Date>, writeDate: (date: Date) => D) {
  const AuditRow = z
    .object({
      id: z.coerce.number().int(),
      at: readDate,
      platform: z.string(),
      chat_user_id: z.string(),
      access_user_id: z.string().nullable(),
      task_id: z.string().nullable(),
      action: z.string(),
      reason: z.string().nullable(),
      outcome: z.string(),
      detail: z.string().nullable(),
      group_id: z.string().nullable(),
      group_name: z.string().nullable(),
      target_user_id: z.string().nullable(),
      target_name: z.string().nullable(),
      target_email: z.string().nullable(),
      task_title: z.string().nullable(),
      app_name: z.string().nullable(),
      requester_name: z.string().nullable(),
    })
    .transform((row) => {
      const common = {
        at: row.at,
        platform: row.platform,
        chatUserId: row.chat_user_id,
        accessUserId: row.access_user_id,
        action: row.action,
        outcome: row.outcome,
        detail: row.detail,
      };
      const entry = membershipActions.has(row.action)
        ? {
            ...common,
            groupId: row.group_id,
            groupName: row.group_name,
            targetUserId: row.target_user_id,
            targetName: row.target_name,
            targetEmail: row.target_email,
          }
        : {
            ...common,
            taskId: row.task_id,
            reason: row.reason,
            // Left out when unknown, as the entry was appended.
            ...(row.task_title !== null && { taskTitle: row.task_title }),
            ...(row.app_name !== null && { appName: row.app_name }),
            ...(row.requester_name !== null && { requesterName: row.requester_name }),
          };
      return { id: row.id, entry };
    })
    .pipe(z.object({ id: z.number(), entry: AuditEntry }));

  return {
    toNumbered: (row: unknown): NumberedAuditEntry =>
      checked(AuditRow, row, 'STORE_CORRUPT_ROW', 'a row of audit_log'),
    toAudit: (row: unknown): AuditEntry =>
      checked(AuditRow, row, 'STORE_CORRUPT_ROW', 'a row of audit_log').entry,

    /** The values of AUDIT_COLUMNS. */
    auditValues(entry: AuditEntry) {
      const e = checked(AuditEntry, entry, 'STORE_INVALID_INPUT', 'the audit entry to append');
      const decision = isDecision(e) ? e : undefined;
      const change = isDecision(e) ? undefined : e;
      return [
        writeDate(e.at),
        e.platform,
        e.chatUserId,
        e.accessUserId,
        decision?.taskId ?? null,
        e.action,
        decision?.reason ?? null,
        e.outcome,
        e.detail,
        change?.groupId ?? null,
        change?.groupName ?? null,
        change?.targetUserId ?? null,
        change?.targetName ?? null,
        change?.targetEmail ?? null,
        decision?.taskTitle ?? null,
        decision?.appName ?? null,
        decision?.requesterName ?? null,
      ];
    },
  };
}
