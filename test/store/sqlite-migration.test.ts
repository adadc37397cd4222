/**
 * Migration 9 reshapes two SQLite tables written on every command (the replay guard and the task
 * numbers): a database written by the build before it is opened by this one, and what it held
 * still holds — a replayed request is still refused, `approve 2` still means the same task.
 * Migration 16 (the requester's side) keeps the open requests as the bot's own and the cards as
 * they were, with no "looking at it" mark.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteMigrations as migrations } from '../../src/store/migrations.ts';
import { openStore } from '../../src/store/open.ts';
import { migrate } from '../../src/store/sqlite/migrate.ts';

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

describe('SQLite migration 16 (the requester’s side)', () => {
  it('keeps the open requests and the notifications of the build before it', async () => {
    const file = join(root, 'v15.db');
    const now = Date.UTC(2026, 10, 22, 9);
    const old = new DatabaseSync(file);
    migrate(
      old,
      migrations.filter((m) => m.version <= 15),
    );
    old
      .prepare(
        'INSERT INTO bot_requests (access_id, access_user_id, work_app_id, task_ids, requested_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run('access-1', 'grace', 'app-1', JSON.stringify(['task-1']), now);
    old
      .prepare(
        `INSERT INTO notifications (task_id, platform, recipient, access_user_id, claimed_at, claimed_by, message_ref, sent_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run('task-1', 'slack', 'user:U-ADA', 'ada', now, 'r', JSON.stringify({ ts: '1' }), now);
    old.close();

    const store = await openStore(`sqlite:${file}`);
    try {
      const request = { accessId: 'access-1', accessUserId: 'grace', workAppId: 'app-1' };
      const open = { ...request, taskIds: ['task-1'], requestedAt: new Date(now) };
      expect(await store.listOpenRequests()).toEqual([open]);
      expect(await store.getRequest('access-1')).toEqual({ ...open, via: 'bot', nudgedAt: null });
      expect(await store.listRequestsOf('grace', 10)).toHaveLength(1);
      const [card] = await store.listNotifications({ taskIds: ['task-1'] });
      expect(card?.lookEndsAt).toBeNull();
    } finally {
      await store.close();
    }
  });
});
