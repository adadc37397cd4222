/**
 * One person flooding the bot: past their share they are asked to slow down and nothing reaches
 * the Access Service; someone with no Access account costs one scan of the users, not one per
 * command.
 */
import { describe, expect, it } from 'vitest';
import { AccessBot } from '../../src/core/bot.ts';
import { UNLINKED_FOR_MS } from '../../src/core/identity.ts';
import { users } from '../../src/sandbox/seed.ts';
import { openStore } from '../../src/store/open.ts';
import type { Store } from '../../src/store/store.ts';
import { actor, captureLog } from '../helpers/bot.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ pageSize: 2 });

async function botWith(
  time: { ms: number },
  rateLimit = { perMinute: 30, burst: 10 },
  store?: Store,
) {
  const { log } = captureLog();
  return new AccessBot({
    client: sandbox.client,
    store: store ?? (await openStore('sqlite::memory:')),
    log,
    pendingStatus: 'Pending',
    rateLimit,
    now: () => new Date(time.ms),
  });
}

/** Scans of every user: first pages of `GET /users` (later pages carry a cursor). */
const userScans = () =>
  sandbox.current.requests.filter(
    (r) => r.path.endsWith('/users') && Object.keys(r.query).length === 0,
  ).length;

describe('a flood from one person', () => {
  it('answers the first burst, then asks to slow down without calling the service', async () => {
    const time = { ms: Date.now() };
    const bot = await botWith(time);
    const ada = actor(users.ada.email, 'slack', 'U-ADA');
    const replies = [];
    for (let i = 0; i < 100; i++) replies.push(await bot.handle(ada, 'tasks'));
    expect(replies.filter((r) => r.title === 'Slow down')).toHaveLength(90);
    expect(replies[99]?.summary).toContain('Nothing was done');

    sandbox.current.requests.length = 0;
    const click = await bot.tasks.decide(ada, '00000000-0000-4000-8000-000000000000', 'approve');
    expect(click.reply.title).toBe('Slow down');
    expect(sandbox.current.requests).toEqual([]);

    // Others are not slowed down by her, and she may go on once her window is over: 10 of her
    // 30 a minute take 20 s.
    const grace = actor(users.grace.email, 'slack', 'U-GRACE');
    expect((await bot.handle(grace, 'tasks')).title).not.toBe('Slow down');
    time.ms += 20_000;
    expect((await bot.handle(ada, 'tasks')).title).not.toBe('Slow down');
  });

  it('holds across replicas sharing the store, however the commands spread', async () => {
    // The start of a window (10 of 30 a minute: 20 s), so the whole test stays within it.
    const time = { ms: Math.ceil(Date.now() / 20_000) * 20_000 };
    const store = await openStore('sqlite::memory:');
    const limit = { perMinute: 30, burst: 10 };
    const replicas = [await botWith(time, limit, store), await botWith(time, limit, store)];
    const ada = actor(users.ada.email, 'slack', 'U-ADA');
    const titles = [];
    for (let i = 0; i < 20; i++) titles.push((await replicas[i % 2]!.handle(ada, 'help')).title);
    expect(titles.filter((t) => t === 'Slow down')).toHaveLength(10);
    // The next window, a fresh share.
    time.ms += 20_000;
    expect((await replicas[0]!.handle(ada, 'help')).title).not.toBe('Slow down');
  });

  it('can be switched off', async () => {
    const bot = await botWith({ ms: Date.now() }, { perMinute: 0, burst: 1 });
    const ada = actor(users.ada.email, 'slack', 'U-ADA');
    for (let i = 0; i < 30; i++)
      expect((await bot.handle(ada, 'help')).title).not.toBe('Slow down');
  });
});

describe('someone with no Access account', () => {
  it('costs one scan of the users however often they ask, and is asked afresh after a minute', async () => {
    const time = { ms: Date.now() };
    const bot = await botWith(time, { perMinute: 0, burst: 1 });
    const stranger = actor('stranger@elsewhere.example', 'slack', 'U-STRANGER');
    sandbox.current.requests.length = 0;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => bot.handle(stranger, 'tasks')),
    );
    for (let i = 0; i < 80; i++) replies.push(await bot.handle(stranger, 'tasks'));
    expect(replies.every((r) => r.summary.includes('does not belong to any user'))).toBe(true);
    expect(userScans()).toBe(1);

    // Added meanwhile? A minute later they are looked up again.
    time.ms += UNLINKED_FOR_MS + 1;
    await bot.handle(stranger, 'tasks');
    expect(userScans()).toBe(2);
  });
});
