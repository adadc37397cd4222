/**
 * The poller against a real sandbox and a real store, with a fake clock: each pending task
 * reaches each approver exactly once, survives a crash between claim and send, and the messages
 * stay true after a decision taken elsewhere.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ShellNotifier } from '../../adapters/shell/notifier.ts';
import {
  MessageRefusedError,
  PlatformUnavailableError,
  RecipientGoneError,
} from '../../src/core/notifier.ts';
import { tasks, users, workApps } from '../../src/sandbox/seed.ts';
import { openStore } from '../../src/store/open.ts';
import { GateClock } from '../helpers/decide-world.ts';
import {
  cardOf,
  chatId,
  INTERVAL_MS,
  link,
  nextSweep,
  type PollerSetup,
  RecordingNotifier,
  usePollerWorld,
} from './fakes.ts';

/** Ada's tasks with a card each; her access review comes in a review card (`?` below). */
const adaPending = [tasks.adaGraceGithubWrite, tasks.adaEdsgerOffboarding];
const adaCards = [...adaPending, '?'];

const w = usePollerWorld();

/** A new GitHub Read request by Grace: one task each for Ada and Alan (Engineering leads). */
function graceRequestsGithubRead() {
  const access = w.sandbox.state.createAccessRequest({
    workAppId: workApps.github.id,
    userId: users.grace.id,
    permissionLevelId: workApps.github.levels.read.id,
    justification: 'reading the compiler sources',
  });
  return access.taskIds;
}

describe('exactly one message per task and approver', () => {
  it('sends each approver one DM per pending task, and a second sweep sends nothing', async () => {
    await link(w.store, ['ada', 'alan']);
    const { poller } = w.poller();
    const report = await nextSweep(poller, w.clock);
    expect(report.polled.sort()).toEqual([users.ada.id, users.alan.id].sort());
    expect(w.slack.dmTasks(chatId('ada')).sort()).toEqual([...adaCards].sort());
    expect(w.slack.dmTasks(chatId('alan'))).toEqual([tasks.alanGraceGithubWrite]);

    await nextSweep(poller, w.clock);
    expect(w.slack.posts).toHaveLength(4);

    const [adaTask, alanTask] = graceRequestsGithubRead();
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    expect(w.slack.posts).toHaveLength(6);
    expect(w.slack.dmTasks(chatId('ada')).at(-1)).toBe(adaTask);
    expect(w.slack.dmTasks(chatId('alan')).at(-1)).toBe(alanTask);
  });

  it('remembers each task it finds as its approver’s own, and no one else’s', async () => {
    await link(w.store, ['ada', 'alan']);
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    // Once decided and out of her list, Ada may still see the card she was sent; Alan may not.
    expect(await w.store.wasShown(users.ada.id, adaPending[0]!)).toBe(true);
    expect(await w.store.wasShown(users.alan.id, adaPending[0]!)).toBe(false);
  });

  it('gives an approver’s message the task card with Approve, Decline, Looking at it and Ask requester', async () => {
    await link(w.store, ['alan']);
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    const [sent] = w.slack.posts;
    expect(sent?.to).toEqual({ kind: 'user', chatUserId: chatId('alan') });
    expect(sent?.message.title).toBe('New task waiting for your decision');
    expect(cardOf(sent!.message)).toMatchObject({
      taskId: tasks.alanGraceGithubWrite,
      title: 'Access request: GitHub (Write)',
      state: 'pending',
    });
    expect(cardOf(sent!.message)?.buttons.map((b) => b.action)).toEqual([
      'approve',
      'decline',
      'looking',
      'ask',
    ]);
  });

  it('prints each new task once in the terminal, and not the ones it already shows', async () => {
    const printed: string[] = [];
    const shell = new ShellNotifier((reply) => printed.push(cardOf(reply)?.taskId ?? '?'), {
      person: chatId('ada'),
    });
    // The start-up list showed the review; the poller still records it as sent.
    shell.saw({
      visibility: 'private',
      tone: 'info',
      summary: '',
      blocks: [{ kind: 'task', card: { ...cardStub(tasks.adaDennisAwsReview), state: 'pending' } }],
    });
    await link(w.store, ['ada'], 'shell');
    const { poller } = w.poller({ notifiers: [shell] });
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    expect(printed.sort()).toEqual([tasks.adaEdsgerOffboarding, tasks.adaGraceGithubWrite].sort());
    const stored = await w.store.listNotifications({ taskIds: adaPending });
    expect(stored.every((n) => n.messageRef !== null)).toBe(true);
  });

  it('messages every platform a person is linked on, once each', async () => {
    await link(w.store, ['alan'], 'slack');
    await link(w.store, ['alan'], 'teams');
    const teams = new RecordingNotifier('teams');
    const { poller } = w.poller({ notifiers: [w.slack, teams] });
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    expect(w.slack.dmTasks(chatId('alan'))).toEqual([tasks.alanGraceGithubWrite]);
    expect(teams.dmTasks(chatId('alan'))).toEqual([tasks.alanGraceGithubWrite]);
  });

  it('does not poll people linked only on a platform this process does not serve', async () => {
    await link(w.store, ['ada'], 'teams');
    const { poller } = w.poller();
    expect((await nextSweep(poller, w.clock)).polled).toEqual([]);
  });
});

