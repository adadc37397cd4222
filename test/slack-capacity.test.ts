/**
 * The work after Slack's acks is bounded: past the per-person or the per-process limit a request
 * is answered "busy" at once — in the ack of a command, on the response_url of a click — and
 * never later; /healthz keeps answering while the queue is full and /readyz says busy. Jobs are
 * held by a response_url that answers only when the test lets it, so nothing depends on timing.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUSY_TEXT } from '../adapters/slack/admission.ts';
import { FakeSlack } from './fakes/slack-api.ts';
import { post, type RunningSlackBot, signedHeaders, startSlackBot } from './fakes/slack-bot.ts';
import { clickPayload, commandBody, sendCommand, sendInteraction } from './fakes/slack-payloads.ts';
import { useSandbox } from './helpers/sandbox.ts';

/** A response_url endpoint that takes each answer but replies only when released. */
async function heldResponses() {
  const held: ServerResponse[] = [];
  let answered = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => held.push(res));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    url: () => `${origin}/respond/${++n}`,
    /** Answers that reached the response_url so far, held or let go. */
    get received() {
      return answered + held.length;
    },
    /** Resolves once `count` answers are held. */
    until: async (count: number) => {
      while (held.length < count) await new Promise((resolve) => setImmediate(resolve));
    },
    release: () => {
      for (const res of held.splice(0)) {
        answered++;
        res.writeHead(200).end('ok');
      }
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const sandbox = useSandbox();
let fake: FakeSlack;
let hooks: Awaited<ReturnType<typeof heldResponses>>;
let bot: RunningSlackBot;

beforeAll(async () => {
  fake = await FakeSlack.start();
  hooks = await heldResponses();
});
// A bot per test: one job at a time, two more waiting, two per person.
beforeEach(async () => {
  const work = { concurrency: 1, maxWaiting: 2, perPerson: 2 };
  bot = await startSlackBot(sandbox.current, fake, {}, { work });
});
// Stopping waits for every admitted job; each is let go as its answer arrives.
afterEach(async () => {
  let closed = false;
  const closing = bot.close().then(() => {
    closed = true;
  });
  while (!closed) {
    hooks.release();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await closing;
  fake.reset();
});
afterAll(async () => {
  hooks?.close();
  await fake?.close();
});

const base = () => bot.url.replace('/slack/events', '');
const command = (user: string) => sendCommand(bot.url, 'help', user, hooks.url());
const busyAck = { response_type: 'ephemeral', text: BUSY_TEXT };

/** Lets the held answers go one by one until `count` have been answered. */
async function answer(count: number) {
  for (let i = 0; i < count; i++) {
    await hooks.until(1);
    hooks.release();
  }
}

describe('the work queue', () => {
  it('answers a command past the process limit with "busy" in its ack, and never later', async () => {
    const admitted = [await command('U-ADA'), await command('U-GRACE'), await command('U-ALAN')];
    expect(admitted.map((a) => a.body)).toEqual(['', '', '']);
    await hooks.until(1);

    const turnedAway = await command('U-EDSGER');
    expect(turnedAway.status).toBe(200);
    expect(JSON.parse(turnedAway.body)).toEqual(busyAck);

    await answer(3);
    expect((await command('U-EDSGER')).body).toBe('');
    await hooks.until(1);
    // Four answers in all: the three admitted commands and the one sent after; none for the busy one.
    expect(hooks.received).toBe(4);
  });

  it('acks a burst of five times what it can hold at once: the rest hear "busy", none waits', async () => {
    const people = Array.from({ length: 15 }, (_, i) => `U-BURST-${i}`);
    const before = hooks.received;
    const acks = await Promise.all(people.map((user) => command(user)));

    expect(acks.map((a) => a.status)).toEqual(people.map(() => 200));
    const admitted = acks.filter((a) => a.body === '');
    const busy = acks.filter((a) => a.body !== '');
    expect(admitted).toHaveLength(3);
    expect(busy.map((a) => JSON.parse(a.body))).toEqual(busy.map(() => busyAck));

    await answer(3);
    // Every admitted command was answered; the twelve turned away never hear more than "busy".
    expect(hooks.received - before).toBe(3);
  });

  it('gives back the place a replayed request took: the person can still send new work', async () => {
    const body = commandBody('help', 'U-ADA', hooks.url());
    const headers = signedHeaders(body);
    expect((await post(bot.url, body, 'form', headers)).body).toBe('');
    await hooks.until(1);
    // Ada may have two jobs; each replay takes her second place for a moment, then returns it.
    for (let i = 0; i < 3; i++) {
      const replay = await post(bot.url, body, 'form', headers);
      expect(replay).toMatchObject({ status: 200, body: '' });
    }
    expect((await command('U-ADA')).body).toBe('');
    await answer(2);
  });

  it('limits one person without holding up anyone else', async () => {
    expect((await command('U-ADA')).body).toBe('');
    expect((await command('U-ADA')).body).toBe('');
    await hooks.until(1);
    expect(JSON.parse((await command('U-ADA')).body)).toEqual(busyAck);
    // Grace still gets in: the process has room, only Ada is at her limit.
    expect((await command('U-GRACE')).body).toBe('');
    await answer(3);
  });

  it('keeps /healthz answering and /readyz saying busy while the queue is full', async () => {
    for (const user of ['U-ADA', 'U-GRACE', 'U-ALAN']) await command(user);
    await hooks.until(1);

    const health = await fetch(`${base()}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${base()}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'busy' });

    await answer(3);
    expect((await fetch(`${base()}/readyz`)).status).toBe(200);
  });

  it('tells a person whose click is turned away, on its response_url, and decides nothing', async () => {
    for (const user of ['U-ADA', 'U-GRACE', 'U-ALAN']) await command(user);
    await hooks.until(1);

    const responseUrl = fake.responseUrl();
    const blocks = [
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            action_id: 'accessbot.approve',
            value: '00000000-0000-4000-8000-000000000001',
            text: { type: 'plain_text', text: 'Approve' },
          },
        ],
      },
    ];
    const payload = clickPayload(blocks, 'accessbot.approve', 'U-EDSGER', {
      kind: 'message',
      channel: 'D-U-EDSGER',
      ts: '1700000000.000100',
      responseUrl,
    });
    expect((await sendInteraction(bot.url, payload)).status).toBe(200);
    const [note] = await fake.waitFor(() => {
      const got = fake.respondedTo(responseUrl);
      return got.length ? got : undefined;
    });
    expect(note!.body).toEqual({ ...busyAck, replace_original: false });
    expect(sandbox.current.requests.filter((r) => r.path.endsWith('/Approve'))).toHaveLength(0);
    await answer(3);
  });
});
