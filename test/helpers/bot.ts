/** A real bot over a real sandbox and an in-memory SQLite store, with a silent logger. */
import { Writable } from 'node:stream';
import type { AccessClient } from '../../src/access/client.ts';
import { AccessBot, type BotDeps } from '../../src/core/bot.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import { createLogger } from '../../src/log.ts';
import { openStore } from '../../src/store/open.ts';
import type { Platform, Store } from '../../src/store/store.ts';

export function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, log: createLogger({ level: 'debug' }, stream) };
}

/** `more`: further dependencies of the bot, which may use its store. */
export async function botFor(client: AccessClient, more?: (store: Store) => Partial<BotDeps>) {
  const store = await openStore('sqlite::memory:');
  const { lines, log } = captureLog();
  // Tests act far faster than people: no per-person limit here (test/security/floods.test.ts has its own).
  const deps = { pendingStatus: 'Pending', ...more?.(store) };
  const bot = new AccessBot({ client, store, log, ...deps });
  return { bot, store, logLines: lines, log };
}

export function actor(
  email: string | undefined,
  platform: Platform = 'slack',
  id = `U-${email}`,
): ChatActor {
  return { platform, chatUserId: id, email: async () => email };
}
