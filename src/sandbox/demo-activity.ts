/** Soon after start a colleague asks for access, so a first run shows a task being pushed. */
import { users, workApps } from './seed.ts';
import type { SandboxState } from './state.ts';

export const demoRequest = {
  workAppId: workApps.aws.id,
  userId: users.grace.id,
  permissionLevelId: workApps.aws.levels.powerUser.id,
  justification: 'I am on call for the platform team next week and need to restart services.',
};

/** Returns a cancel. */
export function scheduleDemoRequest(state: SandboxState, afterMs: number): () => void {
  const timer = setTimeout(() => state.createAccessRequest(demoRequest), afterMs);
  timer.unref();
  return () => clearTimeout(timer);
}
