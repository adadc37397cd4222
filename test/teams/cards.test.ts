/**
 * Teams Universal Actions end to end: Approve, Decline with a reason, Approve all, the automatic
 * refresh, and every unhappy path — each click answered with the task's real state, and a card
 * the bot sent edited for everyone by the outbox, once.
 */
import { describe, expect, it, vi } from 'vitest';
import { english } from '../../src/core/i18n/voice.ts';
import { taskCard, taskMessage } from '../../src/core/tasks/task-card.ts';
import { users } from '../../src/sandbox/seed.ts';
import { cardsOf } from '../fakes/bot-connector-cards.ts';
import { openGithubTask, shown, teamsKey, useTeams } from '../fakes/bot-connector-harness.ts';
import { sendCard } from '../helpers/outbox-card.ts';

const t = useTeams();
const sandbox = t.sandbox;

const CARD = 'application/vnd.microsoft.card.adaptive';
const updates = () => t.h.connector.calls.filter((c) => c.op === 'update');
const status = (id: string) => sandbox.current.state.task(id).status;
/** As the poller does when it sends Ada a task: remembered as one of hers. */
const sentToAda = async (id: string) => {
  await t.h.store.rememberTasks(users.ada.id, [id], new Date());
  return id;
};
/**
 * The task's card sent to its approver as the poller sends it (through the outbox, remembered as
 * theirs); resolves with the message's activity id, which a click on it replies to.
 */
const cardTo = async (who: 'ada' | 'alan', taskId: string) => {
  await t.h.post(t.h.activities.installation(who));
  await t.h.store.rememberTasks(users[who].id, [taskId], new Date());
  const task = await t.h.client.getTask(taskId);
  const ref = await sendCard(t.h.store, t.h.teams.notifier, {
    to: { kind: 'user', chatUserId: teamsKey(who) },
    accessUserId: users[who].id,
    taskId,
    message: taskMessage(
      english,
      taskCard(english, task, { pendingStatus: 'Pending' }),
      'New task',
    ),
  });
  return String(ref.data.activityId);
};
const click = (
  who: Parameters<(typeof t.h.activities)['cardAction']>[0],
  verb: string,
  data: object,
  replyToId?: string,
) => t.h.post(t.h.activities.cardAction(who, verb, { view: 'task', ...data }, replyToId));
/** The edits made so far, once there are `n`. */
const edited = (n = 1) =>
  vi.waitFor(
    () => {
      expect(updates()).toHaveLength(n);
      return updates();
    },
    { timeout: 15_000 },
  );

