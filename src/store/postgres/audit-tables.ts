/** The audit log on PostgreSQL (see the SQLite twin). */
import { z } from 'zod';
import { auditFilter, auditLimit } from '../audit-query.ts';
import { AUDIT_COLUMN_LIST, AUDIT_COLUMNS, auditCodec } from '../audit-rows.ts';
import { placeholders } from '../placeholders.ts';
import type { AuditStore } from '../roles.ts';
import type { PgDb } from './db.ts';

const same = (date: Date) => date;
const codec = auditCodec(z.date(), same);
const dollar = (n: number) => `$${n}`;
const INSERT = `INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES (${placeholders(AUDIT_COLUMN_LIST.length, dollar)})`;

export function postgresAuditTables(db: PgDb): AuditStore {
  return {
    async appendAudit(entry) {
      await db.query('appendAudit', INSERT, codec.auditValues(entry));
    },

    async listAudit(query = {}) {
      const limit = auditLimit(query.limit);
      const { where, params } = auditFilter(query, dollar, same);
      // `id` breaks ties between entries of the same millisecond: the later append is newer.
      const sql = `SELECT * FROM audit_log ${where} ORDER BY at DESC, id DESC LIMIT $${params.length + 1}`;
      return (await db.rows('listAudit', sql, [...params, limit])).map(codec.toAudit);
    },

    async readAuditLog(query, afterId, limit) {
      const page = auditLimit(limit);
      const after = afterId === undefined ? [] : [[(p: string) => `id > ${p}`, afterId] as const];
      const { where, params } = auditFilter(query, dollar, same, after);
      const sql = `SELECT * FROM audit_log ${where} ORDER BY id LIMIT $${params.length + 1}`;
      return (await db.rows('readAuditLog', sql, [...params, page])).map(codec.toNumbered);
    },

    async pruneAudit(before) {
      const result = await db.query('pruneAudit', 'DELETE FROM audit_log WHERE at < $1', [before]);
      return result.rowCount ?? 0;
    },
  };
}
