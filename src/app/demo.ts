/**
 * What lets the demo, and only the demo, show every feature: you audit and manage groups,
 * colleagues use accessbot too, one approver is away, a question waits for its answer, and
 * GitHub's past requests say how long one usually takes.
 */
import { TaskTypes } from '../access/schemas.ts';
import {
  decidedThroughBot,
  recordAction,
  recordDecision,
  taskNamesOf,
} from '../core/audit/record.ts';
import { addDays, dayText, localDay, startOf } from '../core/away/days.ts';
import type { Logger } from '../log.ts';
import type { UserRecord } from '../sandbox/model.ts';
import { groups, requests, tasks, users, workApps } from '../sandbox/seed.ts';
import type { SandboxState } from '../sandbox/state.ts';
import type {
  AuditStore,
  AwayStore,
  IdentityLink,
  LinkStore,
  TaskQuestionStore,
} from '../store/store.ts';
import type { Config } from './config.ts';

const DEMO_GROUP = groups.security.name;

/** She approves GitHub (Admin), so a nudge reaches her. */
const demoColleague = users.radia;
const demoAway = users.alan;
const DEMO_QUESTION = 'Which repository do you need to push to: the compiler, or the runtime too?';
/** The same in every run, so a restart on the same store asks it once. */
const DEMO_QUESTION_ID = '7d3c1a9e-2b4f-4e8a-9c61-0f5b8e2d4a17';

/**
 * The Security group (you among them) audits, administers groups and requests for others, unless
 * told otherwise.
 */
export function demoConfig(config: Config): Config {
  const {
    managers,
    auditorsGroup = DEMO_GROUP,
    adminsGroup = managers ? undefined : DEMO_GROUP,
    onBehalfGroup = DEMO_GROUP,
  } = config.groups;
  const groups = { ...config.groups, auditorsGroup, adminsGroup, onBehalfGroup };
  return { ...config, groups };
}

/** Linked by e-mail (SANDBOX_EMAIL_MAP may have changed it), as the terminal links its person. */
export async function linkDemoColleague(
  store: LinkStore,
  state: SandboxState,
  you: string,
  now: Date,
  colleague: { id: string } = demoColleague,
): Promise<void> {
  const user = state.user(colleague.id);
  if (user.email.toLowerCase() !== you.toLowerCase()) {
    await store.saveLink(shellLink(user, user.email, now));
  }
}

const shellLink = (user: UserRecord, email: string, now: Date): IdentityLink => ({
  platform: 'shell',
  chatUserId: email.toLowerCase(),
  accessUserId: user.id,
  email: email.toLowerCase(),
  displayName: user.displayName,
  linkedAt: now,
});

/**
 * Alan away for a week, his task on Grace's request waiting on him; your question to Grace, an
 * hour old. Each is written once, however often the demo starts on the same store.
 */
export async function seedDemoAsks(
  store: LinkStore & AwayStore & TaskQuestionStore & AuditStore,
  state: SandboxState,
  you: string,
  now: Date,
  log: Logger,
): Promise<void> {
  await linkDemoColleague(store, state, you, now, demoAway);
  const alan = state.user(demoAway.id);
  const lasting = (await store.listAway(now)).some((a) => a.accessUserId === alan.id);
  if (!lasting) {
    const day = addDays(localDay(now, 'UTC'), 7);
    const away = await store.setAway(
      {
        accessUserId: alan.id,
        name: alan.displayName,
        platform: 'shell',
        chatUserId: alan.email.toLowerCase(),
        note: 'At a conference',
        untilDay: dayText(day),
        untilAt: startOf(day, 'UTC'),
      },
      now,
    );
    const waits = [{ taskId: tasks.alanGraceGithubWrite, subject: requests.graceGithubWrite }];
    await store.noteAwayWaits(away, waits, now);
    await store.markAwayWaitsTold(away, [tasks.alanGraceGithubWrite], now);
  }
  await linkDemoColleague(store, state, you, now, users.grace);
  const ada = state.user(users.ada.id);
  const grace = state.user(users.grace.id);
  const askedAt = new Date(now.getTime() - 3_600_000);
  const asked = await store.putTaskQuestion({
    id: DEMO_QUESTION_ID,
    subject: requests.graceGithubWrite,
    taskId: tasks.adaGraceGithubWrite,
    askedBy: ada.id,
    askedByName: ada.displayName,
    requesterId: grace.id,
    requesterName: grace.displayName,
    question: DEMO_QUESTION,
    askedAt,
  });
  if (!asked) return;
  const link = shellLink(ada, you, now);
  const task = { ...state.task(tasks.adaGraceGithubWrite) };
  await recordAction({ store, log, now: () => askedAt }, link, {
    action: 'ask',
    taskId: task.id,
    ...taskNamesOf(task),
    reason: DEMO_QUESTION,
    outcome: 'asked',
    actorName: ada.displayName,
    targetUserId: grace.id,
    targetName: grace.displayName,
    detail: DEMO_QUESTION_ID,
  });
}

/** Hours from request to decision of GitHub's last requests: about 4 hours usually, 9 in 10 in a day. */
const PAST_WAITS_H = [2, 3, 4, 5, 20, 24];
const HOUR = 3_600_000;

/**
 * Radia's decisions on six earlier GitHub requests, a week apart and older than any task shown,
 * so a GitHub request says how long one usually takes. Written once.
 */
export async function seedDemoDecisions(
  store: AuditStore,
  state: SandboxState,
  now: Date,
  log: Logger,
): Promise<void> {
  const taskId = (i: number) => `demo-past-github-${i}`;
  if (await decidedThroughBot(store, taskId(0))) return;
  const radia = state.user(users.radia.id);
  const link = shellLink(radia, radia.email, now);
  for (const [i, hours] of PAST_WAITS_H.entries()) {
    const created = new Date(now.getTime() - (i + 1) * 7 * 24 * HOUR);
    const decided = new Date(created.getTime() + hours * HOUR);
    await recordDecision({ store, log, now: () => decided }, link, {
      action: 'approve',
      taskId: taskId(i),
      taskType: TaskTypes.accessRequest,
      appId: workApps.github.id,
      appName: 'GitHub',
      levelName: 'Write',
      requesterName: users.grace.displayName,
      taskCreatedAt: created,
      detail: null,
      reason: null,
      outcome: 'approved',
    });
  }
}