describe('Approve and Decline', () => {
  it('approves: the clicker gets the decided card and the message is updated for everyone', async () => {
    const id = openGithubTask(sandbox.current);
    const card = await cardTo('ada', id);
    const res = await click('ada', 'approve', { value: id }, card);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, type: CARD });
    expect(shown(res.body.value)).toContain('You approved');
    // The clicker's answer and the decider's card both show the decision's receipt.
    const receipt = /Receipt [0-9A-Z]{5}-[0-9A-Z]{5}/.exec(shown(res.body.value))?.[0];
    expect(receipt).toBeDefined();
    expect(status(id)).toBe('Approved');
    const [update] = await edited();
    expect(update).toMatchObject({ conversationId: 'a:personal-ada', activityId: card });
    const everyone = shown(cardsOf(update!.activity!)[0]);
    expect(everyone).toContain('Approved by Ada Lovelace');
    expect(everyone).toContain(receipt);
    expect(everyone).not.toContain('Action.Execute');
    expect(everyone).not.toContain('refresh');
  });

  it('declines with the reason typed in the card', async () => {
    const id = openGithubTask(sandbox.current);
    const card = await cardTo('ada', id);
    const res = await click(
      'ada',
      'decline',
      { value: id, [`reason-${id}`]: '  too broad  ' },
      card,
    );
    expect(shown(res.body.value)).toContain('You declined');
    expect(sandbox.current.state.task(id)).toMatchObject({
      status: 'Declined',
      metadata: { reason: 'too broad' },
    });
    expect(shown((await edited())[0]?.activity)).toContain('too broad');
  });

  it('declines without a reason when the field is left empty', async () => {
    const id = openGithubTask(sandbox.current);
    await click('ada', 'decline', { value: id, [`reason-${id}`]: '' });
    expect(status(id)).toBe('Declined');
    expect(sandbox.current.state.task(id).metadata.reason).toBeUndefined();
  });

  it('refuses someone the task is not assigned to, and leaves the card alone', async () => {
    const id = openGithubTask(sandbox.current);
    const res = await click('grace', 'approve', { value: id });
    expect(res.body).toMatchObject({ type: 'application/vnd.microsoft.activity.message' });
    expect(res.body.value).toContain('not in your task list');
    expect(res.body.value).not.toContain('GitHub');
    expect(status(id)).toBe('Pending');
    expect(updates()).toEqual([]);
    const audit = await t.h.store.listAudit({ taskId: id });
    expect(audit[0]).toMatchObject({ outcome: 'not_assignee', chatUserId: teamsKey('grace') });
  });

  it('a stale card ends in the real state: decided elsewhere, the message shows by whom', async () => {
    const id = openGithubTask(sandbox.current);
    const card = await cardTo('ada', id);
    sandbox.current.state.decideTask(id, 'Declined', users.alan.id, 'not now');
    const res = await click('ada', 'approve', { value: id }, card);
    expect(shown(res.body.value)).toContain('already decided');
    expect(status(id)).toBe('Declined');
    expect(shown((await edited())[0]?.activity)).toContain('Declined by Alan Turing');
  });

  it('two approvers click at once: one decides, the other is told the truth (409)', async () => {
    const id = openGithubTask(sandbox.current);
    const alanId = sandbox.current.state
      .tasksFor(users.alan.id, 'Pending')
      .find((t) => t.metadata.accessId === sandbox.current.state.task(id).metadata.accessId)!.id;
    const cards = [await cardTo('ada', id), await cardTo('alan', alanId)];
    // Both read the task as pending; both decisions reach the service before either is decided.
    const decisions = sandbox.current.faults.hold(
      (method, path) => method === 'POST' && path.endsWith('/Approve'),
    );
    const clicks = Promise.all([
      click('ada', 'approve', { value: id }, cards[0]),
      click('alan', 'approve', { value: alanId }, cards[1]),
    ]);
    await vi.waitFor(() => expect(decisions.waiting()).toBe(2), { timeout: 15_000 });
    decisions.release();
    const [a, b] = await clicks;
    const texts = [shown(a.body), shown(b.body)];
    expect(texts.filter((t) => t.includes('You approved'))).toHaveLength(1);
    expect(texts.filter((t) => t.includes('Someone decided this task before you'))).toHaveLength(1);
    // Each card edited once, to the outcome.
    const edits = await edited(2);
    expect(edits.map((u) => u.activityId).sort()).toEqual([...cards].sort());
    for (const u of edits) expect(shown(u.activity)).toContain('Approved by');
  });

  it('a task of hers that no longer exists is shown as gone', async () => {
    const id = await sentToAda('00000000-0000-4000-8000-000000000000');
    const res = await click('ada', 'approve', { value: id });
    expect(shown(res.body)).toContain('no longer exists');
  });

  it('a task id that never was hers tells her nothing about it', async () => {
    const alans = openGithubTask(sandbox.current, 'alan');
    sandbox.current.state.decideTask(alans, 'Declined', users.alan.id, 'confidential reason');
    const res = await click('ada', 'approve', { value: alans });
    expect(shown(res.body)).toContain('not in your task list');
    expect(shown(res.body)).not.toContain('confidential reason');
    expect(shown(res.body)).not.toContain('GitHub');
    expect(updates()).toEqual([]);
  });

  it('says the service is down, changes nothing and keeps the card', async () => {
    const id = openGithubTask(sandbox.current);
    sandbox.current.faults.failNext(50, 503);
    const res = await click('ada', 'approve', { value: id });
    expect(res.body.type).toBe('application/vnd.microsoft.activity.message');
    expect(res.body.value).toContain('not answering');
    sandbox.current.faults.reset();
    expect(status(id)).toBe('Pending');
    expect(updates()).toEqual([]);
  });
});

