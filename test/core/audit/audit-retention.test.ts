/**
 * AUDIT_RETENTION_DAYS in the poller's housekeeping: once a day, on one replica, audit entries
 * past the retention go, and so do confirmations that expired over a day ago; 0 keeps the log.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/app/config.ts';
import { applyAuditRetention } from '../../../src/core/audit/retention.ts';
import { startSandbox } from '../../../src/sandbox/server.ts';
import { openStore } from '../../../src/store/open.ts';
import type { Store } from '../../../src/store/store.ts';
import { captureLog } from '../../helpers/bot.ts';
import { clientFor } from '../../helpers/sandbox.ts';
import { FakeClock, testPoller } from '../../poller/fakes.ts';
import { confirmation } from '../../store/confirmations-contract.ts';
import { membership } from '../../store/groups-contract.ts';

const DAY = 86_400_000;
let store: Store;
let clock: FakeClock;
const { log } = captureLog();

beforeEach(async () => {
  store = await openStore('sqlite::memory:');
  clock = new FakeClock();
});
afterEach(() => store.close());

const daysAgo = (n: number) => new Date(clock.now().getTime() - n * DAY);
const ages = async () =>
  (await store.listAudit()).map((e) => Math.round((clock.now().getTime() - e.at.getTime()) / DAY));

describe('audit retention', () => {
  it('deletes entries past the retention and stale changes, once a day however many replicas ask', async () => {
    for (const n of [400, 366, 364, 1]) await store.appendAudit(membership({ at: daysAgo(n) }));
    await store.saveConfirmation(confirmation({ id: 'stale', expiresAt: daysAgo(2) }));
    await store.saveConfirmation(confirmation({ id: 'fresh', expiresAt: daysAgo(0) }));
    await Promise.all([
      applyAuditRetention({ store, clock, log }, 365),
      applyAuditRetention({ store, clock, log }, 365),
    ]);
    expect(await ages()).toEqual([1, 364]);
    expect(await store.getConfirmation('stale')).toBeUndefined();
    expect(await store.getConfirmation('fresh')).toBeDefined();

    // Within the day nothing more is done; the next day the next entry goes.
    clock.advance(DAY - 1);
    await applyAuditRetention({ store, clock, log }, 365);
    expect(await ages()).toEqual([2, 365]);
    clock.advance(2);
    await applyAuditRetention({ store, clock, log }, 365);
    expect(await ages()).toEqual([2]);
  });

  it('keeps every entry with 0, and is not run at all when not configured', async () => {
    await store.appendAudit(membership({ at: daysAgo(5000) }));
    await applyAuditRetention({ store, clock, log }, 0);
    await applyAuditRetention({ store, clock, log }, undefined);
    expect(await ages()).toEqual([5000]);
  });

  it('runs in the poller’s housekeeping', async () => {
    const sandbox = await startSandbox();
    try {
      await store.appendAudit(membership({ at: daysAgo(40) }));
      await store.appendAudit(membership({ at: daysAgo(10) }));
      const { poller } = testPoller({
        client: clientFor(sandbox),
        store,
        notifiers: [],
        clock,
        auditRetentionDays: 30,
      });
      await poller.start();
      await expect.poll(ages).toEqual([10]);
      await poller.stop();
    } finally {
      await sandbox.close();
    }
  });

  it('is 365 days unless AUDIT_RETENTION_DAYS says otherwise', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '0' }).auditRetentionDays).toBe(0);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '-1' })).toThrow(
      'AUDIT_RETENTION_DAYS must be at least 0',
    );
  });
});
