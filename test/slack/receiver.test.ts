/**
 * What `/slack/events` answers before any handler runs, over real HTTP on 127.0.0.1: the
 * signature is checked on the raw bytes first, and a request without a valid one — missing,
 * wrong, too old or too far ahead — is answered 401 having reached neither the replay guard's
 * store nor any handler; an unsigned ssl_check gets 200 and nothing more; a body past the
 * route's limit is refused unread; a replay is served once. And a flood of unsigned megabyte
 * posts changes nothing for a person sending signed commands meanwhile, nor fills the log: the
 * refusals are told once a minute with a count, naming SLACK_SIGNING_SECRET until one passes.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK_BODY_LIMIT } from '../../adapters/slack/receiver.ts';
import { FakeSlack } from '../fakes/slack-api.ts';
import { post, type RunningSlackBot, signedHeaders, startSlackBot } from '../fakes/slack-bot.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';
import { commandBody, sendCommand } from '../fakes/slack-payloads.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { FakeClock } from '../poller/fakes.ts';

const slack = useSlackBot();
const FIVE_MINUTES_S = 300;

/** Whether the replay guard has this signature on record (asking records it, so ask once). */
async function recorded(signature: string): Promise<boolean> {
  const later = new Date(Date.now() + 3_600_000);
  return !(await slack.bot.store.firstSeen(`slack:${signature}`, new Date(), later));
}

/** Nothing was done: no Web API call, no answer, no Access Service request. */
function nothingDone() {
  expect(slack.fake.calls).toEqual([]);
  expect(slack.fake.responded).toEqual([]);
  expect(slack.sandbox.current.requests).toEqual([]);
}

describe('requests without a valid signature', () => {
  const body = () => commandBody('help', 'U-ADA', slack.fake.responseUrl());
  const now = () => Date.now() / 1000;
  const forged = (text: string) => signedHeaders(text, 'not-the-signing-secret');
  const cases: Array<[string, (text: string) => Record<string, string>]> = [
    ['no signature at all', () => ({})],
    [
      'a timestamp but no signature',
      (text) => ({ 'x-slack-request-timestamp': signedHeaders(text)['x-slack-request-timestamp'] }),
    ],
    ['a signature made with another secret', forged],
    ['a signature over other bytes', (text) => signedHeaders(`${text}&text=approve+1`)],
    [
      'a timestamp ten minutes old',
      (text) => signedHeaders(text, undefined, now() - 2 * FIVE_MINUTES_S),
    ],
    [
      'a timestamp ten minutes ahead',
      (text) => signedHeaders(text, undefined, now() + 2 * FIVE_MINUTES_S),
    ],
    [
      'a timestamp that is no number',
      (text) => ({ ...signedHeaders(text), 'x-slack-request-timestamp': '1e9' }),
    ],
  ];

  it.each(cases)(
    'are refused with 401 when they carry %s, reaching no store and no handler',
    async (_, headersFor) => {
      const text = body();
      const headers = headersFor(text);
      const res = await post(slack.bot.url, text, 'form', headers);
      expect(res.status).toBe(401);
      nothingDone();
      const signature = headers['x-slack-signature'];
      if (signature) expect(await recorded(signature)).toBe(false);
    },
  );

  it('answers an unsigned ssl_check with 200 and does nothing with what else it carries', async () => {
    const res = await post(
      slack.bot.url,
      'ssl_check=1&token=t&command=%2Faccess&text=tasks',
      'form',
      {},
    );
    expect(res).toMatchObject({ status: 200, body: '' });
    nothingDone();
  });

  it('takes nothing larger than a real ssl_check for one', async () => {
    const text = `ssl_check=1&${body()}&padding=${'x'.repeat(300)}`;
    expect((await post(slack.bot.url, text, 'form', {})).status).toBe(401);
    nothingDone();
  });
});