describe('malformed card actions', () => {
  const cases: Array<[string, object]> = [
    ['no action at all', { nothing: true }],
    ['an Action.Submit', { action: { type: 'Action.Submit', data: {} } }],
    ['an unknown verb', { action: { type: 'Action.Execute', verb: 'delete', data: {} } }],
    [
      'a task id that is not one',
      { action: { type: 'Action.Execute', verb: 'approve', data: { value: 'x' } } },
    ],
    [
      'a reason over the limit',
      {
        action: {
          type: 'Action.Execute',
          verb: 'decline',
          data: {
            value: '00000000-0000-4000-8000-000000000000',
            'reason-00000000-0000-4000-8000-000000000000': 'x'.repeat(1001),
          },
        },
      },
    ],
    [
      'approve-all with garbage',
      { action: { type: 'Action.Execute', verb: 'approveAll', data: { value: 'a,b' } } },
    ],
  ];
  it.each(cases)('refuses %s with 400 and no side effect', async (_name, value) => {
    const before = sandbox.current.requests.length;
    const res = await t.h.post(t.h.activities.invoke('ada', 'adaptiveCard/action', value));
    expect(res.body).toMatchObject({ statusCode: 400, type: 'application/vnd.microsoft.error' });
    expect(updates()).toEqual([]);
    const posts = sandbox.current.requests.slice(before).filter((r) => r.method === 'POST');
    expect(posts).toEqual([]);
  });

  it('answers an invoke it does not serve with 501', async () => {
    const res = await t.h.post(t.h.activities.invoke('ada', 'composeExtension/query', {}));
    expect(res.status).toBe(501);
  });

  it('answers a body that is not JSON with 400', async () => {
    const res = await fetch(t.h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
  });
});

describe('the list view and Approve all', () => {
  it('approving from the `tasks` list re-lists what is left, led by the outcome', async () => {
    const id = openGithubTask(sandbox.current);
    const res = await t.h.post(
      t.h.activities.cardAction('ada', 'approve', { value: id, view: 'list' }),
    );
    const text = shown(res.body.value);
    expect(text).toContain('You approved');
    expect(text).toContain('pending task');
    expect(text).not.toContain(`"value":"${id}"`);
    expect(status(id)).toBe('Approved');
    expect(updates()).toHaveLength(1);
  });

  it('approves every listed task, one checked decision each', async () => {
    const ids = [openGithubTask(sandbox.current), openGithubTask(sandbox.current)];
    const res = await t.h.post(
      t.h.activities.cardAction('ada', 'approveAll', { value: ids.join(','), view: 'list' }),
    );
    expect(shown(res.body.value)).toContain('Approved 2 of 2 tasks');
    expect(ids.map(status)).toEqual(['Approved', 'Approved']);
  });

  it('approve-all reports the tasks it could not approve', async () => {
    const mine = openGithubTask(sandbox.current);
    const alans = openGithubTask(sandbox.current, 'alan');
    const res = await t.h.post(
      t.h.activities.cardAction('grace', 'approveAll', { value: [mine, alans].join(',') }),
    );
    expect(shown(res.body.value)).toContain('Approved 0 of 2 tasks');
    expect(shown(res.body.value)).toContain('not in your task list');
    expect([status(mine), status(alans)]).toEqual(['Pending', 'Pending']);
  });
});

describe('refresh', () => {
  const refresh = (who: Parameters<(typeof t.h.activities)['cardAction']>[0], id: string) =>
    t.h.post(t.h.activities.cardAction(who, 'refresh', { value: id, userIds: ['29:ada'] }));

  it('shows the assignee the buttons, and keeps refreshing for the listed users', async () => {
    const id = openGithubTask(sandbox.current);
    const res = await refresh('ada', id);
    expect(res.body.type).toBe(CARD);
    expect(res.body.value.refresh).toMatchObject({ userIds: ['29:ada'] });
    expect(shown(res.body.value)).toContain('"verb":"approve"');
  });

  it('shows anyone else nothing about the task', async () => {
    const id = openGithubTask(sandbox.current);
    const res = await refresh('grace', id);
    expect(shown(res.body.value)).toContain('not in your task list');
    expect(shown(res.body.value)).not.toContain('GitHub');
    expect(shown(res.body.value)).not.toContain('"verb":"approve"');
  });

  it('shows a person with no Access account nothing at all', async () => {
    const id = openGithubTask(sandbox.current);
    const res = await refresh('stranger', id);
    expect(shown(res.body.value)).not.toContain('GitHub');
    expect(shown(res.body.value)).toContain('does not belong to any user');
  });

  it('shows a task decided elsewhere with its outcome and no refresh', async () => {
    const id = await sentToAda(openGithubTask(sandbox.current));
    sandbox.current.state.decideTask(id, 'Approved', users.alan.id);
    const res = await refresh('ada', id);
    expect(shown(res.body.value)).toContain('Approved by Alan Turing');
    expect(res.body.value.refresh).toBeUndefined();
  });

  it('answers an error, keeping the card, when the service is down', async () => {
    const id = openGithubTask(sandbox.current);
    sandbox.current.faults.failNext(50, 503);
    const res = await refresh('ada', id);
    expect(res.body).toMatchObject({ statusCode: 503, type: 'application/vnd.microsoft.error' });
  });
});
