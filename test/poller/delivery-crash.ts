/**
 * The proof of "every message exactly once, never stale": for every kind of message accessbot
 * sends on its own (an approver's card, its outcome edit, a reminder and its follow-up, the
 * requester's outcome, a group change's note, an escalation, a nudge, an approver's question to
 * the requester and its edit to the answer, the asker's note of the answer, an away approver's
 * notice to the other approvers, an approver's daily digest, a reviewer's review card and its
 * progress edits in a confirmed batch of reviews, and the note after a card that can no longer
 * be found) and
 * every step of its delivery — claim, the mark that its post started, the
 * post, its stored reference; an edit before and after — a real replica (a child process with the
 * real poller and the real Slack or Teams notifier, against the sandbox and the platform's fake)
 * kills itself with SIGKILL at exactly that step (CRASH_AT, test/helpers/poller-child.ts). Replicas are then started
 * again (on PostgreSQL, two), and afterwards every conversation has exactly one message per event,
 * every decided card shows its outcome, and nothing came late. Teams cannot list a conversation's
 * messages: a replica killed between the Bot Connector's answer and the stored reference (`posted`,
 * `followed-up`) leaves a message its heir cannot see, and exactly that one is sent twice.
 *
 * "Late" is judged by what a delivery needed, not by the wall clock: every replica here takes an
 * hour to take over a send held by a replica it believes alive, so a message that needed that
 * instead of the takeover of the dead replica never comes, and the waits below fail. They are
 * generous, so a slow machine only makes the test slower. A replica is taken for dead once its
 * heartbeat is 30 s old, so a live one stalled on a busy machine never is; once a replica is seen
 * killed, its last heartbeat is moved back by that much, which is what waiting it out would do
 * (nothing beats for it any more), instead of every case waiting 30 s. Each case
 * links only the people its kind needs, so one message is in flight at a time when the replica
 * dies (on Teams every message in flight at that instant would be in the window).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { MessageKind } from '../../src/poller/targets.ts';
import { requests, tasks, users, workApps } from '../../src/sandbox/seed.ts';
import {
  type ChatPlatform,
  census,
  chatIdOf,
  type DeliveryWorld,
  deliveryWorld,
  dmOf,
  dropSpareSchemas,
  ESCALATION_CHANNEL,
  type Person,
  type Replica,
  showsButtons,
} from '../helpers/delivery-world.ts';
import { reviewsOfAda } from '../helpers/reviews.ts';

/** Only reached when something never happens: replicas start slowly on a busy machine. */
const WAIT = { timeout: Number(process.env.CRASH_WAIT_MS ?? 120_000), interval: 100 };
/** Never, within a test: a message that needed the takeover of a live replica's send is late. */
const STUCK_AFTER_MS = String(3_600_000);
/** A replica silent this long is dead: longer than any stall of a live one on a busy machine. */
const DEAD_AFTER_MS = 30_000;
/**
 * Ada's task decided in the decision cases: her offboarding step, whose card waits for no context
 * (her access review comes on a review card).
 */
const decided = tasks.adaEdsgerOffboarding;
/** The reviews Ada keeps in one confirmed batch, on the replica that dies. */
const BATCH = 3;
const BATCH_CARD = 'review:GitHub (Write)';
const CHANGE_NOTE = 'Ada Lovelace added you to the group Design (through accessbot).';
const NUDGE = `👋 A nudge from Grace Hopper about task ${tasks.adaGraceGithubWrite}`;
/** Ada's question to Grace about her GitHub request, as the store keeps it. */
const QUESTION = {
  id: '5b0c7a52-6f1e-4c55-9c1d-2a4f1e7d0b31',
  subject: requests.graceGithubWrite,
  taskId: tasks.adaGraceGithubWrite,
  askedBy: users.ada.id,
  askedByName: users.ada.displayName,
  requesterId: users.grace.id,
  requesterName: users.grace.displayName,
  question: 'Which repository do you need?',
};
const ANSWER = 'The compiler repository.';
const DAY_MS = 86_400_000;
/** Ada's digest of a day, in any zone that day may be hers in. */
const digestEvent = (at: Date) => `digest:${users.ada.id}:${at.toISOString().slice(0, 10)}`;

