/**
 * `npm run bench:click`: what one Slack Approve click on a task notification costs inside
 * accessbot — the product files whose code runs and the store writes it makes — from the signed
 * request to the outbox's edit of the clicked message.
 *
 * The real Slack adapter serves the click (the fake Slack Web API, the sandbox Access Service, an
 * in-memory SQLite store, as in the tests). One click on another task first loads and warms
 * everything; the measured click runs under V8's precise coverage (a file counts when any of
 * its functions ran), and every SQL statement that writes (INSERT, UPDATE, DELETE) is counted at
 * node:sqlite, with the store method that issued it, and so is every commit (a write outside a
 * transaction, or a transaction that wrote): what the disk, or PostgreSQL's log, must make durable.
 */
import { Session } from 'node:inspector/promises';
import { DatabaseSync, StatementSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { english } from '../src/core/i18n/voice.ts';
import { taskCard, taskMessage } from '../src/core/tasks/task-card.ts';
import { users, workApps } from '../src/sandbox/seed.ts';
import type { Store } from '../src/store/store.ts';
import { startSandbox } from '../test/fakes/sandbox-faults.ts';
import { FakeSlack } from '../test/fakes/slack-api.ts';
import { startSlackBot } from '../test/fakes/slack-bot.ts';
import { clickPayload, sendInteraction } from '../test/fakes/slack-payloads.ts';
import { sendCard } from '../test/helpers/outbox-card.ts';
import { clientFor } from '../test/helpers/sandbox.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// The sandbox stands in for the Access Service: not accessbot's code.
const product = /^(src\/(?!sandbox\/)|adapters\/)/;

/**
 * Write statements run while `measuring`, by the store method that ran them; and commits: each
 * write outside a transaction is one, a transaction with writes is one.
 */
const writes: string[] = [];
let commits = 0;
let measuring = false;
let inMethod: string | undefined;
let inTransaction = false;
let transactionWrites = 0;
for (const method of ['run', 'get', 'all', 'iterate'] as const) {
  const original = StatementSync.prototype[method] as (...args: unknown[]) => unknown;
  StatementSync.prototype[method] = function (this: StatementSync, ...args: unknown[]) {
    if (measuring && /^\s*(insert|update|delete|replace)\b/i.test(this.sourceSQL)) {
      writes.push(`${inMethod ?? '?'}: ${this.sourceSQL.replace(/\s+/g, ' ').slice(0, 70)}`);
      if (inTransaction) transactionWrites++;
      else commits++;
    }
    return original.apply(this, args);
  } as never;
}
const exec = DatabaseSync.prototype.exec;
DatabaseSync.prototype.exec = function (this: DatabaseSync, text: string) {
  if (/^\s*begin\b/i.test(text)) [inTransaction, transactionWrites] = [true, 0];
  if (/^\s*(commit|rollback)\b/i.test(text)) {
    if (/^\s*commit/i.test(text) && transactionWrites && measuring) commits++;
    inTransaction = false;
  }
  return exec.call(this, text);
};

/** The store, each method named while it runs (one click: no other work interleaves). */
function named(store: Store): Store {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const outer = inMethod;
        inMethod = String(key);
        try {
          const result = value.apply(target, args);
          return result instanceof Promise ? result.finally(() => (inMethod = outer)) : result;
        } finally {
          if (!(value.constructor.name === 'AsyncFunction')) inMethod = outer;
        }
      };
    },
  });
}

const sandbox = await startSandbox({ pageSize: 25 });
const client = clientFor(sandbox);
const fake = await FakeSlack.start();
const bot = await startSlackBot(sandbox, fake, {}, { quiet: true, wrapStore: named });

/** A new GitHub request for `who`, its task for Ada notified to her as the poller would. */
async function notified(who: keyof typeof users, level: keyof typeof workApps.github.levels) {
  const access = sandbox.state.createAccessRequest({
    workAppId: workApps.github.id,
    userId: users[who].id,
    permissionLevelId: workApps.github.levels[level].id,
    justification: 'for the release',
  });
  const task = sandbox.state
    .tasksFor(users.ada.id, 'Pending')
    .find((t) => t.metadata.accessId === access.id);
  if (!task) throw new Error('no task for Ada');
  await bot.store.rememberTasks(users.ada.id, [task.id], new Date());
  const card = taskCard(english, await client.getTask(task.id), { pendingStatus: 'Pending' });
  const ref = await sendCard(bot.store, bot.served.adapters[0]!.notifier, {
    to: { kind: 'user', chatUserId: 'U-ADA' },
    accessUserId: users.ada.id,
    taskId: task.id,
    message: taskMessage(english, card, 'New task'),
  });
  const { channel, ts } = ref.data as { channel: string; ts: string };
  return { channel, ts, taskId: task.id };
}

/** Approve on the notification; resolves once the outbox has edited it and ended its intent. */
async function click(where: { channel: string; ts: string; taskId: string }) {
  const key = `${where.channel}/${where.ts}`;
  const blocks = fake.messages.get(key)!.blocks as unknown[];
  const payload = clickPayload(blocks, 'accessbot.approve', 'U-ADA', {
    kind: 'message',
    ...where,
    responseUrl: fake.responseUrl(),
  });
  await sendInteraction(bot.url, payload);
  await fake.waitFor(() =>
    JSON.stringify(fake.messages.get(key)!.blocks).includes('accessbot.approve') ? undefined : true,
  );
  const ended = async () => {
    const sent = await bot.store.listNotifications({ taskIds: [where.taskId] });
    return sent.every((n) => n.resolvedAt && !n.intent);
  };
  while (!(await ended())) await new Promise((resolve) => setImmediate(resolve));
}

const warm = await notified('dennis', 'read');
const measured = await notified('edsger', 'admin');
await click(warm);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
await session.post('Profiler.takePreciseCoverage');
measuring = true;
await click(measured);
measuring = false;
const { result } = await session.post('Profiler.takePreciseCoverage');
await session.post('Profiler.stopPreciseCoverage');
session.disconnect();

const files = result
  .filter((script) => script.url.startsWith('file://'))
  .map((script) => ({
    file: fileURLToPath(script.url).slice(root.length),
    ran: script.functions.some((f) => f.ranges[0]!.count > 0),
  }))
  .filter((s) => s.ran && product.test(s.file))
  .map((s) => s.file)
  .sort();

console.log(`product files run by one Approve click: ${files.length}`);
for (const file of files) console.log(`  ${file}`);
console.log(`store writes (commits): ${commits}, of ${writes.length} SQL statements that write:`);
for (const write of writes) console.log(`  ${write}`);

await bot.close();
await fake.close();
await sandbox.close();