describe('signed requests', () => {
  it('answers the url_verification challenge', async () => {
    const body = JSON.stringify({ type: 'url_verification', challenge: 'c-4711', token: 't' });
    const res = await post(slack.bot.url, body, 'json', signedHeaders(body));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ challenge: 'c-4711' });
  });

  it('refuses a signed body it cannot read with 400', async () => {
    const body = '{"type": "event_callback", ';
    const res = await post(slack.bot.url, body, 'json', signedHeaders(body));
    expect(res.status).toBe(400);
    expect(slack.sandbox.current.requests).toEqual([]);
  });

  it('serves a replay once: the same signed bytes again are acked and dropped', async () => {
    const responseUrl = slack.fake.responseUrl();
    const body = commandBody('help', 'U-ADA', responseUrl);
    const headers = signedHeaders(body);
    expect((await post(slack.bot.url, body, 'form', headers)).status).toBe(200);
    await slack.fake.waitFor(() => slack.fake.respondedTo(responseUrl)[0]);
    const replayed = slack.bot.logLines.filter((l) => l.includes('replayed Slack request')).length;
    const again = await post(slack.bot.url, body, 'form', headers);
    expect(again).toMatchObject({ status: 200, body: '' });
    // Refused before the answer went out: nothing of it can run after.
    const now = slack.bot.logLines.filter((l) => l.includes('replayed Slack request')).length;
    expect(now).toBe(replayed + 1);
  });

  it(`refuses a body past ${SLACK_BODY_LIMIT / 1024} KiB with 413, unread and unrecorded, however well signed`, async () => {
    const body = `${commandBody('help', 'U-ADA', slack.fake.responseUrl())}&pad=${'x'.repeat(SLACK_BODY_LIMIT)}`;
    const headers = signedHeaders(body);
    const res = await post(slack.bot.url, body, 'form', headers);
    expect(res.status).toBe(413);
    nothingDone();
    expect(await recorded(headers['x-slack-signature'])).toBe(false);
  });

  it('takes a signed body just under the limit', async () => {
    const responseUrl = slack.fake.responseUrl();
    const head = commandBody('help', 'U-ADA', responseUrl);
    const body = `${head}&pad=${'x'.repeat(SLACK_BODY_LIMIT - head.length - 5)}`;
    expect(Buffer.byteLength(body)).toBe(SLACK_BODY_LIMIT);
    expect((await post(slack.bot.url, body, 'form', signedHeaders(body))).status).toBe(200);
    await slack.fake.waitFor(() => slack.fake.respondedTo(responseUrl)[0]);
  });
});

describe('a flood of unsigned posts', () => {
  const form = (size: number) => Buffer.from(`command=%2Faccess&text=tasks&${'x'.repeat(size)}`);
  const megabyte = form(1_000_000);
  const underLimit = form(SLACK_BODY_LIMIT - 100);
  /** An unsigned post: its status, or 0 when the server closed the connection mid-send. */
  const unsigned = (url: string, body: Buffer, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve) => {
      const req = request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve(0));
      req.end(body);
    });

  it('costs a person sending signed commands nothing: each gets its real answer, /readyz stays 200', async () => {
    const { bot, fake } = slack;
    const readyz = bot.url.replace('/slack/events', '/readyz');
    const urls = Array.from({ length: 6 }, () => fake.responseUrl());
    // 150 megabytes, refused unread, and 50 bodies under the limit with a forged signature,
    // read and checked.
    const forged = signedHeaders(underLimit.toString(), 'not-the-signing-secret');
    const flood = [
      ...Array.from({ length: 150 }, () => unsigned(bot.url, megabyte)),
      ...Array.from({ length: 50 }, () => unsigned(bot.url, underLimit, forged)),
    ];
    const probes: Array<Promise<number>> = [];
    const acks = [];
    for (const url of urls) {
      acks.push(await sendCommand(bot.url, 'help', 'U-ADA', url));
      probes.push(fetch(readyz).then((res) => res.status));
    }
    const refused = await Promise.all(flood);

    expect(acks.map((a) => [a.status, a.body])).toEqual(urls.map(() => [200, '']));
    for (const url of urls) {
      const [answer] = await fake.waitFor(() => {
        const got = fake.respondedTo(url);
        return got.length ? got : undefined;
      });
      expect(JSON.stringify(answer!.body)).not.toMatch(/busy/i);
      expect(JSON.stringify(answer!.body)).toContain('approve');
    }
    expect(await Promise.all(probes)).toEqual(urls.map(() => 200));
    // Each megabyte was refused unread (413, or cut off mid-send), each forged one with 401.
    expect(refused.slice(0, 150).filter((status) => status !== 413 && status !== 0)).toEqual([]);
    expect(refused.slice(150)).toEqual(refused.slice(150).map(() => 401));
  });
});

