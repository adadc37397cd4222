/**
 * `npm run bench:slack`: how fast accessbot acknowledges Slack, against a bare Bolt app that
 * acks the same signed requests in the same run, and how long the visible answer takes beyond
 * the Access Service round trips it needs. Everything is on loopback: the sandbox Access Service,
 * the fake Slack Web API and response_url, the bot on its one HTTP server, the bare Bolt app.
 *
 * Requests go one at a time (the next one after the previous answer), alternating between the
 * bot and the bare app, so the two see the same machine at the same moment. They are sent from a
 * worker thread (slack-sender.ts), as Slack sends them from elsewhere.
 */
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { App, HTTPReceiver } from '@slack/bolt';
import { english } from '../src/core/i18n/voice.ts';
import { info } from '../src/core/reply.ts';
import { users, workApps } from '../src/sandbox/seed.ts';
import { startSandbox } from '../src/sandbox/server.ts';
import { FakeSlack } from '../test/fakes/slack-api.ts';
import { SIGNING_SECRET, signedHeaders, startSlackBot } from '../test/fakes/slack-bot.ts';
import { clickPayload, commandBody } from '../test/fakes/slack-payloads.ts';
import { sendCard } from '../test/helpers/outbox-card.ts';
import type { SendRequest, SendResult } from './slack-sender.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const WARMUP = 50;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;
const now = () => performance.timeOrigin + performance.now();

/** Sends through the worker; resolves with the ack time and when the request left. */
function sender() {
  const worker = new Worker(new URL('./slack-sender.ts', import.meta.url));
  const waiting = new Map<number, (result: SendResult) => void>();
  worker.on('message', (result: SendResult) => waiting.get(result.id)?.(result));
  let ids = 0;
  return {
    send(url: string, body: string): Promise<SendResult> {
      const id = ++ids;
      const headers = {
        'content-type': 'application/x-www-form-urlencoded',
        ...signedHeaders(body),
      };
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, url, body, headers } satisfies SendRequest);
      });
    },
    stop: () => worker.terminate(),
  };
}

