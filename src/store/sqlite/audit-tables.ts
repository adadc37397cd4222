/** The audit log on SQLite. */
import type { SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import { auditFilter, auditLimit } from '../audit-query.ts';
import { AUDIT_COLUMN_LIST, AUDIT_COLUMNS, auditCodec } from '../audit-rows.ts';
import { placeholders } from '../placeholders.ts';
import type { AuditStore } from '../roles.ts';
import type { SqliteDb } from './db.ts';

const ms = (date: Date) => date.getTime();
const codec = auditCodec(
  z.number().transform((n) => new Date(n)),
  ms,
);
const INSERT = `INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES (${placeholders(AUDIT_COLUMN_LIST.length, () => '?')})`;

export function sqliteAuditTables(db: SqliteDb): AuditStore {
  return {
    async appendAudit(entry) {
      const values = codec.auditValues(entry);
      db.run('appendAudit', () => {
        db.statement(INSERT).run(...values);
      });
    },

    async listAudit(query = {}) {
      const limit = auditLimit(query.limit);
      const { where, params } = auditFilter(query, () => '?', ms);
      return db.run('listAudit', () =>
        // `id` breaks ties between entries of the same millisecond: the later append is newer.
        db
          .statement(`SELECT * FROM audit_log ${where} ORDER BY at DESC, id DESC LIMIT ?`)
          .all(...(params as SQLInputValue[]), limit)
          .map(codec.toAudit),
      );
    },

    async readAuditLog(query, afterId, limit) {
      const page = auditLimit(limit);
      const after = afterId === undefined ? [] : [[(p: string) => `id > ${p}`, afterId] as const];
      const { where, params } = auditFilter(query, () => '?', ms, after);
      return db.run('readAuditLog', () =>
        db
          .statement(`SELECT * FROM audit_log ${where} ORDER BY id LIMIT ?`)
          .all(...(params as SQLInputValue[]), page)
          .map(codec.toNumbered),
      );
    },

    async pruneAudit(before) {
      return db.run('pruneAudit', () =>
        Number(db.statement('DELETE FROM audit_log WHERE at < ?').run(ms(before)).changes),
      );
    },
  };
}
