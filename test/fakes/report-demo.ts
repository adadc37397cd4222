/**
 * A month of the sandbox's organisation in the audit trail, for the report's tests and its
 * screenshot in the docs: the seeded people approve requests, reviews and offboarding steps on
 * the seeded applications — most in chat, some in the Access Service — a few are reminded and
 * escalated, and some are still waiting. Made from a fixed seed: the same entries every time.
 */
import { TaskTypes } from '../../src/access/schemas.ts';
import { users, workApps } from '../../src/sandbox/seed.ts';
import type { AuditEntry, IdentityLink, TaskEventEntry } from '../../src/store/store.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The approvers and how quickly each usually decides (hours). */
const approvers = [
  [users.ada, 3],
  [users.alan, 9],
  [users.radia, 20],
  [users.ken, 1.5],
  [users.katherine, 30],
] as const;
/** The applications and how much longer their decisions take. */
const apps = [
  [workApps.github.name, 1],
  [workApps.aws.name, 2.5],
  [workApps.jira.name, 0.6],
  [workApps.salesforce.name, 1.8],
  [workApps.figma.name, 0.8],
  [workApps.googleWorkspace.name, 1.2],
] as const;
const types = [TaskTypes.accessRequest, TaskTypes.entitlementReview, TaskTypes.offboardingStep];

/** A small fixed-seed generator (a linear congruential one): the same numbers every run. */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export function demoLinks(): IdentityLink[] {
  return approvers.map(([person]) => ({
    platform: 'slack',
    chatUserId: `U-${person.displayName.split(' ')[0]!.toUpperCase()}`,
    accessUserId: person.id,
    email: person.email,
    displayName: person.displayName,
    linkedAt: new Date(0),
  }));
}

/** `count` tasks created over the 30 days before `end`, and what became of each by then. */
export function demoEntries(end: Date, count = 160): AuditEntry[] {
  const random = numbers(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const links = demoLinks();
  const entries: AuditEntry[] = [];
  for (let n = 0; n < count; n++) {
    const linkOf = pick(links);
    const [, pace] = approvers.find(([p]) => p.id === linkOf.accessUserId)!;
    const [appName, slower] = pick(apps);
    const taskType = pick(types);
    const created = end.getTime() - random() * 30 * DAY;
    const taskId = `demo-${String(n).padStart(4, '0')}`;
    const task = { taskId, appName, taskType, taskCreatedAt: new Date(created) };
    const who = {
      platform: linkOf.platform,
      chatUserId: linkOf.chatUserId,
      accessUserId: linkOf.accessUserId,
      detail: null,
    };
    const event = (action: TaskEventEntry['action'], at: number, more = {}): TaskEventEntry => ({
      ...who,
      ...task,
      at: new Date(at),
      action,
      outcome: 'queued',
      ...more,
    });
    entries.push(event('notify', created + 20_000));
    // Exponential waits around the approver's and the application's pace; some still wait.
    const stuck = random() < 0.1;
    const wait = stuck ? 60 * DAY : -Math.log(1 - random()) * pace * slower * HOUR;
    const decidedAt = created + wait;
    for (let r = created + DAY; r < Math.min(decidedAt, end.getTime()); r += DAY) {
      entries.push(event('remind', r));
    }
    if (wait > 3 * DAY && created + 3 * DAY < end.getTime()) {
      const channel = { chatUserId: 'C-ESCALATIONS', accessUserId: null };
      entries.push(event('escalate', created + 3 * DAY, channel));
    }
    if (decidedAt >= end.getTime()) continue;
    const outcome = random() < 0.85 ? 'approved' : 'declined';
    if (random() < 0.8) {
      const action = outcome === 'approved' ? 'approve' : 'decline';
      entries.push({ ...who, ...task, at: new Date(decidedAt), action, reason: null, outcome });
    } else {
      entries.push(
        event('decided_elsewhere', decidedAt + 30_000, { outcome, decidedBy: who.accessUserId }),
      );
    }
  }
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}
