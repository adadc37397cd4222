/** The slash command over real HTTP: signed requests, the ack first, answers by response_url. */
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../src/sandbox/seed.ts';
import { checkAllPayloads } from '../fakes/slack-blockkit.ts';
import { post, signedHeaders } from '../fakes/slack-bot.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';
import { commandBody, sendCommand } from '../fakes/slack-payloads.ts';

const slack = useSlackBot();
const fake = () => slack.fake;

/** Sends `/access <text>` as `user`: the ack, and a wait for the answer on its response_url. */
async function send(text: string, user = 'U-ADA') {
  const responseUrl = fake().responseUrl();
  const ack = await sendCommand(slack.bot.url, text, user, responseUrl);
  expect(ack.status).toBe(200);
  expect(ack.body).toBe('');
  const answered = async () => {
    const [answer] = await fake().waitFor(() => {
      const got = fake().respondedTo(responseUrl);
      return got.length ? got : undefined;
    });
    return answer!.body as { response_type: string; text: string; blocks: unknown[] };
  };
  return { ack, answered };
}

/** Sends `/access <text>` as `user` and waits for the answer. */
async function ask(text: string, user = 'U-ADA') {
  const { answered } = await send(text, user);
  return { answer: await answered() };
}

/**
 * Resolves once the bot has answered a command sent after everything before: by then, whatever
 * an earlier request set going would have shown. `help` calls neither Slack nor the service.
 */
async function settled() {
  const { answered } = await send('help');
  expect((await answered()).text).toContain('Commands:');
}

const shown = (body: { text: string; blocks: unknown[] }) => JSON.stringify(body);

afterEach(() => {
  expect(checkAllPayloads(fake())).toBeGreaterThanOrEqual(0);
});

describe('slash command', () => {
  it('answers `tasks` privately with Block Kit cards and Approve/Decline buttons', async () => {
    const { answer } = await ask('tasks');
    expect(answer.response_type).toBe('ephemeral');
    expect(answer.text).toContain('3 pending tasks');
    const text = shown(answer);
    expect(text).toContain('Access request: GitHub (Write)');
    expect(text).toContain('accessbot.approve');
    expect(text).toContain('accessbot.decline');
    expect(text).toContain('accessbot.approve_all');
    // The person was linked through users.info → profile.email, once.
    expect(fake().callsOf('users.info')).toHaveLength(1);
    expect(await slack.bot.store.getLink('slack', 'U-ADA')).toMatchObject({
      accessUserId: users.ada.id,
    });
  });

  it('answers `members` in the channel, for everyone there', async () => {
    const { answer } = await ask('members engineering');
    expect(answer.response_type).toBe('in_channel');
    expect(shown(answer)).toContain('Ada Lovelace');
  });

  it('answers help, and unknown commands with a hint', async () => {
    expect((await ask('')).answer.text).toContain('Commands:');
    const { answer } = await ask('aprove 1');
    expect(answer.response_type).toBe('ephemeral');
    expect(answer.text).toContain('Did you mean `approve`?');
  });

  it('refuses malformed ids and over-long text with a clear answer, calling no service', async () => {
    const { answer } = await ask('approve banana');
    expect(answer.text).toContain('"banana" is not a task');
    const long = await ask(`decline 1 ${'x'.repeat(5000)}`);
    expect(long.answer.text).toContain('too long');
    expect(slack.sandbox.current.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('requests access in one line, and lists close matches when the app is unknown', async () => {
    const ok = await ask('request Figma Viewer -- to review the new designs', 'U-GRACE');
    expect(ok.answer.text).toContain('Requested access to Figma (Viewer)');
    const unknown = await ask('request Figmo', 'U-GRACE');
    expect(unknown.answer.text).toContain('Did you mean "Figma"?');
  });

  it('tells a person whose e-mail matches no Access user that it cannot act for them', async () => {
    const stranger = await ask('tasks', 'U-STRANGER');
    expect(stranger.answer.text).toContain('does not belong to any user of the Access Service');
    const ghost = await ask('tasks', 'U-GHOST');
    expect(ghost.answer.text).toContain("can't see an e-mail address");
  });
});

describe('the ack never waits for the Access Service', () => {
  it('acks while the service has not answered, then answers', async () => {
    const service = slack.sandbox.current.faults.hold();
    const { answered } = await send('groups');
    service.release();
    expect((await answered()).text).toContain('Groups:');
  });

  it('says the service is unavailable when it is down', async () => {
    const service = slack.sandbox.current.faults.hold();
    slack.sandbox.current.faults.failNext(50, 503);
    const { answered } = await send('apps');
    service.release();
    expect((await answered()).text).toContain('The Access Service is not answering right now');
  });
});

describe('request signatures', () => {
  const send = (headers: Record<string, string>) => {
    const body = commandBody('tasks', 'U-ADA', fake().responseUrl());
    return post(slack.bot.url, body, 'form', { ...headers });
  };
  /** Nothing reached Slack's Web API or the service, and no answer went to these response_urls. */
  const untouched = (...responseUrls: string[]) => {
    expect(fake().calls).toHaveLength(0);
    for (const url of responseUrls) expect(fake().respondedTo(url)).toHaveLength(0);
    expect(slack.sandbox.current.requests).toHaveLength(0);
  };

  it('refuses a wrong signature with 401 and no side effect', async () => {
    const responseUrl = fake().responseUrl();
    const body = commandBody('tasks', 'U-ADA', responseUrl);
    const res = await post(slack.bot.url, body, 'form', signedHeaders(body, 'not-the-secret'));
    expect(res.status).toBe(401);
    await settled();
    untouched(responseUrl);
  });

  it('refuses a timestamp older than five minutes, and missing headers', async () => {
    const responseUrl = fake().responseUrl();
    const body = commandBody('tasks', 'U-ADA', responseUrl);
    const old = await post(
      slack.bot.url,
      body,
      'form',
      signedHeaders(body, undefined, Date.now() / 1000 - 301),
    );
    expect(old.status).toBe(401);
    expect((await send({})).status).toBe(401);
    await settled();
    untouched(responseUrl);
  });

  it('refuses a correctly signed request stamped more than five minutes in the future', async () => {
    const responseUrl = fake().responseUrl();
    const body = commandBody('tasks', 'U-ADA', responseUrl);
    const ahead = await post(
      slack.bot.url,
      body,
      'form',
      signedHeaders(body, undefined, Date.now() / 1000 + 365 * 86_400),
    );
    expect(ahead.status).toBe(401);
    await settled();
    untouched(responseUrl);
  });

  it('handles a replayed request once: the same signed command again is acked and dropped', async () => {
    const responseUrl = fake().responseUrl();
    const body = commandBody('approve 1', 'U-ADA', responseUrl);
    const headers = signedHeaders(body);
    const first = await post(slack.bot.url, body, 'form', headers);
    expect(first.status).toBe(200);
    await fake().waitFor(() => fake().respondedTo(responseUrl)[0]);
    for (let i = 0; i < 5; i++) {
      expect((await post(slack.bot.url, body, 'form', headers)).status).toBe(200);
    }
    await settled();
    expect(fake().respondedTo(responseUrl)).toHaveLength(1);
    const approvals = slack.sandbox.current.requests.filter((r) => r.path.endsWith('/Approve'));
    expect(approvals.length).toBeLessThanOrEqual(1);
  });

  it('answers anything but POST with 405', async () => {
    const res = await fetch(slack.bot.url);
    expect(res.status).toBe(405);
  });
});