describe('refused requests in the log', () => {
  const sandbox = useSandbox();
  const clock = new FakeClock();
  let fake: FakeSlack;
  let bot: RunningSlackBot;
  beforeAll(async () => {
    fake = await FakeSlack.start();
    const webhooks = { ACCESS_WEBHOOK_SECRET: 'a-webhook-secret-long-enough-to-be-accepted' };
    bot = await startSlackBot(sandbox.current, fake, webhooks, { clock });
  });
  afterAll(async () => {
    await bot?.close();
    await fake?.close();
  });

  const at = () => clock.now().getTime() / 1000;
  const forged = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const text = commandBody('tasks', 'U-ADA', fake.responseUrl());
      const res = await post(bot.url, text, 'form', signedHeaders(text, 'scanner', at()));
      expect(res.status).toBe(401);
    }
  };
  const refusalLines = () =>
    bot.logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string; refused?: number })
      .filter((line) => line.msg.includes('without a valid signature'));
  const started = clock.now().toISOString();

  it('are told once a minute with a count, naming SLACK_SIGNING_SECRET until one passes', async () => {
    await forged(40);
    expect(refusalLines()).toEqual([
      expect.objectContaining({
        level: 40,
        refused: 1,
        msg: `refused 1 Slack request without a valid signature since ${started}; none has passed since accessbot started: if Slack’s own requests are refused too, SLACK_SIGNING_SECRET is likely not this Slack app’s Signing Secret (Basic Information → App Credentials)`,
      }),
    ]);

    clock.advance(60_000);
    const firstLineAt = new Date(clock.now().getTime() - 60_000).toISOString();
    await forged(1);
    expect(refusalLines()).toHaveLength(2);
    expect(refusalLines()[1]).toMatchObject({
      refused: 40,
      msg: expect.stringMatching(
        new RegExp(
          `^refused 40 Slack requests without a valid signature since ${firstLineAt}; .*SLACK_SIGNING_SECRET`,
        ),
      ),
    });

    // Slack's own request passes: the secret is right, and the next line says only the count.
    const responseUrl = fake.responseUrl();
    const text = commandBody('help', 'U-ADA', responseUrl);
    expect((await post(bot.url, text, 'form', signedHeaders(text, undefined, at()))).status).toBe(
      200,
    );
    await fake.waitFor(() => fake.respondedTo(responseUrl)[0]);
    clock.advance(60_000);
    await forged(2);
    expect(refusalLines()).toHaveLength(3);
    expect(refusalLines()[2]!.msg).toMatch(
      /^refused 1 Slack request without a valid signature since \S+$/,
    );
    expect(await bot.metrics.errors.get()).toMatchObject({
      values: expect.arrayContaining([
        expect.objectContaining({ labels: { kind: 'slack_unsigned' }, value: 43 }),
      ]),
    });
  });

  it('share one line a minute with the refusals of the other routes, counted per route', async () => {
    const forgedDeliveries = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const webhook = await fetch(bot.url.replace('/slack/events', '/webhooks/access'), {
          method: 'POST',
          body: '{"userIds":["u-1"]}',
          headers: { 'content-type': 'application/json', 'x-access-signature': 'sha256=00' },
        });
        expect(webhook.status).toBe(401);
      }
    };
    clock.advance(60_000);
    const before = bot.logLines.length;
    const lines = () => bot.logLines.slice(before);
    await forged(1);
    await forgedDeliveries(20);
    await forged(19);
    clock.advance(60_000);
    await forged(1);
    expect(lines().filter((line) => line.includes('webhook'))).toHaveLength(1);
    expect(lines()).toHaveLength(2);
    const line = JSON.parse(lines()[1]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 40, refused: 40 });
    expect(line.msg).toMatch(
      /^refused 20 Slack requests without a valid signature, 20 unauthenticated webhook deliveries since \S+; none has passed .*ACCESS_WEBHOOK_SECRET/,
    );
    expect(lines()[1]).not.toMatch(/stack|\s+at /);
  });
});
