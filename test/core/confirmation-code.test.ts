/**
 * The code of a sensitive approval's confirmation: an HMAC with the deployment's key, bound to the
 * task, its application, level and person, the approver and a quarter hour. Nobody computes it
 * from the ids, another approver cannot use it, and it expires — after which it is known as
 * expired (for a day) rather than wrong. On the caller's clock.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Task } from '../../src/access/schemas.ts';
import {
  CODE_WINDOW_MS,
  ConfirmationCodes,
  confirmationKey,
} from '../../src/core/confirmation-code.ts';
import { users, workApps } from '../../src/sandbox/seed.ts';

const task: Task = {
  id: '6f1c2a3b-0000-4000-8000-000000000001',
  status: 'Pending',
  type: 'AccessRequest',
  target: {
    workAppId: workApps.github.id,
    permissionLevelId: workApps.github.levels.write.id,
    userId: users.grace.id,
  },
  metadata: {},
};
const ada = users.ada.id;
const alan = users.alan.id;

/** Codes on a clock a test moves, keyed like a deployment whose secret is `secret`. */
function codesAt(start = Date.UTC(2026, 10, 23, 9, 0), secret = 'the-access-api-secret') {
  const clock = { at: start };
  const codes = new ConfirmationCodes(() => new Date(clock.at), confirmationKey(secret));
  return { codes, clock };
}

describe('a confirmation code', () => {
  it('is six hex characters, bound to the task, application, level, person and approver', () => {
    const { codes } = codesAt();
    const code = codes.issue(task, ada);
    expect(code).toMatch(/^[0-9a-f]{6}$/);
    expect(codes.check(task, ada, code)).toBe('good');
    expect(codes.check(task, ada, code.toUpperCase())).toBe('good');
    const others: Task[] = [
      { ...task, id: '6f1c2a3b-0000-4000-8000-000000000002' },
      { ...task, target: { ...task.target, workAppId: workApps.aws.id } },
      { ...task, target: { ...task.target, permissionLevelId: workApps.github.levels.admin.id } },
      { ...task, target: { ...task.target, userId: users.barbara.id } },
    ];
    for (const other of others) expect(codes.check(other, ada, code)).toBe('wrong');
    // Made for Ada, it confirms nothing for Alan, even on the same task.
    expect(codes.check(task, alan, code)).toBe('wrong');
    expect(codes.check(task, alan, codes.issue(task, alan))).toBe('good');
  });

  it('cannot be computed from the ids: it takes the deployment’s key', () => {
    const { codes } = codesAt();
    // The old code: a hash of the ids anyone who saw them could compute.
    const facts = [task.id, workApps.github.id, workApps.github.levels.write.id, users.grace.id];
    const computed = createHash('sha256').update(facts.join('\n')).digest('hex').slice(0, 6);
    expect(codes.check(task, ada, computed)).toBe('wrong');
    const elsewhere = codesAt(undefined, 'another-deployment').codes;
    expect(codes.check(task, ada, elsewhere.issue(task, ada))).toBe('wrong');
    // Every replica of one deployment derives the same key.
    const replica = codesAt(undefined).codes;
    expect(replica.check(task, ada, codes.issue(task, ada))).toBe('good');
  });

  it('is good for its quarter hour and the next, then known as expired for a day, then wrong', () => {
    const { codes, clock } = codesAt();
    const code = codes.issue(task, ada);
    clock.at += 2 * CODE_WINDOW_MS - 1;
    expect(codes.check(task, ada, code)).toBe('good');
    clock.at += 1;
    expect(codes.check(task, ada, code)).toBe('expired');
    expect(codes.issue(task, ada)).not.toBe(code);
    clock.at += 24 * 60 * 60_000 - 2 * CODE_WINDOW_MS;
    expect(codes.check(task, ada, code)).toBe('wrong');
  });

  it('finds the task it confirms among a person’s tasks, also once expired, and only for them', () => {
    const { codes, clock } = codesAt();
    const other: Task = { ...task, id: '6f1c2a3b-0000-4000-8000-000000000003' };
    const old = codes.issue(task, ada);
    clock.at += 3 * CODE_WINDOW_MS;
    expect(codes.find([other, task], ada, old)).toBe(task);
    expect(codes.find([other, task], alan, old)).toBeUndefined();
    expect(codes.find([task, other], ada, codes.issue(other, ada))).toBe(other);
    expect(codes.find([task, other], ada, 'zz')).toBeUndefined();
  });
});
