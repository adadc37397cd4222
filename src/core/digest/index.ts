/**
 * What the poller asks of digests: whether a person's new tasks wait for their digest instead of
 * coming one by one, when their next digest falls due, and when a task was last shown in one (a
 * reminder counts it). The hook itself is send.ts.
 */
export { DigestDesk } from './desk.ts';
export { type DigestRound, sendDigest } from './send.ts';
export { nextDigestAt } from './time.ts';

import type { DigestChoice } from './store.ts';

/** `daily`: new tasks are not sent one by one. */
export const holdsNewTasks = (choice: DigestChoice | undefined) => choice?.mode === 'daily';

/** When the digest last showed this task, if it did. */
export const shownInDigest = (choice: DigestChoice | undefined, taskId: string) =>
  choice?.sentAt && choice.shown.includes(taskId) ? choice.sentAt : undefined;