describe('a crash or a failed send', () => {
  /** A replica that dies in the middle of sending: its store stays, its process is gone. */
  async function dyingReplica(
    misbehave: (slack: RecordingNotifier) => void,
    heir: Partial<PollerSetup> = {},
  ) {
    const file = join(mkdtempSync(join(tmpdir(), 'accessbot-poller-')), 'crash.db');
    const before = await openStore(file);
    await link(before, ['ada']);
    misbehave(w.slack);
    const first = w.poller({ store: before, notifiers: [w.slack] }).poller;
    await first.refresh();
    w.clock.advance(INTERVAL_MS);
    void first.sweep();
    await expect
      .poll(async () => (await before.listNotifications({ openFor: users.ada.id })).length)
      .toBe(1);
    const after = await openStore(file);
    const restarted = w.poller({ store: after, notifiers: [w.slack], owner: 'replica-b', ...heir });
    return { store: after, ...restarted };
  }

  it('repairs a crash between claim and post within seconds, with no duplicate', async () => {
    const { poller, store } = await dyingReplica((slack) => slack.hangNext());
    // The dead replica's heartbeat stops: a few seconds on, its claim is taken over.
    w.clock.advance(6_000);
    await poller.sweep();
    expect(w.slack.posts).toHaveLength(1);
    // Ada is leased to the dead replica until its lease ends; then her other tasks go out.
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    expect(w.slack.dmTasks(chatId('ada')).sort()).toEqual([...adaCards].sort());
    await store.close();
  });

  it('keeps its heartbeat while a message it took over is slow to send, so no other replica sends it too', async () => {
    // The heartbeat's timer on fake time, so a beat happens exactly when the test moves time on;
    // and the started loop rests until it is stopped, instead of moving the shared clock a tick
    // at each rest (as fast as the machine runs it) past the heartbeat.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const clock = new GateClock();
    w.clock = clock;
    const replica = dyingReplica((slack) => {
      slack.hangNext();
      slack.hangNext();
    });
    try {
      const { poller, store, metrics } = await replica;
      w.clock.advance(6_000);
      void poller.start();
      // It took the dead replica's message over, and its own post of it hangs.
      await vi.waitFor(
        async () => expect((await metrics.deliveryRecoveries.get()).values).not.toEqual([]),
        { timeout: 15_000 },
      );
      const sent = w.slack.posts.length;
      // Longer than a silent replica is given, with its send still hanging: one more beat is due.
      w.clock.advance(6_000);
      const due = w.clock.now();
      await vi.advanceTimersByTimeAsync(1_000);
      // That beat is in the store before the other replica looks.
      await vi.waitFor(async () => expect(await store.liveReplicas(due)).toBe(1), {
        timeout: 15_000,
      });
      const other = w.poller({ store, notifiers: [w.slack], owner: 'replica-c' });
      await other.poller.sweep();
      expect((await other.metrics.deliveryRecoveries.get()).values).toEqual([]);
      expect(w.slack.posts).toHaveLength(sent);
    } finally {
      vi.useRealTimers();
      // Stopped even when it fails: a loop left running would go on in this worker, in the files
      // after this one. Its send still hangs; the stop does not wait for it.
      clock.patient = false;
      const { poller, store } = await replica;
      await poller.stop();
      await store.close();
    }
  });

  it('finds and adopts a message posted just before the crash instead of posting it again', async () => {
    const { poller, store, metrics } = await dyingReplica((slack) => slack.loseNextAnswer());
    expect(w.slack.posts).toHaveLength(1);
    const [lost] = w.slack.posts;
    w.clock.advance(6_000);
    await poller.sweep();
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    expect(w.slack.dmTasks(chatId('ada')).sort()).toEqual([...adaCards].sort());
    const taskId = cardOf(lost!.message)?.taskId ?? '';
    const [stored] = await store.listNotifications({ taskIds: [taskId] });
    expect(stored?.messageRef).toEqual(lost?.ref);
    expect(await metrics.deliveryRecoveries.get()).toMatchObject({
      values: [{ labels: { platform: 'slack', outcome: 'adopted' }, value: 1 }],
    });

    // Decided elsewhere: the adopted message is the one updated.
    w.sandbox.state.decideTask(taskId, 'Approved', users.radia.id);
    await nextSweep(poller, w.clock);
    expect(w.slack.updates.map((u) => u.ref)).toEqual([lost?.ref]);
    await store.close();
  });

  it('updates a message whose reference was lost when its task is decided before the takeover', async () => {
    const { poller, store } = await dyingReplica((slack) => slack.loseNextAnswer());
    const taskId = cardOf(w.slack.posts[0]!.message)?.taskId ?? '';
    w.sandbox.state.decideTask(taskId, 'Declined', users.radia.id, 'not now');
    w.clock.advance(6_000);
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    expect(w.slack.updates.map((u) => [u.ref, cardOf(u.message)?.state])).toEqual([
      [w.slack.posts[0]?.ref, 'declined'],
    ]);
    expect(w.slack.dmTasks(chatId('ada')).filter((id) => id === taskId)).toHaveLength(1);
    await store.close();
  });

  it('posts again where the platform cannot tell whether the message arrived (Teams)', async () => {
    w.slack.canFind = false;
    const { poller, store } = await dyingReplica((slack) => slack.loseNextAnswer());
    w.clock.advance(6_000);
    await poller.sweep();
    const [first, second] = w.slack.posts;
    expect(cardOf(second!.message)?.taskId).toBe(cardOf(first!.message)?.taskId);
    await store.close();
  });

  it('retries a send the platform refused after a few seconds, not minutes', async () => {
    await link(w.store, ['alan']);
    w.slack.failNext(new PlatformUnavailableError('rate limited'));
    const { poller, logLines } = w.poller();
    await nextSweep(poller, w.clock);
    expect(w.slack.posts).toHaveLength(0);
    w.clock.advance(2_000);
    await poller.sweep();
    expect(w.slack.dmTasks(chatId('alan'))).toEqual([tasks.alanGraceGithubWrite]);
    expect(logLines.join('')).toContain('retrying');
  });

  it('waits as long as the platform asked before it sends again', async () => {
    await link(w.store, ['alan']);
    w.slack.failNext(new PlatformUnavailableError('rate limited', { retryAfterMs: 30_000 }));
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    w.clock.advance(20_000);
    await poller.sweep();
    expect(w.slack.posts).toHaveLength(0);
    w.clock.advance(10_000);
    await poller.sweep();
    expect(w.slack.dmTasks(chatId('alan'))).toEqual([tasks.alanGraceGithubWrite]);
  });

  it('gives up on a recipient who is gone, without retrying', async () => {
    await link(w.store, ['alan']);
    w.slack.failNext(new RecipientGoneError('account deactivated'));
    const { poller } = w.poller();
    for (let n = 0; n < 5; n++) await nextSweep(poller, w.clock);
    expect(w.slack.posts).toHaveLength(0);
    const [stored] = await w.store.listNotifications({ taskIds: [tasks.alanGraceGithubWrite] });
    expect(stored?.resolvedAt).not.toBeNull();
  });
});

