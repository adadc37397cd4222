/**
 * Where a person's answers go, and what the debug log keeps of them. A `response_url` off Slack's
 * hooks host is refused and logged — unless SLACK_API_URL redirects the Web API, as tests do —
 * and at `LOG_LEVEL=debug`, where Bolt and the WebClient write whole bodies, a `response_url` and
 * a confirmation code never reach a log line. Over real HTTP with the fake Slack.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackApi } from '../../adapters/slack/api.ts';
import { createMetrics } from '../../src/metrics.ts';
import type { FakeSlack } from '../fakes/slack-api.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';
import { clickPayload, sendCommand, sendInteraction } from '../fakes/slack-payloads.ts';
import { captureLog } from '../helpers/bot.ts';
import { openRequest } from '../helpers/decide-world.ts';

/** A local server that counts what is posted to it. */
function listening() {
  const posted: string[] = [];
  const server = createServer((req, res) => {
    posted.push(req.url ?? '');
    req.resume().on('end', () => res.writeHead(200).end('ok'));
  });
  return {
    posted,
    url: async () => {
      await new Promise<void>((go) => server.listen(0, '127.0.0.1', go));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/commands/T1/2/x`;
    },
    close: () => new Promise((done) => server.close(done)),
  };
}

describe('a response_url', () => {
  const target = listening();
  let url: string;
  beforeAll(async () => {
    url = await target.url();
  });
  afterAll(() => target.close());

  const api = (apiUrl: string) => {
    const { lines, log } = captureLog();
    const options = { token: 'xoxb-t', log, metrics: createMetrics(), retries: 0 };
    return {
      lines,
      api: new SlackApi({ ...options, apiUrl, timeoutMs: 5_000 }),
    };
  };

  it('must be on hooks.slack.com over https with the real Slack: anything else is refused and logged', async () => {
    const { api: slack, lines } = api('https://slack.com/api/');
    for (const foreign of [
      url,
      url.replace('http:', 'https:'),
      'https://hooks.slack.com.evil.test/x',
    ]) {
      await expect(slack.respond(foreign, { text: 'hello' })).rejects.toMatchObject({
        slackError: 'foreign_host',
      });
    }
    expect(target.posted).toEqual([]);
    const refused = lines.filter((l) => l.includes('refused a response_url off hooks.slack.com'));
    expect(refused).toHaveLength(3);
    expect(refused[0]).toContain('127.0.0.1');
    expect(refused.join('\n')).not.toContain('/commands/T1');
  });

  it('goes anywhere over http(s) when SLACK_API_URL points the Web API elsewhere (tests)', async () => {
    const { api: slack } = api('http://127.0.0.1:9/api/');
    const before = target.posted.length;
    await slack.respond(url, { text: 'hello' });
    expect(target.posted.slice(before)).toEqual(['/commands/T1/2/x']);
  });
});

describe('the debug log', () => {
  const slack = useSlackBot();
  let fake: FakeSlack;
  beforeAll(() => {
    fake = slack.fake;
  });

  it('masks response_urls and confirmation codes in what Bolt and the WebClient write', async () => {
    const taskId = openRequest(slack.sandbox.current, 'grace', 'aws', 'readOnly');
    const responseUrl = fake.responseUrl();
    await sendCommand(slack.bot.url, `approve ${taskId}`, 'U-ADA', responseUrl);
    const asked = await fake.waitFor(() => fake.respondedTo(responseUrl)[0]?.body);
    const code = new RegExp(`${taskId}:([a-z2-9]{8})`).exec(JSON.stringify(asked))?.[1];
    expect(code).toBeDefined();
    // Approve on the list opens the form, whose metadata holds the code and the URL.
    const listUrl = fake.responseUrl();
    await sendCommand(slack.bot.url, 'tasks', 'U-ADA', listUrl);
    const list = await fake.waitFor(() => fake.respondedTo(listUrl)[0]?.body);
    const where = { kind: 'ephemeral' as const, responseUrl: listUrl };
    await sendInteraction(
      slack.bot.url,
      clickPayload(list.blocks as unknown[], 'accessbot.approve', 'U-ADA', where, taskId),
    );
    const view = await fake.waitFor(() => fake.callsOf('views.open')[0]?.args.view);
    // The form asks afresh, with a code of its own.
    const formCode = /code\\":\\"([a-z2-9]{8})/.exec(JSON.stringify(view))?.[1];
    expect(formCode).toBeDefined();
    const logged = slack.bot.logLines.join('\n');
    // Bolt wrote the bodies it received, the WebClient those it sent: all masked.
    expect(logged).toContain('[REDACTED]');
    expect(logged).toContain('views.open');
    expect(logged).not.toContain(responseUrl);
    expect(logged).not.toContain(listUrl);
    expect(logged).not.toContain(`${taskId}:${code}`);
    expect(logged).not.toMatch(new RegExp(`confirm ${code}|code\\\\*":\\\\*"${code}`));
    expect(logged).not.toContain(formCode!);
  });
});
