/**
 * The audit chain's head, once a day (AUDIT_HEAD_CHANNEL): two replicas on one store post one
 * message a day to the auditors' channel, through the outbox, on a fake clock; the next day
 * posts the head as it then is; with no channel, the head is only in the log.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config.ts';
import { parseHeadChannel } from '../../src/poller/audit-head.ts';
import { startSandbox } from '../../src/sandbox/server.ts';
import { openStore } from '../../src/store/open.ts';
import type { Store } from '../../src/store/store.ts';
import { clientFor } from '../helpers/sandbox.ts';
import { membership } from '../store/groups-contract.ts';
import { FakeClock, RecordingNotifier, testPoller } from './fakes.ts';

const DAY = 86_400_000;
const CHANNEL = { platform: 'slack' as const, channelId: 'C-AUDITORS' };
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let store: Store;
let clock: FakeClock;

beforeEach(async () => {
  sandbox = await startSandbox();
  store = await openStore('sqlite::memory:');
  clock = new FakeClock();
});
afterEach(async () => {
  await store.close();
  await sandbox.close();
});

const textOf = (message: unknown) => JSON.stringify(message);

/** Both replicas started and stopped once the day's head is posted. */
async function aDay(slack: RecordingNotifier, posts: number, channel = CHANNEL) {
  const replicas = ['replica-a', 'replica-b'].map((owner) =>
    testPoller({
      client: clientFor(sandbox),
      store,
      notifiers: [slack],
      clock,
      owner,
      auditHeadChannel: channel,
    }),
  );
  for (const { poller } of replicas) await poller.start();
  await expect.poll(() => slack.posts.length).toBe(posts);
  for (const { poller } of replicas) await poller.stop();
  return replicas.flatMap((r) => r.logLines);
}

describe('the audit chain head, once a day', () => {
  it('is posted once to the auditors’ channel by two replicas, and again the next day', async () => {
    await store.appendAudit(membership({ at: clock.now() }));
    const slack = new RecordingNotifier('slack');
    const lines = await aDay(slack, 1);
    const head = await store.auditHead();
    const [first] = slack.posts;
    expect(first?.to).toEqual({ kind: 'channel', channelId: 'C-AUDITORS' });
    expect(textOf(first?.message)).toContain(`entry 1, link 1, hash ${head.hash}`);
    expect(textOf(first?.message)).toContain(`npm run audit -- --verify --head ${head.hash}`);
    expect(lines.filter((l) => l.includes('"audit chain head"'))).toHaveLength(1);

    await store.appendAudit(membership({ at: clock.now() }));
    clock.advance(DAY);
    await aDay(slack, 2);
    const next = await store.auditHead();
    expect(textOf(slack.posts[1]?.message)).toContain(`entry 2, link 2, hash ${next.hash}`);
    expect(slack.posts).toHaveLength(2);
  });

  it('is only logged when no channel is named', async () => {
    const slack = new RecordingNotifier('slack');
    const { poller, logLines } = testPoller({
      client: clientFor(sandbox),
      store,
      notifiers: [slack],
      clock,
    });
    await poller.start();
    await expect.poll(() => logLines.some((l) => l.includes('"audit chain head"'))).toBe(true);
    await poller.stop();
    expect(slack.posts).toEqual([]);
  });

  it('reads its channel from AUDIT_HEAD_CHANNEL, and refuses one that names no platform', () => {
    expect(parseHeadChannel('teams:19:abc@thread.tacv2')).toEqual({
      platform: 'teams',
      channelId: '19:abc@thread.tacv2',
    });
    expect(() => loadConfig({ AUDIT_HEAD_CHANNEL: 'C0123' })).toThrow(
      'AUDIT_HEAD_CHANNEL must be slack:<channel id> or teams:<conversation id>',
    );
  });
});
