import { describe, expect, it } from 'vitest';
import { Task } from '../../../src/access/schemas.ts';
import { groupDue, reviewDue } from '../../../src/core/reviews/due.ts';

const review = (metadata: Record<string, unknown>) =>
  Task.parse({ id: 't1', status: 'Pending', type: 'EntitlementReview', target: {}, metadata });

describe('when an access review is due', () => {
  it('is the date the Access Service gives the task', () => {
    const task = review({ createdAt: '2026-12-01T09:00:00Z', dueAt: '2026-12-18T17:00:00Z' });
    expect(reviewDue(task, 14)).toBe('2026-12-18T17:00:00Z');
  });

  it('is REVIEW_DUE_DAYS after the task was opened when the service gives no date', () => {
    expect(reviewDue(review({ createdAt: '2026-12-01T09:00:00Z' }), 14)).toBe(
      '2026-12-15T09:00:00.000Z',
    );
  });

  it('is unknown when the service says neither, and an unreadable date is not trusted', () => {
    expect(reviewDue(review({}), 14)).toBeUndefined();
    expect(reviewDue(review({ dueAt: 'Friday' }), 14)).toBeUndefined();
  });

  it('is the earliest of a group', () => {
    const tasks = [
      review({ createdAt: '2026-12-05T09:00:00Z' }),
      review({ createdAt: '2026-12-06T09:00:00Z', dueAt: '2026-12-10T09:00:00Z' }),
      review({}),
    ];
    expect(groupDue(tasks, 14)).toBe('2026-12-10T09:00:00Z');
    expect(groupDue([review({})], 14)).toBeUndefined();
  });
});
