/** A request made through the bot, for the poller's requester-outcome tests. */
import { users, workApps } from '../../src/sandbox/seed.ts';
import { link, type World } from '../poller/fakes.ts';

/**
 * Grace, linked, asks for Figma (Viewer), and the request is recorded as made through the bot
 * without its tasks (the access's status then tells the outcome).
 */
export async function graceAsksForFigma(w: World) {
  await link(w.store, ['grace']);
  const access = w.sandbox.state.createAccessRequest({
    workAppId: workApps.figma.id,
    userId: users.grace.id,
    permissionLevelId: workApps.figma.levels.viewer.id,
  });
  await w.store.recordRequest({
    accessId: access.id,
    accessUserId: users.grace.id,
    workAppId: workApps.figma.id,
    taskIds: [],
    requestedAt: w.clock.now(),
  });
  return access;
}
