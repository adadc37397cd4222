/**
 * Approve, Decline (with its modal) and Approve all, clicked on the blocks the bot really posted:
 * a DM notification (edited by the outbox with chat.update, once) and the ephemeral `tasks` list
 * (replaced through its response_url). The Access Service is the sandbox; what reached it is read
 * from its log.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { english } from '../../src/core/i18n/voice.ts';
import { taskCard, taskMessage } from '../../src/core/tasks/task-card.ts';
import { users, workApps } from '../../src/sandbox/seed.ts';
import type { PostedMessage } from '../fakes/slack-api.ts';
import { checkAllPayloads } from '../fakes/slack-blockkit.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';
import {
  clickPayload,
  findButton,
  sendCommand,
  sendInteraction,
  submissionPayload,
  type Where,
} from '../fakes/slack-payloads.ts';
import { sendCard } from '../helpers/outbox-card.ts';

const slack = useSlackBot();
const fake = () => slack.fake;
const sandbox = () => slack.sandbox.current;
const text = (value: unknown) => JSON.stringify(value);
const posts = (suffix: string) =>
  sandbox().requests.filter((r) => r.method === 'POST' && r.path.endsWith(suffix));

/** Requesters and GitHub levels not used yet, so each test gets a request of its own. */
const fresh = Object.keys(users)
  .filter((u) => !['ada', 'alan', 'grace'].includes(u))
  .flatMap((u) => Object.keys(workApps.github.levels).map((level) => ({ u, level })));

/** A new GitHub access request; returns the task it opened for Ada. */
function newTaskForAda() {
  const next = fresh.shift();
  if (!next) throw new Error('out of fresh requests');
  const level = next.level as keyof typeof workApps.github.levels;
  const access = sandbox().state.createAccessRequest({
    workAppId: workApps.github.id,
    userId: users[next.u as keyof typeof users].id,
    permissionLevelId: workApps.github.levels[level].id,
    justification: 'for the release',
  });
  const task = sandbox()
    .state.tasksFor(users.ada.id, 'Pending')
    .find((t) => t.metadata.accessId === access.id);
  if (!task) throw new Error('no task for Ada');
  return task.id;
}

/**
 * The notification the poller would send Ada for `taskId`, sent through an outbox on the bot's
 * store; like the poller, it remembers that the task was in Ada's list.
 */
async function notifyAda(taskId: string) {
  await slack.bot.store.rememberTasks(users.ada.id, [taskId], new Date());
  const notifier = slack.bot.served.adapters[0]!.notifier;
  const task = await slack.sandbox.client.getTask(taskId);
  const ref = await sendCard(slack.bot.store, notifier, {
    to: { kind: 'user', chatUserId: 'U-ADA' },
    accessUserId: users.ada.id,
    taskId,
    message: taskMessage(
      english,
      taskCard(english, task, { pendingStatus: 'Pending' }),
      'New task',
    ),
  });
  const { channel, ts } = ref.data as { channel: string; ts: string };
  const where: Where = { kind: 'message', channel, ts, responseUrl: fake().responseUrl() };
  return { where, message: () => fake().messages.get(`${channel}/${ts}`)! };
}

const updated = (message: () => PostedMessage, includes: string) =>
  fake().waitFor(() => (text(message().blocks).includes(includes) ? message() : undefined));

const respondedAt = (url: string, n = 1) =>
  fake().waitFor(() => {
    const got = fake().respondedTo(url);
    return got.length >= n ? got[n - 1]!.body : undefined;
  });

/** Ada's `tasks` list, as the ephemeral answer the bot sent. */
async function adaList() {
  const responseUrl = fake().responseUrl();
  await sendCommand(slack.bot.url, 'tasks', 'U-ADA', responseUrl);
  const body = await respondedAt(responseUrl);
  return { responseUrl, blocks: body.blocks as unknown[] };
}

afterEach((test) => {
  if (test.task.result?.state === 'fail') console.log(slack.bot.logLines.slice(-15).join(''));
  expect(checkAllPayloads(fake())).toBeGreaterThan(0);
});

