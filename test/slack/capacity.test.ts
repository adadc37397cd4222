/**
 * One admission bounds the work of every kind of Slack request: past the process's or a person's
 * limit a request is answered "busy" at once, in the way its kind allows — in the ack of a
 * command, on the response_url of a click, as a form error of a modal submission, as the option
 * of an option load — and never carried out later, not even when the same signed bytes come
 * again. /readyz stays 200 meanwhile (a busy moment must not take replicas out of rotation);
 * /healthz names Slack as busy. Work is held by a response_url that answers only when the test
 * lets it, so nothing depends on timing.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { busyText } from '../../adapters/slack/admission.ts';
import { declineModal, formBlocks } from '../../adapters/slack/modals.ts';
import { actionIds } from '../../adapters/slack/payloads.ts';
import { requestBlocks, requestModal } from '../../adapters/slack/request-form.ts';
import { english } from '../../src/core/i18n/voice.ts';
import { FakeSlack } from '../fakes/slack-api.ts';
import { post, type RunningSlackBot, signedHeaders, startSlackBot } from '../fakes/slack-bot.ts';
import {
  clickPayload,
  commandBody,
  sendCommand,
  sendEvent,
  sendInteraction,
  submissionPayload,
  suggestionPayload,
} from '../fakes/slack-payloads.ts';
import { useSandbox } from '../helpers/sandbox.ts';

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
    /** Answers every held post, or the oldest `count`. */
    release: (count = held.length) => {
      for (const res of held.splice(0, count)) {
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

/** The bounds docs/capacity.md promises: 64 requests at work in a process, 4 of one person's. */
const maxInFlight = 64;
const perPerson = 4;
const sandbox = useSandbox();
let fake: FakeSlack;
let hooks: Awaited<ReturnType<typeof heldResponses>>;
let bot: RunningSlackBot;
let closed: Promise<void> | undefined;

beforeAll(async () => {
  fake = await FakeSlack.start();
  hooks = await heldResponses();
});
beforeEach(async () => {
  closed = undefined;
  bot = await startSlackBot(sandbox.current, fake);
  // What starting asked the Access Service is not what a test looks for.
  sandbox.current.requests.length = 0;
});
/** Stops the bot, letting each held answer go as it arrives: stopping waits for all of them. */
function stop(): Promise<void> {
  if (closed) return closed;
  let done = false;
  closed = bot.close().then(() => {
    done = true;
  });
  void (async () => {
    while (!done) {
      hooks.release();
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return closed;
}
afterEach(async () => {
  await stop();
  fake.reset();
  sandbox.current.requests.length = 0;
});
afterAll(async () => {
  hooks?.close();
  await fake?.close();
});

const base = () => bot.url.replace('/slack/events', '');
const command = (user: string, url = hooks.url()) => sendCommand(bot.url, 'help', user, url);
const busyAck = { response_type: 'ephemeral', text: busyText(english) };
const TASK = '00000000-0000-4000-8000-000000000001';

/** Takes every place of the process with held work: `perPerson` commands each of a few people. */
async function fill() {
  const acks = await Promise.all(
    Array.from({ length: maxInFlight }, (_, i) => command(`U-FILL-${Math.floor(i / perPerson)}`)),
  );
  expect(acks.map((a) => a.body)).toEqual(acks.map(() => ''));
  await hooks.until(maxInFlight);
}

/** Lets `count` held answers go, then waits until Slack is no longer busy. */
async function answer(count: number) {
  hooks.release(count);
  let health: unknown;
  do {
    health = await (await fetch(`${base()}/healthz`)).json();
  } while (JSON.stringify(health).includes('busy'));
}

const asJson = (body: string) => JSON.parse(body) as Record<string, unknown>;
const approveButton = [
  {
    type: 'actions',
    elements: [
      {
        type: 'button',
        action_id: actionIds.approve,
        value: TASK,
        text: { type: 'plain_text', text: 'Approve' },
      },
    ],
  },
];

/** One request of every kind that causes work, from `user`, with its ack. */
async function everyKind(user: string) {
  const responseUrl = fake.responseUrl();
  const click = clickPayload(approveButton, actionIds.approve, user, {
    kind: 'message',
    channel: `D-${user}`,
    ts: '1700000000.000100',
    responseUrl,
  });
  const decline = declineModal(english, {
    taskId: TASK,
    origin: { kind: 'ephemeral', responseUrl },
  });
  const form = { ...requestModal(english, {}), id: 'V-REQUEST' };
  const reason = { [formBlocks.reason]: { [actionIds.declineReason]: { value: 'not needed' } } };
  const picked = { selected_option: { value: 'github', text: { text: 'GitHub' } } };
  const request = { [requestBlocks.app]: { [actionIds.requestApp]: picked } };
  return {
    responseUrl,
    command: await command(user, fake.responseUrl()),
    click: await sendInteraction(bot.url, click),
    declineReason: await sendInteraction(
      bot.url,
      submissionPayload({ ...decline, id: 'V-DECLINE' }, user, reason),
    ),
    requestForm: await sendInteraction(bot.url, submissionPayload(form, user, request)),
    options: await sendInteraction(
      bot.url,
      suggestionPayload(form, actionIds.requestApp, user, 'git'),
    ),
    homeOpened: await sendEvent(bot.url, { type: 'app_home_opened', user, tab: 'home' }),
  };
}

/** Each kind answered "busy" as it allows, and nothing carried out (checked once stopped). */
async function expectAllBusy(acks: Awaited<ReturnType<typeof everyKind>>) {
  expect(asJson(acks.command.body)).toEqual(busyAck);
  expect(acks.click).toMatchObject({ status: 200, body: '' });
  const [note] = await fake.waitFor(() => {
    const got = fake.respondedTo(acks.responseUrl);
    return got.length ? got : undefined;
  });
  expect(note!.body).toEqual({ ...busyAck, replace_original: false });
  for (const form of [acks.declineReason, acks.requestForm]) {
    const { response_action, errors } = asJson(form.body) as {
      response_action: string;
      errors: object;
    };
    expect(response_action).toBe('errors');
    expect(Object.values(errors).join()).toMatch(/busy/);
  }
  const { options } = asJson(acks.options.body) as { options: Array<{ text: { text: string } }> };
  expect(options.map((o) => o.text.text)).toEqual(["I'm busy right now; type again in a moment"]);
  expect(acks.homeOpened.status).toBe(200);

  await stop();
  const touched = sandbox.current.requests.filter(
    (r) => r.method === 'POST' || r.path.includes('WorkApps'),
  );
  expect(touched).toEqual([]);
  expect(fake.callsOf('views.publish')).toEqual([]);
  expect(fake.respondedTo(acks.responseUrl)).toHaveLength(1);
}

describe('admission', () => {
  it('answers a command past the process limit with "busy" in its ack; the place is free again once work ends', async () => {
    const before = hooks.received;
    await fill();
    const turnedAway = await command('U-LATE');
    expect(turnedAway.status).toBe(200);
    expect(asJson(turnedAway.body)).toEqual(busyAck);

    await answer(1);
    expect((await command('U-LATE')).body).toBe('');
    // The 63 still held and the one taken after; none for the busy one.
    await hooks.until(maxInFlight);
    expect(hooks.received - before).toBe(maxInFlight + 1);
  });

  it('turns away every kind of request while the process is full, and carries none out', async () => {
    await fill();
    await expectAllBusy(await everyKind('U-LATE'));
  });

  it('limits one person — forms and option loads too — without holding up anyone else', async () => {
    for (let i = 0; i < perPerson; i++) expect((await command('U-ADA')).body).toBe('');
    await hooks.until(perPerson);
    // Grace still gets in: the process has room, only Ada is at her limit.
    expect((await command('U-GRACE')).body).toBe('');
    await expectAllBusy(await everyKind('U-ADA'));
  });

  it('records a request it turned away: the same signed bytes later are not carried out', async () => {
    await fill();
    const late = fake.responseUrl();
    const body = commandBody('help', 'U-LATE', late);
    const headers = signedHeaders(body);
    expect(asJson((await post(bot.url, body, 'form', headers)).body)).toEqual(busyAck);

    await answer(maxInFlight);
    const replays = () => bot.logLines.filter((l) => l.includes('replayed Slack request')).length;
    const before = replays();
    expect(await post(bot.url, body, 'form', headers)).toMatchObject({ status: 200, body: '' });
    expect(replays()).toBe(before + 1);
    await stop();
    expect(fake.respondedTo(late)).toEqual([]);
  });

  it('keeps /readyz at 200 while full and names Slack as busy on /healthz', async () => {
    await fill();
    const ready = await fetch(`${base()}/readyz`);
    expect(ready.status).toBe(200);
    const health = await fetch(`${base()}/healthz`);
    expect(await health.json()).toMatchObject({ status: 'ok', busy: ['slack'] });

    await answer(1);
    expect(await (await fetch(`${base()}/healthz`)).json()).not.toHaveProperty('busy');
    expect((await fetch(`${base()}/readyz`)).status).toBe(200);
  });

  it('stops only once the work in flight has finished', async () => {
    const before = hooks.received;
    expect((await command('U-ADA')).body).toBe('');
    await hooks.until(1);
    let done = false;
    const closing = bot.close().then(() => {
      done = true;
    });
    closed = closing;
    // Once the server no longer takes connections, only the held answer keeps the bot from stopping.
    while (
      await fetch(`${base()}/healthz`).then(
        () => true,
        () => false,
      )
    );
    expect(done).toBe(false);
    hooks.release();
    await closing;
    expect(hooks.received).toBe(before + 1);
  });
});
