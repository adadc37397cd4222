/**
 * `npm run bench:click`: what one Slack Approve click on a task notification costs inside
 * accessbot — the product files whose code runs and the store statements it makes — from the
 * signed request to the outbox's record of its edit of the clicked message.
 *
 * The real Slack adapter serves the click (the fake Slack Web API, the sandbox Access Service, an
 * in-memory SQLite store, as in the tests). One click on another task first loads and warms
 * everything; the measured click runs under V8's precise coverage (a file counts when any of
 * its functions ran), and every SQL statement is counted at node:sqlite (store-statements.ts).
 * The measurement ends when the click's own work does: the card's edit is recorded and nothing
 * follows; the bench checks the card afterwards, so its own store reads are not counted.
 */
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { english } from '../src/core/i18n/voice.ts';
import { taskCard, taskMessage } from '../src/core/tasks/task-card.ts';
import { users, workApps } from '../src/sandbox/seed.ts';
import { clickPayload, sendInteraction } from '../test/fakes/slack-payloads.ts';
import { sendCard } from '../test/helpers/outbox-card.ts';
import { clientFor } from '../test/helpers/sandbox.ts';
import { countedSlack } from './counted-slack.ts';
import { answered, counted, printStatements, quiet } from './store-statements.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// The sandbox stands in for the Access Service: not accessbot's code.
const product = /^(src\/(?!sandbox\/)|adapters\/)/;

const { sandbox, fake, bot, outsideCalls, close } = await countedSlack();
const client = clientFor(sandbox);

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

/**
 * Approve on the notification; resolves once the click's own work has ended: the outbox has
 * edited the card and recorded it with the decision (`settleEdited`), and nothing follows.
 */
async function click(where: { channel: string; ts: string; taskId: string }) {
  const key = `${where.channel}/${where.ts}`;
  const blocks = fake.messages.get(key)!.blocks as unknown[];
  const payload = clickPayload(blocks, 'accessbot.approve', 'U-ADA', {
    kind: 'message',
    ...where,
    responseUrl: fake.responseUrl(),
  });
  const settled = answered('settleEdited');
  await sendInteraction(bot.url, payload);
  await settled;
  await quiet();
}

/** The card edited and resolved, checked after the measurement (the store read is not the click's). */
async function checkEdited(where: { channel: string; ts: string; taskId: string }) {
  const edited = JSON.stringify(fake.messages.get(`${where.channel}/${where.ts}`)!.blocks);
  if (edited.includes('accessbot.approve')) throw new Error('the card still has its buttons');
  const sent = await bot.store.listNotifications({ taskIds: [where.taskId] });
  if (!sent.every((n) => n.resolvedAt && !n.intent)) throw new Error('the card is not resolved');
}

const warm = await notified('dennis', 'read');
const measured = await notified('edsger', 'admin');
await click(warm);
await checkEdited(warm);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
await session.post('Profiler.takePreciseCoverage');
const printCalls = outsideCalls();
counted.measuring = true;
await click(measured);
const { result } = await session.post('Profiler.takePreciseCoverage');
counted.measuring = false;
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
printCalls();
printStatements();
await checkEdited(measured);

await close();