describe('Approve on a notification', () => {
  it('approves at once and edits the message: buttons gone, who approved and when', async () => {
    const taskId = newTaskForAda();
    const { where, message } = await notifyAda(taskId);
    const click = clickPayload(message().blocks, 'accessbot.approve', 'U-ADA', where);
    // Acked while the service has not answered yet.
    const service = sandbox().faults.hold();
    const ack = await sendInteraction(slack.bot.url, click);
    expect(ack.status).toBe(200);
    service.release();
    const after = await updated(message, 'Approved by Ada Lovelace');
    expect(text(after.blocks)).not.toContain('accessbot.approve');
    expect(posts(`/Tasks/${taskId}/Approve`)).toHaveLength(1);
    expect(sandbox().state.task(taskId).status).toBe('Approved');
    // The decider's card shows the receipt of the entry that records the approval.
    const code = /Receipt ([0-9A-Z]{5})-([0-9A-Z]{5})/.exec(text(after.blocks));
    expect(code).not.toBeNull();
    await vi.waitFor(async () => {
      const [kept] = await slack.bot.store.findReceipt(`${code![1]}${code![2]}`);
      expect(kept?.entry).toMatchObject({ taskId, action: 'approve', outcome: 'approved' });
    });
  });

  it('refuses a click from someone the task is not assigned to: no call reaches the service', async () => {
    const taskId = newTaskForAda();
    const { where, message } = await notifyAda(taskId);
    const before = text(message().blocks);
    const click = clickPayload(message().blocks, 'accessbot.approve', 'U-GRACE', where);
    await sendInteraction(slack.bot.url, click);
    if (where.kind !== 'message') throw new Error('unexpected');
    const told = await respondedAt(where.responseUrl);
    expect(told).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(String(told.text)).toContain('not in your task list');
    expect(posts('/Approve')).toHaveLength(0);
    expect(fake().callsOf('chat.update')).toHaveLength(0);
    expect(text(message().blocks)).toBe(before);
  });

  it('decides once on a double click: the card is edited once, the second click is told', async () => {
    const taskId = newTaskForAda();
    const { where, message } = await notifyAda(taskId);
    if (where.kind !== 'message') throw new Error('unexpected');
    const click = clickPayload(message().blocks, 'accessbot.approve', 'U-ADA', where);
    await Promise.all([
      sendInteraction(slack.bot.url, click),
      sendInteraction(slack.bot.url, { ...click, trigger_id: 'another' }),
    ]);
    const told = await respondedAt(where.responseUrl);
    expect(told).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(String(told.text)).toContain('already decided');
    await updated(message, 'Approved by Ada Lovelace');
    expect(posts(`/Tasks/${taskId}/Approve`)).toHaveLength(1);
    expect(fake().callsOf('chat.update')).toHaveLength(1);
  });

  it('updates a stale button to the real state, fetched from the service, and says so', async () => {
    const taskId = newTaskForAda();
    const { where, message } = await notifyAda(taskId);
    // Alan, the other approver, decides the same request elsewhere.
    const alanTask = sandbox()
      .state.tasksFor(users.alan.id, 'Pending')
      .find((t) => t.metadata.accessId === sandbox().state.task(taskId).metadata.accessId)!;
    sandbox().state.decideTask(alanTask.id, 'Declined', users.alan.id, 'not this quarter');
    const click = clickPayload(message().blocks, 'accessbot.approve', 'U-ADA', where);
    await sendInteraction(slack.bot.url, click);
    const after = await updated(message, 'Declined by Alan Turing');
    if (where.kind !== 'message') throw new Error('unexpected');
    expect(String((await respondedAt(where.responseUrl)).text)).toContain('already decided');
    expect(text(after.blocks)).toContain('not this quarter');
    expect(text(after.blocks)).not.toContain('accessbot.approve');
    expect(posts('/Approve')).toHaveLength(0);
  });

  it('acks at once when the service is down, and says so without touching the message', async () => {
    const taskId = newTaskForAda();
    const { where, message } = await notifyAda(taskId);
    const service = sandbox().faults.hold();
    sandbox().faults.failNext(50, 503);
    const click = clickPayload(message().blocks, 'accessbot.approve', 'U-ADA', where);
    const ack = await sendInteraction(slack.bot.url, click);
    expect(ack.status).toBe(200);
    service.release();
    if (where.kind !== 'message') throw new Error('unexpected');
    const told = await respondedAt(where.responseUrl);
    expect(String(told.text)).toContain('not answering');
    expect(fake().callsOf('chat.update')).toHaveLength(0);
    sandbox().faults.reset();
    expect(sandbox().state.task(taskId).status).toBe('Pending');
  });

  it('answers a forged button value plainly, calling no service', async () => {
    const taskId = newTaskForAda();
    const { where, message } = await notifyAda(taskId);
    const click = clickPayload(message().blocks, 'accessbot.approve', 'U-ADA', where);
    (click.actions as Array<{ value: string }>)[0]!.value = `${'x'.repeat(3000)}`;
    sandbox().requests.length = 0;
    await sendInteraction(slack.bot.url, click);
    if (where.kind !== 'message') throw new Error('unexpected');
    expect(String((await respondedAt(where.responseUrl)).text)).toContain('not valid');
    expect(sandbox().requests).toHaveLength(0);
  });
});