/** Where a replica dies (test/helpers/poller-child.ts). */
type CrashStep =
  | 'decided'
  | 'claimed'
  | 'tried'
  | 'posted'
  | 'saved'
  | 'outcome-requested'
  | 'updated'
  | 'reminder-requested'
  | 'reminder-updated'
  | 'followed-up'
  | 'filed'
  | 'completed'
  | 'card-requested'
  | 'card-updated';

interface Case {
  kind: Exclude<MessageKind, 'channel'>;
  step: CrashStep;
  decide?: boolean;
  /** Decided by its approver's click on the replica that dies, once its card is out. */
  click?: boolean;
  remind?: boolean;
  /** The question is answered once its message is out, so the crash hits the answer's edit. */
  answer?: boolean;
  /** Ada keeps everyone left of her GitHub reviews in one confirmed batch on the dying replica. */
  batch?: boolean;
}

const POSTED: CrashStep[] = ['claimed', 'posted', 'saved'];
const cases: Case[] = [
  ...(['claimed', 'tried', 'posted', 'saved'] as const).map((step) => ({
    kind: 'approver' as const,
    step,
  })),
  { kind: 'approver', step: 'outcome-requested', decide: true },
  { kind: 'approver', step: 'updated', decide: true },
  ...(['decided', 'outcome-requested', 'updated'] as const).map((step) => ({
    kind: 'approver' as const,
    step,
    click: true,
  })),
  { kind: 'approver', step: 'reminder-requested', remind: true },
  { kind: 'approver', step: 'reminder-updated', remind: true },
  { kind: 'approver', step: 'followed-up', remind: true },
  ...(
    [
      'requester',
      'member',
      'escalation',
      'nudge',
      'question',
      'answer',
      'away',
      'digest',
      'review',
    ] as const
  ).flatMap((kind) => POSTED.map((step) => ({ kind, step }))),
  // A batch of reviews killed in a decision, before its card's progress edit, and after it.
  ...(['decided', 'card-requested', 'card-updated'] as const).map((step) => ({
    kind: 'review' as const,
    step,
    batch: true,
  })),
  { kind: 'question', step: 'outcome-requested', answer: true },
  { kind: 'question', step: 'updated', answer: true },
];
/** Slack without its history scope: the card cannot be found again, and its note is the kind. */
const noteCases: Case[] = POSTED.map((step) => ({ kind: 'note', step }));
/**
 * Slack's workflow step: its run stored with its request filed, the completion's intent written,
 * its call started, its call answered (before the intent is completed).
 */
const workflowCases: Case[] = (['filed', 'claimed', 'tried', 'completed'] as const).map((step) => ({
  kind: 'workflow',
  step,
}));
/** The run Grace's onboarding workflow started: Figma (Viewer) for her. */
const STEP = {
  executionId: 'Fx-onboarding',
  person: 'U-GRACE',
  filer: 'U-GRACE',
  email: users.grace.email,
  app: 'Figma',
  level: 'Viewer',
  justification: 'Onboarding: the design files',
};

/** Who is linked for each kind: the one person (or channel) whose messages it is about. */
const peopleFor: Record<Case['kind'], Person[]> = {
  approver: ['ada'],
  escalation: ['ada'],
  note: ['ada'],
  requester: ['grace'],
  member: ['barbara'],
  nudge: ['ada'],
  question: ['grace'],
  answer: ['ada'],
  away: ['ada', 'alan'],
  workflow: ['grace'],
  digest: ['ada'],
  review: ['ada'],
  reviewReminder: ['ada'],
  reviewEscalation: ['ada'],
  // The audit chain's head is nobody's: posted once a day to a channel (no case here yet).
  auditHead: [],
};

/** Teams' window: killed between the Bot Connector's answer and the record, it posts again. */
const inTeamsWindow = (platform: ChatPlatform, step: CrashStep) =>
  platform === 'teams' && (step === 'posted' || step === 'followed-up');

