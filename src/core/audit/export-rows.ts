/**
 * Audit entries as CSV (RFC 4180) or JSON Lines. Typed text stays data: no control, bidi or
 * invisible characters (nothing can drive the reader's terminal), and a cell a spreadsheet would
 * read as a formula (`=`, `+`, `-`, `@` after any leading whitespace) gets a leading `'`.
 */
import {
  type AuditEntry,
  isAppChange,
  isAway,
  isChange,
  isDecision,
  isOnBehalf,
  isPersonEntry,
  isQuestion,
  type NumberedAuditEntry,
} from '../../store/store.ts';
import { english } from '../i18n/voice.ts';
import { printable } from '../text.ts';
import { recordedTitle } from './task-named.ts';

/** What the person wrote: a decline's reason, a question, an answer, a note, a justification. */
const said = (e: AuditEntry) =>
  isDecision(e) || isQuestion(e) || isAway(e) || isOnBehalf(e) ? e : undefined;
const change = (e: AuditEntry) => (isChange(e) ? e : undefined);
const app = (e: AuditEntry) => (isAppChange(e) ? e : undefined);
const requested = (e: AuditEntry) => (isOnBehalf(e) ? e : undefined);
const target = (e: AuditEntry) => (isChange(e) || isQuestion(e) || isOnBehalf(e) ? e : undefined);
const task = (e: AuditEntry) =>
  isChange(e) || isAway(e) || isAppChange(e) || isOnBehalf(e) ? undefined : e;
const event = (e: AuditEntry) => (isPersonEntry(e) ? undefined : e);
const decision = (e: AuditEntry) => (isDecision(e) ? e : undefined);

const COLUMNS = {
  at: (e) => e.at.toISOString(),
  action: (e) => e.action,
  outcome: (e) => e.outcome,
  platform: (e) => e.platform,
  chat_user_id: (e) => e.chatUserId,
  access_user_id: (e) => e.accessUserId,
  task_id: (e) => task(e)?.taskId ?? null,
  // In English, from the recorded facts (or the title recorded before them).
  task_title: (e) => {
    const about = task(e);
    return (about && recordedTitle(english, about, (text) => text)) ?? null;
  },
  app_name: (e) => (task(e) ?? app(e) ?? requested(e))?.appName ?? null,
  requester_name: (e) => task(e)?.requesterName ?? null,
  reason: (e) => said(e)?.reason ?? null,
  group_id: (e) => change(e)?.groupId ?? null,
  group_name: (e) => change(e)?.groupName ?? null,
  target_user_id: (e) => target(e)?.targetUserId ?? null,
  target_name: (e) => target(e)?.targetName ?? null,
  target_email: (e) => change(e)?.targetEmail ?? null,
  detail: (e) => e.detail,
  task_type: (e) => task(e)?.taskType ?? null,
  task_created_at: (e) => task(e)?.taskCreatedAt?.toISOString() ?? null,
  decided_by: (e) => event(e)?.decidedBy ?? null,
  level_name: (e) => (task(e) ?? app(e) ?? requested(e))?.levelName ?? null,
  user_name: (e) => task(e)?.userName ?? null,
  task_step: (e) => task(e)?.taskStep ?? null,
  field_name: (e) => app(e)?.fieldName ?? null,
  request_type: (e) => app(e)?.requestType ?? null,
  value_before: (e) => app(e)?.valueBefore ?? null,
  value_after: (e) => app(e)?.valueAfter ?? null,
  task_due_at: (e) => task(e)?.taskDueAt?.toISOString() ?? null,
  batch_id: (e) => decision(e)?.batchId ?? null,
} satisfies Record<string, (entry: AuditEntry) => string | null>;

/** The hash of its last link in the chain (docs/security.md); empty before the chain began. */
const EXPORT_COLUMNS = [...(Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]), 'hash'] as const;
type Column = (typeof EXPORT_COLUMNS)[number];

function cell({ entry, hash }: NumberedAuditEntry, column: Column): string | null {
  const value = column === 'hash' ? hash : COLUMNS[column](entry);
  return value && printable(value);
}

export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^\s*[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvHeader = () => `${EXPORT_COLUMNS.join(',')}\r\n`;

export const csvLine = (entry: NumberedAuditEntry) =>
  `${EXPORT_COLUMNS.map((column) => csvCell(cell(entry, column))).join(',')}\r\n`;

/** Absent fields are null, so every line has every key. */
export const jsonLine = (entry: NumberedAuditEntry) =>
  `${JSON.stringify(Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, cell(entry, c)])))}\n`;