describe('Decline', () => {
  it('opens a modal for the reason, then declines with it and edits the message', async () => {
    const taskId = newTaskForAda();
    const { where, message } = await notifyAda(taskId);
    await sendInteraction(
      slack.bot.url,
      clickPayload(message().blocks, 'accessbot.decline', 'U-ADA', where),
    );
    const opened = await fake().waitFor(() => fake().callsOf('views.open')[0]);
    expect(posts('/Decline')).toHaveLength(0);
    const view = opened.args.view as Record<string, unknown>;
    expect(view.callback_id).toBe('accessbot.decline');
    const reason = {
      reason: { 'accessbot.decline.reason': { type: 'plain_text_input', value: 'not needed' } },
    };
    const ack = await sendInteraction(
      slack.bot.url,
      submissionPayload({ ...view, id: 'V-1' }, 'U-ADA', reason),
    );
    expect(ack.status).toBe(200);
    const after = await updated(message, 'Declined by Ada Lovelace');
    expect(text(after.blocks)).toContain('not needed');
    expect(posts(`/Tasks/${taskId}/Decline`)).toHaveLength(1);
    expect(JSON.parse(posts('/Decline')[0]!.body)).toEqual({ reason: 'not needed' });
  });

  it('refuses an over-long reason in the form itself, deciding nothing', async () => {
    const taskId = newTaskForAda();
    const { where, message } = await notifyAda(taskId);
    await sendInteraction(
      slack.bot.url,
      clickPayload(message().blocks, 'accessbot.decline', 'U-ADA', where),
    );
    const view = (await fake().waitFor(() => fake().callsOf('views.open')[0])).args.view as Record<
      string,
      unknown
    >;
    const values = { reason: { 'accessbot.decline.reason': { value: 'y'.repeat(1001) } } };
    const ack = await sendInteraction(slack.bot.url, submissionPayload(view, 'U-ADA', values));
    expect(JSON.parse(ack.body)).toMatchObject({ response_action: 'errors' });
    expect(posts('/Decline')).toHaveLength(0);
  });
});

describe('the ephemeral tasks list', () => {
  it('replaces the list: the decided card first, then what is still pending', async () => {
    const taskId = newTaskForAda();
    const { responseUrl, blocks } = await adaList();
    const where: Where = { kind: 'ephemeral', responseUrl };
    await sendInteraction(
      slack.bot.url,
      clickPayload(blocks, 'accessbot.approve', 'U-ADA', where, taskId),
    );
    const replaced = await respondedAt(responseUrl, 2);
    expect(replaced.replace_original).toBe(true);
    const shown = text(replaced.blocks);
    expect(shown.indexOf('Approved by Ada Lovelace')).toBeLessThan(shown.indexOf('pending task'));
    expect(() => findButton(replaced.blocks as unknown[], 'accessbot.approve', taskId)).toThrow();
    expect(posts(`/Tasks/${taskId}/Approve`)).toHaveLength(1);
  });

  it('Approve all confirms with the task names, decides each on its own and reports each', async () => {
    const mine = [newTaskForAda(), newTaskForAda()];
    const { responseUrl, blocks } = await adaList();
    const { button } = findButton(blocks, 'accessbot.approve_all');
    expect(text(button.confirm)).toContain('Access request: GitHub');
    // One task was decided elsewhere meanwhile; one id in the payload is someone else's.
    const decidedElsewhere = mine[1]!;
    const sibling = sandbox()
      .state.tasksFor(users.alan.id, 'Pending')
      .find(
        (t) => t.metadata.accessId === sandbox().state.task(decidedElsewhere).metadata.accessId,
      )!;
    sandbox().state.decideTask(sibling.id, 'Approved', users.alan.id);
    const notMine = sandbox().state.tasksFor(users.margaret.id, 'Pending')[0]!.id;
    const click = clickPayload(blocks, 'accessbot.approve_all', 'U-ADA', {
      kind: 'ephemeral',
      responseUrl,
    });
    const action = (click.actions as Array<{ value: string }>)[0]!;
    action.value = [mine[0], decidedElsewhere, notMine].join(',');
    await sendInteraction(slack.bot.url, click);
    const summary = text((await respondedAt(responseUrl, 2)).blocks);
    expect(summary).toContain('Approved 1 of 3 tasks');
    expect(summary).toContain('already decided');
    expect(summary).toContain('not in your task list');
    expect(posts('/Approve').map((r) => r.path)).toEqual([expect.stringContaining(mine[0]!)]);
  });
});

describe('a decided card whose edit fails', () => {
  it('edits the card through the outbox when its first edit fails, and audits the decision once', async () => {
    const taskId = newTaskForAda();
    const { where, message } = await notifyAda(taskId);
    fake().fail('chat.update', { kind: 'error', error: 'internal_error' });
    const click = clickPayload(message().blocks, 'accessbot.approve', 'U-ADA', where);
    await sendInteraction(slack.bot.url, click);
    await updated(message, 'Approved by Ada Lovelace');
    expect(fake().callsOf('chat.update')).toHaveLength(2);
    const store = slack.bot.store;
    await vi.waitFor(async () => {
      const [card] = await store.listNotifications({ taskIds: [taskId] });
      expect([Boolean(card?.resolvedAt), card?.intent]).toEqual([true, null]);
    });
    const entries = await store.listAudit({ taskId, actions: ['approve'] });
    expect(entries.map((e) => e.outcome)).toEqual(['approved']);
  });
});
