/**
 * The demo's access review campaign: everyone with GitHub (Read) reviewed by you, due in a few
 * days, so `reviews`, `review 1`, its pages, Keep, Revoke and "keep everyone left" can be tried.
 */
import { users, workApps } from '../sandbox/seed.ts';
import type { SandboxState } from '../sandbox/state.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const DUE_IN_DAYS = 3;
/** Opened after the sample organisation's other tasks, so those keep their numbers. */
const OPENED_MINUTES_AGO = 30;

/** Your colleagues, each granted GitHub (Read) and under review by you (GitHub's reviewer). */
export function seedDemoReviews(state: SandboxState, now: Date): number {
  const { github } = workApps;
  const opened = new Date(now.getTime() - OPENED_MINUTES_AGO * MINUTE);
  const dueAt = new Date(now.getTime() + DUE_IN_DAYS * DAY);
  const reviewed = Object.values(users).filter((u) => u.id !== users.ada.id);
  for (const user of reviewed) {
    const access = state.grantAccess({
      workAppId: github.id,
      userId: user.id,
      permissionLevelId: github.levels.read.id,
      at: opened,
    });
    state.createEntitlementReview({
      accessId: access.id,
      requestedBy: users.radia.id,
      dueAt,
      at: opened,
    });
  }
  return reviewed.length;
}