describe('a task decided elsewhere', () => {
  const outcomes = () =>
    w.slack.updates.map((u) => [cardOf(u.message)?.taskId, cardOf(u.message)?.outcome]);

  it('updates the sent message to the outcome once: approved, then declined with the reason', async () => {
    await link(w.store, ['ada']);
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    w.sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Approved', users.alan.id);
    w.sandbox.state.decideTask(
      tasks.adaEdsgerOffboarding,
      'Declined',
      users.radia.id,
      'still needed',
    );
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    expect(outcomes().sort(byTask)).toEqual(
      [
        [tasks.adaGraceGithubWrite, expect.stringMatching(/^Approved by Alan Turing on /)],
        [
          tasks.adaEdsgerOffboarding,
          expect.stringMatching(/^Declined by Radia Perlman on .* — "still needed"$/),
        ],
      ].sort(byTask),
    );
    const updated = w.slack.updates.map((u) => u.ref.data.id);
    const original = (taskId: string) =>
      w.slack.posts.find((p) => cardOf(p.message)?.taskId === taskId)?.ref.data.id;
    expect(updated.sort()).toEqual(
      [original(tasks.adaGraceGithubWrite), original(tasks.adaEdsgerOffboarding)].sort(),
    );
    expect(w.slack.updates.every((u) => cardOf(u.message)?.buttons.length === 0)).toBe(true);
  });

  it('says so when a notified task vanished from the service', async () => {
    await link(w.store, ['ada']);
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    w.sandbox.state.tasks.delete(tasks.adaEdsgerOffboarding);
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    expect(outcomes()).toEqual([
      [tasks.adaEdsgerOffboarding, 'This task was removed from the Access Service.'],
    ]);
  });

  it('retries a refused update with backoff until it lands', async () => {
    await link(w.store, ['alan']);
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    w.sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Declined', users.ada.id);
    w.slack.failNext(new PlatformUnavailableError('down'));
    w.slack.failNext(new PlatformUnavailableError('down'));
    await nextSweep(poller, w.clock);
    expect(w.slack.updates).toHaveLength(0);
    for (let n = 0; n < 3; n++) {
      w.clock.advance(4_000);
      await poller.sweep();
    }
    expect(outcomes()).toEqual([
      [tasks.alanGraceGithubWrite, expect.stringMatching(/^Declined by Ada/)],
    ]);
  });

  it('gives an update the platform refuses as it is up at once, counting it for the operator', async () => {
    await link(w.store, ['alan']);
    const { poller, metrics, logLines } = w.poller();
    await nextSweep(poller, w.clock);
    w.sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Approved', users.ada.id);
    w.slack.failNext(new MessageRefusedError('msg_too_long'));
    await nextSweep(poller, w.clock);
    // Tried again, it would now land: it is not.
    for (let n = 0; n < 5; n++) {
      w.clock.advance(300_000);
      await poller.sweep();
    }
    expect(w.slack.updates).toHaveLength(0);
    expect(await metrics.deliveryGiveUps.get()).toMatchObject({
      values: [{ labels: { platform: 'slack', kind: 'outcome' }, value: 1 }],
    });
    expect(logLines.join('')).toContain('refuses as it is');
  });

  it('gives an update up after its last try, counting it for the operator', async () => {
    await link(w.store, ['alan']);
    const { poller, metrics, logLines } = w.poller();
    await nextSweep(poller, w.clock);
    w.sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Approved', users.ada.id);
    for (let n = 0; n < 12; n++) w.slack.failNext(new PlatformUnavailableError('down'));
    await nextSweep(poller, w.clock);
    for (let n = 0; n < 15; n++) {
      w.clock.advance(300_000);
      await poller.sweep();
    }
    expect(w.slack.updates).toHaveLength(0);
    expect(await metrics.deliveryGiveUps.get()).toMatchObject({
      values: [{ labels: { platform: 'slack', kind: 'outcome' }, value: 1 }],
    });
    expect(logLines.join('')).toContain('gave up a message');
  });
});

const byTask = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));

function cardStub(taskId: string) {
  return { taskId, title: 't', fields: [], buttons: [] };
}
