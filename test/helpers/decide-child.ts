/**
 * One decision in a process of its own, for the crash test: Ada's LINE (e.g. `approve <id>`) on
 * Slack, on the store DATABASE_URL names, against the sandbox. CRASH_AT makes the process kill
 * itself at one step: `intent` once the decision is kept and before it is sent, `call` once the
 * Access Service has answered and before the outcome is written. Otherwise it prints the reply.
 */
import { AccessClient } from '../../src/access/client.ts';
import { AccessBot } from '../../src/core/bot.ts';
import { createLogger } from '../../src/log.ts';
import { users } from '../../src/sandbox/seed.ts';
import { openStore } from '../../src/store/open.ts';
import type { AuditEntry, Store } from '../../src/store/store.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const real = await openStore(env('DATABASE_URL'));
const crashAt = process.env.CRASH_AT;
const die = () => process.kill(process.pid, 'SIGKILL');

/** The real store, but for the step the process dies at. */
const store = new Proxy(real, {
  get(target, name, receiver) {
    const value = Reflect.get(target, name, receiver);
    if (name === 'appendAudit' && crashAt === 'intent') {
      return async (entry: AuditEntry) => {
        const id = await target.appendAudit(entry);
        if (entry.outcome === 'started') die();
        return id;
      };
    }
    if (name === 'completeDecision' && crashAt === 'call') return async () => die();
    return typeof value === 'function' ? value.bind(target) : value;
  },
}) as Store;

const client = new AccessClient({
  baseUrl: env('SANDBOX_URL'),
  apiKey: env('SANDBOX_API_KEY'),
  apiSecret: env('SANDBOX_API_SECRET'),
  timeoutMs: 5_000,
});
const bot = new AccessBot({
  client,
  store,
  log: createLogger({ level: 'warn' }),
  pendingStatus: 'Pending',
});
const ada = { platform: 'slack' as const, chatUserId: 'U-ADA', email: async () => users.ada.email };
const reply = await bot.handle(ada, env('LINE'), {});
process.stdout.write(reply.summary);
await real.close();
