import type { SQLOutputValue } from 'node:sqlite';
import { z } from 'zod';
import { checked } from '../checked.ts';
import { AuditEntry, IdentityLink } from '../store.ts';

/** Row shapes as SQLite returns them, mapped onto the port's records and checked by their schemas. */
const epochMs = z.number().transform((ms) => new Date(ms));

const LinkRow = z
  .object({
    platform: z.string(),
    chat_user_id: z.string(),
    access_user_id: z.string(),
    email: z.string(),
    display_name: z.string().nullable(),
    linked_at: epochMs,
  })
  .transform((row) => ({
    platform: row.platform,
    chatUserId: row.chat_user_id,
    accessUserId: row.access_user_id,
    email: row.email,
    displayName: row.display_name,
    linkedAt: row.linked_at,
  }))
  .pipe(IdentityLink);

const AuditRow = z
  .object({
    at: epochMs,
    platform: z.string(),
    chat_user_id: z.string(),
    access_user_id: z.string().nullable(),
    task_id: z.string(),
    action: z.string(),
    reason: z.string().nullable(),
    outcome: z.string(),
    detail: z.string().nullable(),
  })
  .transform((row) => ({
    at: row.at,
    platform: row.platform,
    chatUserId: row.chat_user_id,
    accessUserId: row.access_user_id,
    taskId: row.task_id,
    action: row.action,
    reason: row.reason,
    outcome: row.outcome,
    detail: row.detail,
  }))
  .pipe(AuditEntry);

type Row = Record<string, SQLOutputValue>;

export const toLink = (row: Row): IdentityLink =>
  checked(LinkRow, row, 'STORE_CORRUPT_ROW', 'a row of identity_links');
export const toAudit = (row: Row): AuditEntry =>
  checked(AuditRow, row, 'STORE_CORRUPT_ROW', 'a row of audit_log');
