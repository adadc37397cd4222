/** People with GitHub Write put under review by Ada (the access reviewer of the sample data). */
import { randomUUID } from 'node:crypto';
import { users, workApps } from '../../src/sandbox/seed.ts';
import type { SandboxState } from '../../src/sandbox/state.ts';

/** `count` reviews, named `<name> 001`…, due at `dueAt` if given; their task ids, in order. */
export function reviewsOfAda(
  state: SandboxState,
  count: number,
  options: { dueAt?: Date; name?: string; from?: number } = {},
): string[] {
  const { dueAt, name = 'Reviewed', from = 1 } = options;
  return Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    const displayName = `${name} ${String(from + i).padStart(3, '0')}`;
    state.addUser({ id, email: `${id}@example.com`, displayName, jobTitle: 'Engineer' });
    const access = state.grantAccess({
      workAppId: workApps.github.id,
      userId: id,
      permissionLevelId: workApps.github.levels.write.id,
    });
    const input = { accessId: access.id, requestedBy: users.radia.id, ...(dueAt && { dueAt }) };
    return state.createEntitlementReview(input)[0]!.id;
  });
}