/** A Bolt app that does nothing but ack: the floor our own ack is measured against. */
async function bareBolt(apiUrl: string) {
  const receiver = new HTTPReceiver({ signingSecret: SIGNING_SECRET, endpoints: '/slack/events' });
  const app = new App({
    token: 'xoxb-bare',
    botId: 'B-BARE',
    botUserId: 'U-BARE',
    receiver,
    clientOptions: { slackApiUrl: apiUrl },
  });
  app.command('/access', async ({ ack }) => ack());
  app.action('accessbot.approve', async ({ ack }) => ack());
  const server = await app.start({ port: 0, host: '127.0.0.1' });
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/slack/events`, stop: () => app.stop() };
}

interface Sample {
  ack: number;
  bareAck: number;
  answer: number;
  access: number;
}

async function main() {
  const sandbox = await startSandbox();
  const fake = await FakeSlack.start();
  let accessMs = 0;
  let accessCalls = 0;
  const bot = await startSlackBot(
    sandbox,
    fake,
    {},
    {
      quiet: true,
      onAccess: (took) => {
        accessMs += took;
        accessCalls++;
      },
    },
  );
  const bare = await bareBolt(fake.apiUrl);
  const notifier = bot.served.adapters[0]!.notifier;

  const { send, stop } = sender();

  /** A settled moment: the previous request's tail work is done before the next is timed. */
  const settle = () => delay(2);

  /**
   * Times the bot's ack and visible answer and the bare app's ack for the same request; which of
   * the two goes first alternates, so neither always gets the quieter moment.
   */
  async function measure(i: number, body: string, answered: () => Promise<number>) {
    accessMs = 0;
    accessCalls = 0;
    const timeBare = async () => {
      await settle();
      return (await send(bare.url, body)).ackMs;
    };
    const bareFirst = i % 2 === 1 ? await timeBare() : undefined;
    await settle();
    const answer = answered();
    const ack = await send(bot.url, body);
    const sample = { ack: ack.ackMs, answer: (await answer) - ack.sentAt, access: accessMs };
    return { ...sample, bareAck: bareFirst ?? (await timeBare()) };
  }

  /** `/access tasks`: the answer is the list, posted to the response_url. */
  function command(i: number): Promise<Sample> {
    const responseUrl = fake.responseUrl();
    return measure(i, commandBody('tasks', 'U-ADA', responseUrl), () =>
      fake.waitFor(() => (fake.respondedTo(responseUrl)[0] ? now() : undefined)),
    );
  }

  /** Approve on a fresh offboarding task's notification: the answer is the outbox's chat.update. */
  async function click(i: number): Promise<Sample> {
    const step = `Bench step ${i}`;
    sandbox.state.createOffboardingStep({
      userId: users.edsger.id,
      workAppId: workApps.github.id,
      requestedBy: users.ken.id,
      step,
    });
    const task = sandbox.state
      .tasksFor(users.ada.id, 'Pending')
      .find((t) => t.metadata.step === step);
    if (!task) throw new Error('the sandbox opened no offboarding task for Ada');
    // Sent as the poller sends it, so the outbox edits it once the click decides the task.
    const ref = await sendCard(bot.store, notifier, {
      to: { kind: 'user', chatUserId: 'U-ADA' },
      accessUserId: users.ada.id,
      taskId: task.id,
      message: info(english, step),
    });
    const { channel, ts } = ref.data as { channel: string; ts: string };
    const blocks = [
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            action_id: 'accessbot.approve',
            value: task.id,
            text: { type: 'plain_text', text: 'Approve' },
          },
        ],
      },
    ];
    const where = { kind: 'message' as const, channel, ts, responseUrl: fake.responseUrl() };
    const payload = clickPayload(blocks, 'accessbot.approve', 'U-ADA', where);
    const updated = () => fake.callsOf('chat.update').some((c) => c.args.ts === ts);
    return measure(i, new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), () =>
      fake.waitFor(() => (updated() ? now() : undefined)),
    );
  }

  const run = async (name: string, once: (i: number) => Promise<Sample>) => {
    for (let i = 0; i < WARMUP; i++) await once(i);
    const samples: Sample[] = [];
    let calls = 0;
    for (let i = 0; i < ROUNDS; i++) {
      samples.push(await once(WARMUP + i));
      calls += accessCalls;
      fake.calls.length = 0;
      fake.responded.length = 0;
    }
    const col = (key: keyof Sample, q: number) =>
      quantile(
        samples.map((s) => s[key]),
        q,
      );
    const overhead = samples.map((s) => s.answer - s.access);
    return {
      name,
      ackP50: col('ack', 0.5),
      ackP99: col('ack', 0.99),
      bareP50: col('bareAck', 0.5),
      bareP99: col('bareAck', 0.99),
      answerP50: col('answer', 0.5),
      accessP50: col('access', 0.5),
      overheadP50: quantile(overhead, 0.5),
      overheadP99: quantile(overhead, 0.99),
      roundTrips: calls / ROUNDS,
    };
  };

  const results = [await run('`/access tasks`', command), await run('Approve click', click)];
  await stop();
  await bot.close();
  await bare.stop();
  await fake.close();
  await sandbox.close();

  console.log(
    `Slack adapter benchmark: ${ROUNDS} requests each after ${WARMUP} warm-up, node ${process.version}, ${availableParallelism()} CPUs, load ${loadavg()[0]!.toFixed(2)}\n`,
  );
  console.log(
    '| request | ack p50 (bare Bolt) | ack p99 (bare Bolt) | ack p50 ratio | answer p50 | Access Service p50 (round trips) | answer − Access Service p50 / p99 |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${ms(r.ackP50)} (${ms(r.bareP50)}) | ${ms(r.ackP99)} (${ms(r.bareP99)}) | ${(r.ackP50 / r.bareP50).toFixed(2)}× | ${ms(r.answerP50)} | ${ms(r.accessP50)} (${r.roundTrips.toFixed(1)}) | ${ms(r.overheadP50)} / ${ms(r.overheadP99)} |`,
    );
  }
  const met = results.every(
    (r) => r.ackP50 <= 1.3 * r.bareP50 && r.ackP99 < 50 && r.overheadP50 <= 15,
  );
  console.log(
    `\nTargets (ack p50 ≤ 1.3× bare Bolt, ack p99 < 50 ms, answer − Access Service ≤ 15 ms): ${met ? 'met' : 'NOT met'}`,
  );
}

await main();
