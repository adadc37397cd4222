/** What accessbot's Slack receiver answers before any handler runs, as Bolt's receiver did. */
import { describe, expect, it } from 'vitest';
import { post, signedHeaders } from './fakes/slack-bot.ts';
import { useSlackBot } from './fakes/slack-harness.ts';
import { commandBody } from './fakes/slack-payloads.ts';

const slack = useSlackBot();

describe('the Slack receiver', () => {
  it('answers the url_verification challenge', async () => {
    const body = JSON.stringify({ type: 'url_verification', challenge: 'c-4711', token: 't' });
    const res = await post(slack.bot.url, body, 'json', signedHeaders(body));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ challenge: 'c-4711' });
  });

  it('answers an unsigned ssl_check and does nothing with what else it carries', async () => {
    const res = await post(slack.bot.url, 'ssl_check=1&command=%2Faccess&text=tasks', 'form', {});
    expect(res.status).toBe(200);
    expect(slack.sandbox.current.requests).toHaveLength(0);
    expect(slack.fake.calls).toHaveLength(0);
  });

  it('refuses a signed body it cannot read with 400', async () => {
    const body = '{"type": "event_callback", ';
    const res = await post(slack.bot.url, body, 'json', signedHeaders(body));
    expect(res.status).toBe(400);
  });

  it('refuses a timestamp more than five minutes ahead, as well as behind', async () => {
    const body = commandBody('tasks', 'U-ADA', slack.fake.responseUrl());
    const ahead = await post(
      slack.bot.url,
      body,
      'form',
      signedHeaders(body, undefined, Date.now() / 1000 + 301),
    );
    expect(ahead.status).toBe(401);
    expect(slack.fake.responded).toHaveLength(0);
  });
});
