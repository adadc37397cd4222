/**
 * The Slack notifier the poller uses, and how Slack's failures reach callers: gone recipients,
 * 429 with Retry-After (handed to the poller, waited out once for a person's answer), HTTP
 * errors, and the metrics each call leaves.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebAPIRequestError } from '@slack/web-api';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { SlackApi } from '../../adapters/slack/api.ts';
import { mapSlackError, SlackApiError } from '../../adapters/slack/errors.ts';
import { english } from '../../src/core/i18n/voice.ts';
import {
  MessageRefusedError,
  PlatformUnavailableError,
  RecipientGoneError,
} from '../../src/core/notifier.ts';
import { info } from '../../src/core/reply.ts';
import { createMetrics } from '../../src/metrics.ts';
import { tasks } from '../../src/sandbox/seed.ts';
import { checkAllPayloads } from '../fakes/slack-blockkit.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';
import { clickPayload, sendEvent, sendInteraction } from '../fakes/slack-payloads.ts';
import { captureLog } from '../helpers/bot.ts';

const slack = useSlackBot();
const fake = () => slack.fake;
const notifier = () => slack.bot.served.adapters[0]!.notifier;
const hello = info(english, 'Hello from accessbot', { title: 'Hello' });

afterEach(() => {
  checkAllPayloads(fake());
});

describe('SlackNotifier', () => {
  it('posts a DM through conversations.open and returns the reference to edit it later', async () => {
    const ref = await notifier().post({ kind: 'user', chatUserId: 'U-ADA' }, hello);
    expect(ref).toMatchObject({ platform: 'slack', data: { channel: 'D-U-ADA' } });
    expect(fake().callsOf('conversations.open')[0]!.args.users).toBe('U-ADA');
    const posted = fake().callsOf('chat.postMessage')[0]!;
    expect(posted.token).toBe('xoxb-test-bot-token');
    expect(posted.args.text).toBe('Hello from accessbot');
    await notifier().update(ref, info(english, 'Changed', { title: 'Changed' }));
    const { channel, ts } = ref.data as { channel: string; ts: string };
    expect(fake().messages.get(`${channel}/${ts}`)?.text).toBe('Changed');
  });

  it('follows a message up in its thread, so a reminder notifies the person', async () => {
    const ref = await notifier().post({ kind: 'user', chatUserId: 'U-ADA' }, hello);
    await notifier().followUp(ref, info(english, 'Still waiting for you'));
    const [first, followUp] = fake().callsOf('chat.postMessage');
    expect(followUp?.args).toMatchObject({
      channel: 'D-U-ADA',
      thread_ts: (ref.data as { ts: string }).ts,
      text: 'Still waiting for you',
    });
    expect(first?.args.thread_ts).toBeUndefined();
  });

  it('posts to a channel', async () => {
    const ref = await notifier().post({ kind: 'channel', channelId: 'C-OPS' }, hello);
    expect(ref.data).toMatchObject({ channel: 'C-OPS' });
    expect(fake().callsOf('conversations.open')).toHaveLength(0);
  });

  it('says when the recipient is gone', async () => {
    await expect(
      notifier().post({ kind: 'user', chatUserId: 'U-GONE' }, hello),
    ).rejects.toBeInstanceOf(RecipientGoneError);
    await expect(
      notifier().post({ kind: 'channel', channelId: 'C-GONE' }, hello),
    ).rejects.toBeInstanceOf(RecipientGoneError);
    for (const error of ['account_inactive', 'is_archived', 'not_in_channel']) {
      fake().fail('chat.postMessage', { kind: 'error', error });
      await expect(
        notifier().post({ kind: 'channel', channelId: 'C-OPS' }, hello),
      ).rejects.toBeInstanceOf(RecipientGoneError);
    }
  });

  it('says when Slack refuses the message itself, so that it is not sent again', async () => {
    for (const error of ['msg_too_long', 'invalid_blocks', 'parameter_validation_failed']) {
      fake().fail('chat.postMessage', { kind: 'error', error });
      const refused = await notifier()
        .post({ kind: 'channel', channelId: 'C-OPS' }, hello)
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(MessageRefusedError);
      expect(String(refused)).toContain(error);
    }
    // A scope the app lacks is the admin's to fix, and may be by the next try.
    fake().fail('chat.postMessage', { kind: 'error', error: 'missing_scope' });
    const lacking = await notifier()
      .post({ kind: 'channel', channelId: 'C-OPS' }, hello)
      .catch((e: unknown) => e);
    expect(lacking).toBeInstanceOf(SlackApiError);
  });

  it('hands a 429 to the poller at once, with Retry-After, and never posts twice', async () => {
    fake().fail('chat.postMessage', { kind: 'rate_limited', retryAfterSeconds: 7 });
    const error = await notifier()
      .post({ kind: 'channel', channelId: 'C-OPS' }, hello)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformUnavailableError);
    expect((error as PlatformUnavailableError).retryAfterMs).toBe(7_000);
    fake().fail('chat.postMessage', { kind: 'http', status: 503 }, 5);
    await expect(
      notifier().post({ kind: 'channel', channelId: 'C-OPS' }, hello),
    ).rejects.toBeInstanceOf(PlatformUnavailableError);
    expect(fake().callsOf('chat.postMessage')).toHaveLength(2);
    const metrics = await slack.bot.metrics.registry.metrics();
    expect(metrics).toContain(
      'accessbot_platform_api_calls_total{platform="slack",method="chat.postMessage",outcome="rate_limited"} 1',
    );
  });

  it('maps a request that got no answer (timeout, connection) to PlatformUnavailableError', () => {
    const error = mapSlackError(
      new WebAPIRequestError(new Error('The operation was aborted due to timeout')),
      'chat.update',
    );
    expect(error).toBeInstanceOf(PlatformUnavailableError);
  });
});

describe('the member directory', () => {
  it('reads every page of users.list, leaving out deactivated users and bots', async () => {
    const directory = slack.bot.served.adapters[0]!.directory!;
    const members = await Array.fromAsync(directory.members());
    expect(members).toContainEqual({ chatUserId: 'U-ADA', email: 'ada.lovelace@example.com' });
    expect(members.map((m) => m.chatUserId)).not.toContain('U-LEFT');
    expect(members.map((m) => m.chatUserId)).not.toContain('U-BOT');
    expect(members).toHaveLength(13);
    expect(fake().callsOf('users.list').length).toBeGreaterThan(1);
  });
});

describe('a 429 on a person’s answer', () => {
  it('is waited out as Slack asks and the call repeated; the poller’s calls hand it back at once', async () => {
    const api = (retries: number) => {
      const { lines, log } = captureLog();
      const options = { token: 'xoxb-test-bot-token', apiUrl: fake().apiUrl, log, retries };
      return {
        lines,
        api: new SlackApi({ ...options, metrics: createMetrics(), timeoutMs: 5_000 }),
      };
    };
    const post = (slack: SlackApi) =>
      slack.call(
        'chat.postMessage',
        { channel: 'C-OPS', text: 'hello' },
        z.object({ ts: z.string() }),
      );
    const person = api(2);
    fake().fail('chat.postMessage', { kind: 'rate_limited', retryAfterSeconds: 0 });
    await post(person.api);
    expect(fake().callsOf('chat.postMessage')).toHaveLength(2);
    expect(person.lines.join('\n')).toContain('Slack asked to slow down');
    fake().fail('chat.postMessage', { kind: 'rate_limited', retryAfterSeconds: 4 });
    expect(await post(api(0).api).catch((e: unknown) => e)).toMatchObject({ retryAfterMs: 4_000 });
    expect(fake().callsOf('chat.postMessage')).toHaveLength(3);
  });

  it('publishes App Home with the outcome after a Retry-After waited out', async () => {
    const home = { type: 'app_home_opened', user: 'U-MARGARET', tab: 'home', event_ts: '1.2' };
    await sendEvent(slack.bot.url, home);
    const shown = await fake().waitFor(() => fake().callsOf('views.publish')[0]);
    const { blocks } = shown.args.view as { blocks: unknown[] };
    fake().fail('views.publish', { kind: 'rate_limited', retryAfterSeconds: 0 });
    // Acked while the service has not answered yet: the answer, and its wait, come after.
    const service = slack.sandbox.current.faults.hold();
    const where = { kind: 'home' as const, viewId: 'V-HOME' };
    const click = clickPayload(
      blocks,
      'accessbot.approve',
      'U-MARGARET',
      where,
      tasks.margaretTimFigmaEditor,
    );
    const ack = await sendInteraction(slack.bot.url, click);
    expect(ack.status).toBe(200);
    service.release();
    const published = await fake().waitFor(() => fake().callsOf('views.publish')[2]);
    expect(JSON.stringify(published.args.view)).toContain('You approved');
  });
});

describe('a post to a response_url', () => {
  /** A response_url answering each post with the next of `statuses`, and what it received. */
  async function responseUrl(statuses: number[]) {
    const bodies: unknown[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        bodies.push(JSON.parse(Buffer.concat(chunks).toString()));
        res.writeHead(statuses.shift() ?? 200, { 'retry-after': '7' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => {
      server.closeAllConnections();
      server.close();
    });
    return { bodies, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/r/1` };
  }
  const api = (timeoutMs = 5_000) =>
    new SlackApi({
      token: 'xoxb-test-bot-token',
      apiUrl: fake().apiUrl,
      log: captureLog().log,
      metrics: createMetrics(),
      retries: 0,
      timeoutMs,
    });

  it('sends the answer as JSON, and tells an expired URL from a busy or absent Slack', async () => {
    const { bodies, url } = await responseUrl([200, 404, 429, 503]);
    await api().respond(url, { text: 'hello' });
    expect(bodies).toEqual([{ text: 'hello' }]);
    const failure = () =>
      api()
        .respond(url, {})
        .catch((e: unknown) => e);
    const expired = await failure();
    expect(expired).toBeInstanceOf(SlackApiError);
    expect(expired).toMatchObject({ slackError: 'http_404' });
    const limited = await failure();
    expect(limited).toMatchObject({ retryAfterMs: 7_000 });
    expect(limited).toBeInstanceOf(PlatformUnavailableError);
    expect(await failure()).toBeInstanceOf(PlatformUnavailableError);
    const closed = api().respond('http://127.0.0.1:9/r/1', {});
    await expect(closed).rejects.toBeInstanceOf(PlatformUnavailableError);
    await expect(api().respond('file:///etc/passwd', {})).rejects.toBeInstanceOf(SlackApiError);
  });

  it('gives up on a response_url that does not answer in time', async () => {
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => {
      server.closeAllConnections();
      server.close();
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/r/1`;
    const error = await api(50)
      .respond(url, { text: 'hello' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformUnavailableError);
    expect((error as Error).message).toContain('did not answer');
  });

  it('tells an answer cut off halfway as Slack unavailable', async () => {
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-length': '100' });
      res.write('o', () => req.socket.end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => {
      server.closeAllConnections();
      server.close();
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/r/1`;
    await expect(api().respond(url, {})).rejects.toBeInstanceOf(PlatformUnavailableError);
  });
});
