/**
 * `POST /webhooks/access`: a delivery with a valid signature triggers a poll of the users it
 * names; an unsigned, wrongly signed, stale or malformed one is refused and changes nothing. And
 * end to end: the sandbox's webhook brings a new task to its approver in well under a second.
 */
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usersConcerned, verifySignature } from '../../src/access/webhook.ts';
import { loadConfig } from '../../src/app/config.ts';
import { startLocalPolling } from '../../src/app/polling.ts';
import { startRuntime } from '../../src/app/runtime.ts';
import { createMetrics } from '../../src/metrics.ts';
import { users, workApps } from '../../src/sandbox/seed.ts';
import { HttpServer } from '../../src/server/http-server.ts';
import { openStore } from '../../src/store/open.ts';
import type { Store } from '../../src/store/store.ts';
import { accessWebhookHandler, WEBHOOK_PATH } from '../../src/webhooks/access-webhook.ts';
import { captureLog } from '../helpers/bot.ts';
import { cardOf, FakeClock, link, RecordingNotifier } from '../poller/fakes.ts';

const secret = 'whsec-test-0123456789';
const scheme = {
  secret,
  signatureHeader: 'X-Access-Signature',
  timestampHeader: 'X-Access-Timestamp',
  toleranceMs: 300_000,
};

/** Signs as the sender does, written out here so the test does not reuse the code it checks. */
function signed(body: string, at: Date, key = secret) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const hex = createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
  return { 'x-access-signature': `sha256=${hex}`, 'x-access-timestamp': timestamp };
}

