import { describe, expect, it } from 'vitest';
import { Task } from '../../../src/access/schemas.ts';
import { defaultsOf } from '../../../src/core/reviews/defaults.ts';
import { captureLog } from '../../helpers/bot.ts';

const review = (id: string, userId?: string) =>
  Task.parse({
    id,
    status: 'Pending',
    type: 'EntitlementReview',
    target: { workAppId: 'app-1', ...(userId && { userId }) },
    metadata: {},
  });

describe('the groups that give a reviewed person the access by default', () => {
  it('are looked up for each row with a person, and left out where none gives it', async () => {
    const asked: string[] = [];
    const lookup = async (userId: string) => {
      asked.push(userId);
      return userId === 'u-1' ? ['Engineering', 'Security'] : [];
    };
    const found = await defaultsOf(
      lookup,
      [review('t1', 'u-1'), review('t2', 'u-2'), review('t3')],
      captureLog().log,
    );
    expect([...found]).toEqual([['t1', ['Engineering', 'Security']]]);
    expect(asked.sort()).toEqual(['u-1', 'u-2']);
  });

  it('leave a row silent, never failing the page, when the service cannot say', async () => {
    const { log, lines } = captureLog();
    const failing = async () => {
      throw new Error('the Access Service is down');
    };
    expect(await defaultsOf(failing, [review('t1', 'u-1')], log)).toEqual(new Map());
    expect(lines.join('')).toContain('could not read which groups give an access');
    expect(await defaultsOf(undefined, [review('t1', 'u-1')], log)).toEqual(new Map());
  });
});