const stores: Array<[string, 'sqlite' | 'postgres', number]> = [
  ['SQLite, one replica restarted', 'sqlite', 1],
  ...(process.env.TEST_DATABASE_URL
    ? [['PostgreSQL, two replicas', 'postgres', 2] as [string, 'postgres', number]]
    : []),
];
const named = (list: Case[]) =>
  list.map((c) => ({
    ...c,
    name: `${c.kind}: ${c.step}${c.click ? ' (clicked)' : ''}${c.batch ? ' (batch)' : ''}`,
  }));
const casesOf: Record<ChatPlatform, Array<Case & { name: string }>> = {
  slack: named([...cases, ...noteCases, ...workflowCases]),
  teams: named(cases),
};

/**
 * Every case on one platform, on each store. Each platform's cases are a test file of their own
 * (delivery-crash-slack.test.ts, delivery-crash-teams.test.ts), so the two run side by side.
 */
export const describeCrashes = (platform: ChatPlatform) => {
  afterAll(dropSpareSchemas);
  describe.concurrent.each(stores)('a replica killed at any step (%s)', (_, store, replicas) => {
    it.each(casesOf[platform])('$name', { timeout: 300_000 }, async (c) => {
      const people = peopleFor[c.kind];
      const world = await deliveryWorld(store, people, platform);
      try {
        await crashAndRecover(world, c, people, replicas);
      } finally {
        await world.close();
      }
    });
  });
};

