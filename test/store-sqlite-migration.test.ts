/**
 * Migration 9 reshapes two SQLite tables written on every command (the replay guard and the task
 * numbers): a database written by the build before it is opened by this one, and what it held
 * still holds — a replayed request is still refused, `approve 2` still means the same task.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/store/open.ts';
import { migrate } from '../src/store/sqlite/migrate.ts';
import { migrations } from '../src/store/sqlite/migrations.ts';

const root = mkdtempSync(join(tmpdir(), 'accessbot-migration-9-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('SQLite migration 9', () => {
  it('keeps the replay guard’s keys and everyone’s task numbers', async () => {
    const file = join(root, 'v8.db');
    const now = Date.UTC(2025, 2, 1, 10);
    const old = new DatabaseSync(file);
    migrate(
      old,
      migrations.filter((m) => m.version <= 8),
    );
    old
      .prepare('INSERT INTO replay_guard (key, forget_after) VALUES (?, ?)')
      .run('slack:v0=seen', now + 600_000);
    old
      .prepare(
        'INSERT INTO task_numbering (platform, chat_user_id, task_ids, saved_at) VALUES (?, ?, ?, ?)',
      )
      .run('slack', 'U01', JSON.stringify(['task-b', 'task-a']), now);
    old.close();

    const store = await openStore(`sqlite:${file}`);
    try {
      expect(await store.firstSeen('slack:v0=seen', new Date(now), new Date(now + 600_000))).toBe(
        false,
      );
      expect(await store.getTaskNumbering('slack', 'U01')).toEqual(['task-b', 'task-a']);
      await store.saveTaskNumbering('slack', 'U01', ['task-a'], new Date(now + 1000));
      expect(await store.getTaskNumbering('slack', 'U01')).toEqual(['task-a']);
    } finally {
      await store.close();
    }
  });
});
