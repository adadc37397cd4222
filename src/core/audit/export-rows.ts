/**
 * Audit entries as an export writes them: CSV (RFC 4180, a header row) or JSON Lines. Text that
 * people typed stays data: control, bidi and invisible characters are dropped and line breaks
 * become spaces (nothing can drive the reader's terminal or reorder what they see), CSV quotes
 * every cell that holds a comma or a quote, and a cell a spreadsheet would read as a formula
 * (`=`, `+`, `-`, `@` after any leading whitespace) gets a leading `'`.
 */
import { type AuditEntry, isDecision } from '../../store/store.ts';
import { printable } from '../text.ts';

export const EXPORT_COLUMNS = [
  'at',
  'action',
  'outcome',
  'platform',
  'chat_user_id',
  'access_user_id',
  'task_id',
  'task_title',
  'app_name',
  'requester_name',
  'reason',
  'group_id',
  'group_name',
  'target_user_id',
  'target_name',
  'target_email',
  'detail',
] as const;

type Row = Record<(typeof EXPORT_COLUMNS)[number], string | null>;

export function exportRow(entry: AuditEntry): Row {
  const decision = isDecision(entry) ? entry : undefined;
  const change = isDecision(entry) ? undefined : entry;
  const row: Row = {
    at: entry.at.toISOString(),
    action: entry.action,
    outcome: entry.outcome,
    platform: entry.platform,
    chat_user_id: entry.chatUserId,
    access_user_id: entry.accessUserId,
    task_id: decision?.taskId ?? null,
    task_title: decision?.taskTitle ?? null,
    app_name: decision?.appName ?? null,
    requester_name: decision?.requesterName ?? null,
    reason: decision?.reason ?? null,
    group_id: change?.groupId ?? null,
    group_name: change?.groupName ?? null,
    target_user_id: change?.targetUserId ?? null,
    target_name: change?.targetName ?? null,
    target_email: change?.targetEmail ?? null,
    detail: entry.detail,
  };
  for (const column of EXPORT_COLUMNS) row[column] &&= printable(row[column]);
  return row;
}

function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^\s*[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvHeader = () => `${EXPORT_COLUMNS.join(',')}\r\n`;

export const csvLine = (entry: AuditEntry) => {
  const row = exportRow(entry);
  return `${EXPORT_COLUMNS.map((column) => csvCell(row[column])).join(',')}\r\n`;
};

/** One JSON object per line; absent fields are null, so every line has every key. */
export const jsonLine = (entry: AuditEntry) => `${JSON.stringify(exportRow(entry))}\n`;