async function crashAndRecover(world: DeliveryWorld, c: Case, people: Person[], replicas: number) {
  const { sandbox, platform } = world;
  const dm = (p: Person) => dmOf(platform, p);
  const expected = new Set<string>();
  const batch = c.batch ? reviewsOfAda(sandbox.state, BATCH, { name: 'Kept' }) : [];
  for (const t of sandbox.state.tasks.values()) {
    const approver = people.find((p) => users[p].id === t.assigneeId);
    if (t.status !== 'Pending' || !approver) continue;
    // An approver's reviews come on one card per application and level, never escalated early.
    if (t.type === 'EntitlementReview') {
      expected.add(
        `${dm(approver)} review:${t.target.workAppName} (${t.target.permissionLevelName})`,
      );
      continue;
    }
    expected.add(`${dm(approver)} task:${t.id}`);
    if (c.kind === 'escalation') expected.add(`${ESCALATION_CHANNEL} task:${t.id}`);
  }
  if (c.kind === 'requester') {
    // Grace's request, decided before any replica runs: her outcome is due at the first poll.
    const access = sandbox.state.createAccessRequest({
      workAppId: workApps.figma.id,
      userId: users.grace.id,
      permissionLevelId: workApps.figma.levels.viewer.id,
    });
    const approver = sandbox.state.tasks.get(access.taskIds[0]!)!.assigneeId;
    sandbox.state.decideTask(access.taskIds[0]!, 'Approved', approver);
    await world.store.recordRequest({
      accessId: access.id,
      accessUserId: users.grace.id,
      workAppId: workApps.figma.id,
      taskIds: access.taskIds,
      requestedAt: new Date(),
    });
    expected.add(`${dm('grace')} requester:${access.taskIds[0]}`);
  }
  if (c.kind === 'member') expected.add(`${dm('barbara')} member:Design`);
  if (c.kind === 'digest') {
    // `digest daily` at midnight, chosen two days ago: due at the first poll, and no cards.
    const chosen = new Date(Date.now() - 2 * DAY_MS);
    await world.store.chooseDigest(users.ada.id, 'daily', '00:00', chosen);
    expected.clear();
    expected.add(`${dm('ada')} digest`);
  }
  if (c.kind === 'note') {
    world.slack.withoutScopes.add('im:history');
    expected.add(`${dm('ada')} note`);
  }

  const settings: Record<string, string> = {
    DEAD_AFTER_MS: String(DEAD_AFTER_MS),
    RETRY_AFTER_MS: STUCK_AFTER_MS,
    ...(c.kind === 'escalation' && {
      ESCALATE_AFTER_MS: '1500',
      NOTIFY_RULES: JSON.stringify({
        defaultEscalation: { platform, channelId: ESCALATION_CHANNEL },
      }),
    }),
  };
  const tell = {
    accessUserId: users.barbara.id,
    event: 'change-1',
    text: CHANGE_NOTE,
  };
  const nudge = { taskId: tasks.adaGraceGithubWrite, approver: users.ada.id, text: NUDGE };
  if (c.kind === 'nudge') expected.add(`${dm('ada')} nudge:${nudge.taskId}`);
  if (c.kind === 'question') expected.add(`${dm('grace')} question`);
  if (c.kind === 'answer') expected.add(`${dm('ada')} answer`);
  if (c.kind === 'away') expected.add(`${dm('ada')} away:${tasks.adaGraceGithubWrite}`);
  const first = c.kind === 'note' ? 'posted:approver' : `${c.step}:${c.kind}`;
  const doomed = world.start('doomed', {
    ...settings,
    CRASH_AT: first,
    ...(c.kind === 'member' && { TELL: JSON.stringify(tell) }),
    ...(c.kind === 'nudge' && { NUDGE: JSON.stringify(nudge) }),
    ...(c.kind === 'question' && { ASK: JSON.stringify(QUESTION) }),
    ...(c.kind === 'answer' && { ANSWER: JSON.stringify({ ...QUESTION, answer: ANSWER }) }),
    ...(c.remind && { REMIND_AFTER_MS: '1500' }),
    ...(c.kind === 'workflow' && { WORKFLOW: JSON.stringify(STEP) }),
  });
  const sent = () => census(world);
  const decidedKey = `${dm('ada')} task:${decided}`;
  if (c.decide || c.click) {
    // Decided once its message is out, so the crash hits the edit.
    await vi.waitFor(() => expect(sent().has(decidedKey)).toBe(true), WAIT);
    // A click dies at once: every other card is out and recorded first, so none is in flight.
    if (c.click) await allCardsRecorded(world, expected, sent);
    const ada = { chatUserId: chatIdOf(platform, 'ada'), email: users.ada.email };
    if (c.click) doomed.process.stdin?.write(`${JSON.stringify({ decide: decided, ...ada })}\n`);
    else sandbox.state.decideTask(decided, 'Approved', users.radia.id);
  }
  const batchKey = `${dm('ada')} ${BATCH_CARD}`;
  if (c.batch) {
    // Kept once the card is out and recorded, so the crash hits the batch or its card's edit.
    await allCardsRecorded(world, expected, sent);
    const ada = { chatUserId: chatIdOf(platform, 'ada'), email: users.ada.email };
    doomed.process.stdin?.write(`${JSON.stringify({ batch: 'GitHub', ...ada })}\n`);
  }
  /** The batch's card shows every review the service has decided: none lost, none twice. */
  const kept = () => batch.filter((id) => sandbox.state.task(id).status === 'Approved').length;
  const progressShown = () =>
    !c.batch ||
    (sent()
      .get(batchKey)
      ?.every((m) =>
        m.content.includes(kept() === BATCH ? `all ${BATCH} reviewed` : `${kept()} of ${BATCH}`),
      ) ??
      false);
  const questionKey = `${dm('grace')} question`;
  if (c.answer) {
    await vi.waitFor(() => expect(sent().has(questionKey)).toBe(true), WAIT);
    doomed.process.stdin?.write(`${JSON.stringify({ answer: ANSWER })}\n`);
  }
  if (c.kind === 'away') {
    // Away once every card is out, so the crash hits the notice alone.
    const cards = [...expected].filter((key) => key.includes(' task:'));
    await vi.waitFor(() => expect(cards.every((key) => sent().has(key))).toBe(true), WAIT);
    await world.store.setAway(
      {
        accessUserId: users.alan.id,
        name: users.alan.displayName,
        platform,
        chatUserId: chatIdOf(platform, 'alan'),
        note: null,
        untilDay: '2099-01-01',
        untilAt: new Date(Date.UTC(2099, 0, 1)),
      },
      new Date(),
    );
  }
  const stepAccess = () =>
    [...sandbox.state.accesses.values()].filter((a) => a.justification === STEP.justification);
  if (c.kind === 'workflow') {
    // Filed by the replica; then decided elsewhere, so that its poll of Grace completes the run.
    const [access] = await vi.waitFor(() => {
      expect(stepAccess()).toHaveLength(1);
      return stepAccess();
    }, WAIT);
    const taskId = access!.taskIds[0]!;
    sandbox.state.decideTask(taskId, 'Approved', sandbox.state.tasks.get(taskId)!.assigneeId);
    expected.add(`${dm('grace')} requester:${taskId}`);
  }
  /** Killed at its step, and silent since as long as a dead replica's heartbeat is. */
  const killed = async (r: Replica) => {
    await vi.waitFor(() => expect(r.process.signalCode, r.stderr()).toBe('SIGKILL'), WAIT);
    await world.store.beat(r.name, new Date(Date.now() - DEAD_AFTER_MS));
  };
  await killed(doomed);
  const doomedOnes = [doomed];
  let lostTask: string | undefined;
  if (c.kind === 'note') {
    // Another replica cannot find the card (no history scope), loses track of it, and dies
    // while it tells the decision in a note.
    const second = world.start('doomed-2', { ...settings, CRASH_AT: `${c.step}:note` });
    doomedOnes.push(second);
    lostTask = await vi.waitFor(async () => {
      const open = await world.store.listNotifications({ openFor: users.ada.id });
      const lost = open.find((n) => n.lostAt);
      expect(lost, second.stderr()).toBeDefined();
      return lost!.taskId;
    }, WAIT);
    sandbox.state.decideTask(lostTask, 'Approved', users.ada.id);
    await killed(second);
  }

  const heirs = Array.from({ length: replicas }, (_, n) => world.start(`heir-${n}`, settings));
  const logs = () => [...doomedOnes, ...heirs].map((r) => r.stderr()).join('\n');
  const allThere = () =>
    [...expected].every((key) => sent().has(key)) &&
    (c.kind !== 'workflow' || world.slack.completed.has(STEP.executionId));
  const outcomeShown = () =>
    (!(c.decide || c.click) ||
      (sent()
        .get(decidedKey)
        ?.every((m) => !showsButtons(m)) ??
        false)) &&
    (!c.answer ||
      (sent()
        .get(questionKey)
        ?.every((m) => m.content.includes('You answered')) ??
        false));
  const seen = () => `${[...sent().keys()].join('\n')}\n${logs()}`;
  await vi.waitFor(
    () => expect(allThere() && outcomeShown() && progressShown(), seen()).toBe(true),
    WAIT,
  );
  // Every intent carried out, the dead replica's too: its message found, posted or edited.
  const events = [
    ...sandbox.state.tasks.keys(),
    ...sandbox.state.accesses.keys(),
    tell.event,
    QUESTION.id,
    STEP.executionId,
    ...[-1, 0, 1].map((d) => digestEvent(new Date(Date.now() + d * DAY_MS))),
  ];
  await vi.waitFor(async () => {
    const query = { taskIds: events, openFor: users.ada.id };
    const open = (await world.store.listNotifications(query)).filter((n) => n.intent);
    expect(open, logs()).toEqual([]);
  }, WAIT);
  const reminded = async () => {
    const all = await world.store.listNotifications({ openFor: users.ada.id });
    return all.filter((n) => n.remindedAt).length;
  };
  const followUps = () => [...sent().keys()].filter((k) => k.includes(' follow-up:'));
  if (c.remind) {
    await vi.waitFor(async () => {
      const count = await reminded();
      expect(count).toBeGreaterThan(0);
      expect(followUps().length).toBe(count);
    }, WAIT);
  }
  // Every heir running and every person polled twice more, for a duplicate to show if there
  // were one; then the heirs stop, so nothing can come after the checks.
  await Promise.all(heirs.map((heir) => heir.started));
  const polls = (p: Person) =>
    sandbox.requests.filter(
      (r) => r.path.endsWith('/Tasks') && r.query.userId === users[p].id && !r.query.cursor,
    ).length;
  const before = people.map(polls);
  await vi.waitFor(
    () => expect(people.every((p, i) => polls(p) >= before[i]! + 2)).toBe(true),
    WAIT,
  );
  for (const heir of heirs) heir.process.kill('SIGTERM');
  expect(await Promise.all(heirs.map((heir) => heir.exited))).toEqual(heirs.map(() => 0));

  const counts = [...sent()].map(([key, list]) => [key, list.length] as const);
  const twice = counts.filter(([, n]) => n > 1).map(([key]) => key);
  if (inTeamsWindow(platform, c.step)) {
    // The one message that was in the window, and only it, was sent again.
    expect(twice, logs()).toHaveLength(1);
    expect(
      counts.filter(([, n]) => n > 2),
      logs(),
    ).toEqual([]);
  } else {
    expect(twice, logs()).toEqual([]);
  }
  const keys = [...sent().keys()].filter((k) => !k.includes(' follow-up:'));
  expect(keys.sort(), logs()).toEqual([...expected].sort());
  if (c.remind) expect(followUps()).toHaveLength(await reminded());
  if (c.click) {
    // The clicked card is the one message edited: once, or — killed after the edit and before
    // its record — once more by the heir, to the same outcome.
    const edits = world.edits();
    expect(edits, logs()).toHaveLength(c.step === 'updated' ? 2 : 1);
    expect(new Set(edits).size).toBe(1);
    expect(sandbox.requests.filter((r) => r.path.endsWith(`${decided}/Approve`))).toHaveLength(1);
    // The decision is in the audit trail once, completed: by its card's record, or by the heir
    // that found the task decided.
    const entries = await world.store.listAudit({ taskId: decided, actions: ['approve'] });
    expect(
      entries.map((e) => [e.action, e.outcome]),
      logs(),
    ).toEqual([['approve', 'approved']]);
  }
  if (c.batch) {
    // Each review decided once at most; the card shows what the service holds (checked above).
    for (const id of batch) {
      const approvals = sandbox.requests.filter((r) => r.path.endsWith(`${id}/Approve`));
      expect(approvals.length, logs()).toBeLessThanOrEqual(1);
    }
    // Killed mid-batch, those it had not reached yet still wait for Ada, on the card.
    expect(kept(), logs()).toBeGreaterThan(0);
    const left = batch.filter((id) => sandbox.state.task(id).status === 'Pending');
    expect(left).toHaveLength(BATCH - kept());
  }
  if (c.kind === 'workflow') {
    // Filed once, and completed once with its outcome: a completion whose answer was not
    // recorded is made again, and Slack answers that repeat as already completed.
    const [access] = stepAccess();
    const decider = sandbox.state.tasks.get(access!.taskIds[0]!)!.metadata.decidedByName;
    expect(stepAccess()).toHaveLength(1);
    expect(world.slack.completed.get(STEP.executionId)).toEqual({
      outputs: { outcome: 'approved', decided_by: decider, request: access!.id },
    });
    // Once more for each call whose answer never came: on a busy machine a call can time out
    // after Slack took it, and its repeat is answered as already completed.
    const calls = world.slack.calls.filter((call) => call.method.startsWith('functions.'));
    const unanswered = logs().match(/http request failed/g)?.length ?? 0;
    const needed = c.step === 'completed' ? 2 : 1;
    expect(calls.length, logs()).toBeGreaterThanOrEqual(needed);
    expect(calls.length, logs()).toBeLessThanOrEqual(needed + unanswered);
  }
  if (lostTask) {
    // The card lost track of was never posted again: the note told its outcome instead.
    expect(sent().get(`${dm('ada')} task:${lostTask}`)).toHaveLength(1);
  }
  const windows = heirs.map((h) => /window (\S+) (\S+)/.exec(h.stdout())).filter(Boolean);
  for (const w of windows) {
    const [sum, count] = [Number(w![1]), Number(w![2])];
    if (count)
      console.info(
        `${platform} ${c.kind} ${c.step}: answer → record ${((sum / count) * 1000).toFixed(2)} ms mean over ${count}`,
      );
  }
}

/** Every card the case expects is out, and no send of the replica is left to record. */
async function allCardsRecorded(
  world: DeliveryWorld,
  expected: ReadonlySet<string>,
  sent: () => ReadonlyMap<string, unknown>,
) {
  const cards = [...expected].filter((key) => key.includes(' task:') || key.includes(' review:'));
  await vi.waitFor(async () => {
    expect(cards.every((key) => sent().has(key))).toBe(true);
    const taskIds = [...world.sandbox.state.tasks.keys()];
    const query = { taskIds, openFor: users.ada.id };
    const open = (await world.store.listNotifications(query)).filter((n) => n.intent);
    expect(open).toEqual([]);
  }, WAIT);
}
