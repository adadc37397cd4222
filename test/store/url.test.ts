import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/store/database-url.ts';
import { StoreError } from '../../src/store/errors.ts';

describe('DATABASE_URL', () => {
  it.each([
    ['sqlite:./data/accessbot.db', './data/accessbot.db'],
    ['sqlite:data/accessbot.db', 'data/accessbot.db'],
    ['sqlite::memory:', ':memory:'],
    ['sqlite:///var/lib/accessbot/bot.db', '/var/lib/accessbot/bot.db'],
    ['/var/lib/accessbot/bot.db', '/var/lib/accessbot/bot.db'],
    ['./bot.db', './bot.db'],
  ])('reads %s as the SQLite file %s', (url, file) => {
    expect(parseDatabaseUrl(url)).toEqual({ kind: 'sqlite', file });
  });

  it.each(['postgres://bot:pw@db/accessbot', 'postgresql://bot:pw@db/accessbot'])(
    'reads %s as PostgreSQL',
    (url) => {
      expect(parseDatabaseUrl(url)).toEqual({ kind: 'postgres', url });
    },
  );

  it.each([
    ['mysql://bot:s3cret@db/accessbot', /scheme "mysql"/],
    ['sqlite://host/bot.db', /absolute path/],
    ['sqlite:', /names no file/],
    ['', /empty/],
  ])('refuses %j with a clear reason', (url, reason) => {
    let error: unknown;
    try {
      parseDatabaseUrl(url);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('STORE_URL_UNSUPPORTED');
    expect((error as StoreError).message).toMatch(reason);
    expect((error as StoreError).message).not.toContain('s3cret');
  });
});
