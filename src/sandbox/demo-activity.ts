/**
 * Life in the demo: a little after start, a colleague asks for access to an application the
 * demo approver approves, so a first run shows a task being pushed to the terminal, not only
 * the ones that were already waiting.
 */
import { users, workApps } from './seed.ts';
import type { SandboxState } from './state.ts';

export const demoRequest = {
  workAppId: workApps.aws.id,
  userId: users.grace.id,
  permissionLevelId: workApps.aws.levels.powerUser.id,
  justification: 'I am on call for the platform team next week and need to restart services.',
};

/** Schedules the request; the returned function cancels it if it has not happened yet. */
export function scheduleDemoRequest(state: SandboxState, afterMs: number): () => void {
  const timer = setTimeout(() => state.createAccessRequest(demoRequest), afterMs);
  timer.unref();
  return () => clearTimeout(timer);
}
