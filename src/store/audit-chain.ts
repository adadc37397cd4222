/**
 * The audit trail's hash chain (docs/security.md): every entry's recorded fields in one canonical
 * text, its digest, the link that binds it to the link before, and the receipt people are shown.
 */
import { createHash } from 'node:crypto';
import { MAX_STORED_CHARS, snake, storableText } from './sql.ts';

/**
 * Every recorded column of `audit_log` but its id and the chain's own, in the canonical order:
 * sorted by name, as RFC 8785 sorts keys. The list is part of every hash kept: a column added
 * later must be hashed only where it is set, so that the entries from before it keep theirs.
 */
export const CHAINED_COLUMNS = [
  'access_user_id',
  'action',
  'actor_name',
  'app_id',
  'app_name',
  'at',
  'batch_id',
  'chat_user_id',
  'decided_by',
  'detail',
  'field_name',
  'group_id',
  'group_name',
  'level_name',
  'outcome',
  'platform',
  'reason',
  'request_type',
  'requester_name',
  'target_email',
  'target_name',
  'target_user_id',
  'task_created_at',
  'task_due_at',
  'task_id',
  'task_step',
  'task_title',
  'task_type',
  'user_name',
  'value_after',
  'value_before',
] as const;

/** Where the chain of a deployment starts: SHA-256 of "accessbot audit genesis". */
export const GENESIS_HASH = 'ea59a3cf1edb283ed003535e8af25d487b8690e67cce3c0377ffdcdb2e2ca9b2';

const isInstant = (column: string) => column === 'at' || column.endsWith('_at');

/** A value as the store keeps it: SQLite's epoch milliseconds and PostgreSQL's dates alike. */
function kept(column: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (isInstant(column) && (value instanceof Date || typeof value === 'number')) {
    return new Date(value).toISOString();
  }
  return typeof value === 'string' ? storableText(value, MAX_STORED_CHARS) : String(value);
}

/**
 * The canonical text of an entry: a JSON object of every chained column, in that order, null
 * where nothing is recorded, instants as ISO 8601 in UTC with milliseconds.
 */
export function canonicalEntry(row: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(
    Object.fromEntries(CHAINED_COLUMNS.map((column) => [column, kept(column, row[column])])),
  );
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The hash of the entry's own canonical content, hex. */
export const entryDigest = (row: Readonly<Record<string, unknown>>): string =>
  sha256(canonicalEntry(row)).toString('hex');

/** Link `link` of the chain: the link before's hash, its place and the entry's digest. */
export const linkHash = (prev: string, link: number, digest: string): string =>
  sha256(`${prev}:${link}:${digest}`).toString('hex');

/** An entry's fields as the columns they are kept in. */
export const entryColumns = (entry: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(entry).map(([field, value]) => [snake(field), value]));

/** The receipt of an entry as it is (or will be) kept. */
export const entryReceipt = (entry: object): string => receiptOf(entryDigest(entryColumns(entry)));

/** Crockford's base32: no I, L, O or U to be misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECEIPT_LENGTH = 10;

/** The first 50 bits of the digest in base32. */
export function receiptOf(digest: string): string {
  const bits = BigInt(`0x${digest.slice(0, 13)}`) >> 2n;
  let code = '';
  for (let i = RECEIPT_LENGTH - 1; i >= 0; i--) {
    code += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  }
  return code;
}

/** What a person typed, as a receipt: case and dashes ignored, O read as 0, I and L as 1. */
export function readReceipt(text: string): string | undefined {
  const code = text.toUpperCase().replace(/[-\s]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== RECEIPT_LENGTH) return undefined;
  return [...code].every((c) => ALPHABET.includes(c)) ? code : undefined;
}