describe('the webhook signature', () => {
  const now = new Date('2026-11-22T09:00:00Z');
  const body = Buffer.from('{"events":[]}');

  it('accepts the HMAC of "<timestamp>.<body>", with or without the sha256= prefix', () => {
    const headers = signed(body.toString(), now);
    expect(verifySignature(body, headers, scheme, now)).toMatchObject({ ok: true });
    const bare = { ...headers, 'x-access-signature': headers['x-access-signature'].slice(7) };
    expect(verifySignature(body, bare, scheme, now)).toMatchObject({ ok: true });
  });

  it('accepts any one of several signatures, so the secret can be rotated', () => {
    const old = signed(body.toString(), now, 'the-old-secret')['x-access-signature'];
    const headers = signed(body.toString(), now);
    headers['x-access-signature'] = `${old}, ${headers['x-access-signature']}`;
    expect(verifySignature(body, headers, scheme, now)).toMatchObject({ ok: true });
  });

  it('refuses another secret, another body, a moved timestamp, and missing headers', () => {
    const bad = (headers: Record<string, string>, b = body) =>
      verifySignature(b, headers, scheme, now);
    expect(bad(signed(body.toString(), now, 'wrong'))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(bad(signed(body.toString(), now), Buffer.from('{"events":[{}]}'))).toMatchObject({
      ok: false,
    });
    const moved = {
      ...signed(body.toString(), now),
      'x-access-timestamp': String(now.getTime() / 1000 + 1),
    };
    expect(bad(moved)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(bad({})).toEqual({ ok: false, reason: 'unsigned' });
  });

  it('refuses a timestamp outside the tolerance either way', () => {
    for (const skew of [-301_000, 301_000]) {
      const headers = signed(body.toString(), new Date(now.getTime() + skew));
      expect(verifySignature(body, headers, scheme, now)).toEqual({ ok: false, reason: 'stale' });
    }
  });
});

describe('POST /webhooks/access', () => {
  let http: HttpServer;
  let url: string;
  let polls: Array<readonly string[] | undefined>;
  let clock: FakeClock;
  let webhookMetrics: ReturnType<typeof createMetrics>;

  async function serve(withScheme: typeof scheme | undefined, replays?: Store) {
    const { log } = captureLog();
    webhookMetrics = createMetrics();
    http = new HttpServer({ log, metrics: createMetrics(), readiness: [] });
    const handler = accessWebhookHandler({
      scheme: withScheme,
      trigger: { pollNow: async (ids) => void polls.push(ids) },
      replays: replays ?? (await openStore('sqlite::memory:')),
      everyoneEveryMs: 60_000,
      clock,
      log,
      metrics: webhookMetrics,
      refusals: http.refusals,
    });
    http.mount(WEBHOOK_PATH, handler);
    url = `http://127.0.0.1:${await http.listen(0, '127.0.0.1')}${WEBHOOK_PATH}`;
  }

  beforeEach(() => {
    polls = [];
    clock = new FakeClock();
  });
  afterEach(() => http.close());

  const post = (body: string, headers: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('handles a replayed delivery once, also when the replay reaches another replica', async () => {
    const shared = await openStore('sqlite::memory:');
    await serve(scheme, shared);
    const body = JSON.stringify({ userIds: ['u-1'] });
    const headers = signed(body, clock.now());
    const first = await post(body, headers);
    expect(first.status).toBe(202);
    // 50 replays of the captured delivery, some to this replica, some to a second one.
    const other = new HttpServer({
      log: captureLog().log,
      metrics: createMetrics(),
      readiness: [],
    });
    other.mount(
      WEBHOOK_PATH,
      accessWebhookHandler({
        scheme,
        trigger: { pollNow: async (ids) => void polls.push(ids) },
        replays: shared,
        everyoneEveryMs: 60_000,
        clock,
        log: captureLog().log,
        metrics: createMetrics(),
        refusals: other.refusals,
      }),
    );
    const otherUrl = `http://127.0.0.1:${await other.listen(0, '127.0.0.1')}${WEBHOOK_PATH}`;
    try {
      for (let i = 0; i < 50; i++) {
        const replay = await fetch(i % 2 ? url : otherUrl, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', ...headers },
        });
        expect(replay.status).toBe(202);
        expect(await replay.json()).toEqual({ accepted: true, duplicate: true });
      }
    } finally {
      await other.close();
    }
    expect(polls).toEqual([['u-1']]);
  });

  it('answers 202 to a signed delivery and polls the users it names', async () => {
    await serve(scheme);
    const body = JSON.stringify({
      id: 'd-1',
      events: [
        { type: 'task.created', taskId: 't-1', userIds: ['u-1'] },
        { type: 'task.decided', taskId: 't-2', userIds: ['u-2', 'u-1'] },
      ],
    });
    const response = await post(body, signed(body, clock.now()));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: true, users: 2 });
    expect(polls).toEqual([['u-1', 'u-2']]);
    expect((await webhookMetrics.webhooks.get()).values).toEqual([
      expect.objectContaining({ labels: { outcome: 'accepted' }, value: 1 }),
    ]);
  });

  it('polls everyone when a delivery does not say whom it concerns', async () => {
    await serve(scheme);
    const body = JSON.stringify({ type: 'something.changed' });
    expect((await post(body, signed(body, clock.now()))).status).toBe(202);
    expect(polls).toEqual([undefined]);
    expect(usersConcerned({ events: [{ userIds: ['a'] }, {}] })).toBeUndefined();
    expect(usersConcerned({ userIds: ['a'], events: [{ userIds: ['b'] }] })).toEqual(['a', 'b']);
  });

  it('polls everyone at most once a poll interval, however many deliveries name nobody', async () => {
    await serve(scheme);
    const burst = async () => {
      for (let n = 0; n < 20; n++) {
        const body = JSON.stringify({ id: `d-${clock.now().getTime()}-${n}` });
        expect((await post(body, signed(body, clock.now()))).status).toBe(202);
        clock.advance(250);
      }
    };
    await burst();
    // Each delivery still counts as one (webhooks work); only the first makes everyone due.
    expect(polls).toEqual([undefined, ...Array(19).fill([])]);
    clock.advance(60_000);
    polls = [];
    await burst();
    expect(polls.filter((ids) => ids === undefined)).toHaveLength(1);
  });

  it.each([
    ['a wrong signature', (b: string) => signed(b, new Date(), 'not-the-secret'), 401],
    ['no signature', () => ({}), 401],
    ['a stale timestamp', (b: string) => signed(b, new Date(Date.UTC(2026, 10, 22, 8, 50))), 401],
  ])('answers 401 to %s and polls no one', async (_, sign, status) => {
    await serve(scheme);
    const body = JSON.stringify({ userIds: ['u-1'] });
    const response = await post(body, sign(body));
    expect(response.status).toBe(status);
    expect(polls).toEqual([]);
  });

  it.each([
    ['a body that is not JSON', '{"userIds": ['],
    ['a JSON body that is not an object', '[1, 2]'],
    ['user ids that are not strings', '{"userIds": [42]}'],
    ['events that are not a list', '{"events": {"userIds": ["u-1"]}}'],
  ])('answers 400 to %s, even signed, and polls no one', async (_, body) => {
    await serve(scheme);
    const response = await post(body, signed(body, clock.now()));
    expect(response.status).toBe(400);
    expect(polls).toEqual([]);
  });

  it('refuses every delivery while no secret is configured, and anything but POST', async () => {
    await serve(undefined);
    const body = '{}';
    expect((await post(body, signed(body, clock.now()))).status).toBe(403);
    const get = await fetch(url);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    expect(polls).toEqual([]);
  });

  it('reads the configured header names', async () => {
    await serve({ ...scheme, signatureHeader: 'X-Sig', timestampHeader: 'X-Sig-Time' });
    const body = '{"userIds":["u-9"]}';
    const standard = signed(body, clock.now());
    const headers = {
      'x-sig': standard['x-access-signature'],
      'x-sig-time': standard['x-access-timestamp'],
    };
    expect((await post(body, standard)).status).toBe(401);
    expect((await post(body, headers)).status).toBe(202);
    expect(polls).toEqual([['u-9']]);
  });
});

describe('webhooks end to end', () => {
  it('brings a task created in the sandbox to its approver, and its outcome, by webhook', async () => {
    const { log } = captureLog();
    // The embedded sandbox, a one-hour interval: Dennis's first poll falls later in the hour (at
    // a point fixed by his id), so only the webhook can bring anything within the test.
    const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', POLL_INTERVAL_SECONDS: '3600' });
    const runtime = await startRuntime(config, log);
    const sandbox = runtime.sandbox!;
    const notifier = new RecordingNotifier('slack');
    try {
      await link(runtime.store, ['dennis']);
      runtime.poller.serve(notifier);
      const polling = await startLocalPolling({ config, runtime, log });
      const [taskId] = sandbox.state.createAccessRequest({
        workAppId: workApps.jira.id,
        userId: users.grace.id,
      }).taskIds;
      await expect.poll(() => notifier.dmTasks('U-dennis')).toContain(taskId);

      sandbox.state.decideTask(taskId!, 'Declined', users.dennis.id, 'not this quarter');
      await expect
        .poll(() => notifier.updates.map((u) => cardOf(u.message)?.outcome))
        .toContainEqual(expect.stringContaining('not this quarter'));
      await polling.stop();
    } finally {
      await runtime.close();
    }
  });
});
