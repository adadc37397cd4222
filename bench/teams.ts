/**
 * Teams benchmark (not a test): the round trip of an `adaptiveCard/action` Approve invoke, from
 * POST /api/messages to the invoke response, for accessbot and for two bare botbuilder bots in
 * the same run, interleaved so they share the machine's noise:
 *
 * - `bare, static card`: a bare `ActivityHandler` answering the invoke with a fixed card — the
 *   framework's floor;
 * - `bare, same work`: a bare `ActivityHandler` doing the same outside work as an approve (read
 *   the approver's pending tasks, approve, update the message through the Bot Connector, answer
 *   with a card), without accessbot's code — the fair yardstick for our overhead.
 *
 * Everything runs on loopback: the sandbox Access Service, the fake Bot Connector, the bots.
 *   npm run bench:teams            (BENCH_ITERATIONS=300 by default)
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ActivityHandler,
  type AdaptiveCardInvokeResponse,
  type AdaptiveCardInvokeValue,
  CloudAdapter,
  ConfigurationBotFrameworkAuthentication,
  type TurnContext,
} from 'botbuilder';
import { startTeams } from '../adapters/teams/start.ts';
import { AccessClient } from '../src/access/client.ts';
import { loadConfig } from '../src/app/config.ts';
import { AccessBot } from '../src/core/bot.ts';
import { createLogger } from '../src/log.ts';
import { createMetrics } from '../src/metrics.ts';
import { users, workApps } from '../src/sandbox/seed.ts';
import { startSandbox } from '../src/sandbox/server.ts';
import { HttpServer } from '../src/server/http-server.ts';
import { openStore } from '../src/store/open.ts';
import { startFakeBotConnector } from '../test/fakes/bot-connector.ts';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 300);
const warmup = Math.min(30, Math.floor(iterations / 10));
const ADA = '29:ada';
const card = (text: string) => ({
  type: 'AdaptiveCard',
  version: '1.5',
  body: [{ type: 'TextBlock', text, wrap: true }],
});

const sandbox = await startSandbox({ pageSize: 25 });
const ADA_OBJECT = 'aad-ada';
const connector = await startFakeBotConnector([
  { id: ADA, name: 'Ada Lovelace', objectId: ADA_OBJECT, email: users.ada.email },
]);
const client = new AccessClient({
  baseUrl: sandbox.url,
  apiKey: sandbox.apiKey,
  apiSecret: sandbox.apiSecret,
  timeoutMs: 5_000,
});
const log = createLogger({ level: 'silent' });

// accessbot, wired as in server mode.
const store = await openStore('sqlite::memory:');
const metrics = createMetrics();
const http = new HttpServer({ log, metrics, readiness: [] });
const teams = await startTeams({
  bot: new AccessBot({ client, store, log, pendingStatus: 'Pending' }),
  routes: http,
  replays: store,
  log,
  metrics,
  settings: loadConfig({
    ACCESS_API_URL: 'sandbox',
    TEAMS_ANONYMOUS: '1',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
  }).teams!,
});
const ours = `http://127.0.0.1:${await http.listen(0, '127.0.0.1')}/api/messages`;

// The two bare botbuilder bots, each on its own node:http server.
class StaticBot extends ActivityHandler {
  protected override async onAdaptiveCardInvoke(): Promise<AdaptiveCardInvokeResponse> {
    return {
      statusCode: 200,
      type: 'application/vnd.microsoft.card.adaptive',
      value: card('Approved'),
    };
  }
}
class SameWorkBot extends ActivityHandler {
  protected override async onAdaptiveCardInvoke(
    context: TurnContext,
    value: AdaptiveCardInvokeValue,
  ): Promise<AdaptiveCardInvokeResponse> {
    const taskId = String((value.action.data as { value: string }).value);
    const pending = await Array.fromAsync(client.listTasks(users.ada.id, 'Pending'));
    if (!pending.some((t) => t.id === taskId)) throw new Error('not pending');
    await client.approveTask(taskId);
    const done = card(`Approved ${taskId}`);
    await context.updateActivity({
      id: context.activity.replyToId,
      type: 'message',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: done }],
    });
    return { statusCode: 200, type: 'application/vnd.microsoft.card.adaptive', value: done };
  }
}
const bare = async (bot: ActivityHandler) => {
  const adapter = new CloudAdapter(
    new ConfigurationBotFrameworkAuthentication({ MicrosoftAppId: '' }),
  );
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    let status = 200;
    let out: unknown;
    await adapter.process(
      { method: 'POST', headers: req.headers as Record<string, string>, body },
      {
        socket: res.socket,
        status: (code: number) => {
          status = code;
        },
        header: () => {},
        send: (value: unknown) => {
          out = value;
        },
        end: () => {
          res
            .writeHead(status, { 'content-type': 'application/json' })
            .end(JSON.stringify(out ?? {}));
        },
      },
      (context) => bot.run(context),
    );
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/messages` };
};
const bareStatic = await bare(new StaticBot());
const bareWork = await bare(new SameWorkBot());

/** A fresh pending task for Ada each time: a new requester asks for GitHub Read. */
let requesters = 0;
function freshTask(): string {
  const n = ++requesters;
  const id = `00000000-bench-4000-8000-${String(n).padStart(12, '0')}`;
  sandbox.state.users.set(id, {
    id,
    email: `bench${n}@example.com`,
    displayName: `Bench ${n}`,
    jobTitle: 'Bench',
  });
  const access = sandbox.state.createAccessRequest({
    workAppId: workApps.github.id,
    userId: id,
    permissionLevelId: workApps.github.levels.read.id,
  });
  const task = sandbox.state
    .tasksFor(users.ada.id, 'Pending')
    .find((t) => t.metadata.accessId === access.id);
  if (!task) throw new Error('no task opened');
  return task.id;
}

const invoke = (taskId: string) => ({
  type: 'invoke',
  name: 'adaptiveCard/action',
  id: `in-${taskId}`,
  channelId: 'msteams',
  serviceUrl: connector.url,
  from: { id: ADA, name: 'Ada Lovelace', aadObjectId: ADA_OBJECT },
  recipient: { id: '28:bot', name: 'accessbot' },
  conversation: { id: 'a:personal-ada', conversationType: 'personal', tenantId: 'tenant-bench' },
  replyToId: 'msg-card',
  value: {
    action: { type: 'Action.Execute', verb: 'approve', data: { value: taskId, view: 'task' } },
  },
});

async function roundTrip(url: string, taskId: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(invoke(taskId)),
  });
  const body = (await res.json()) as { type?: string };
  const ms = performance.now() - started;
  if (res.status !== 200 || body.type !== 'application/vnd.microsoft.card.adaptive') {
    throw new Error(`unexpected answer ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return ms;
}

const samples = {
  accessbot: [] as number[],
  'bare, same work': [] as number[],
  'bare, static card': [] as number[],
};
for (let i = 0; i < warmup + iterations; i++) {
  const mine = freshTask();
  const theirs = freshTask();
  const a = await roundTrip(ours, mine);
  const b = await roundTrip(bareWork.url, theirs);
  const c = await roundTrip(bareStatic.url, mine);
  if (i < warmup) continue;
  samples.accessbot.push(a);
  samples['bare, same work'].push(b);
  samples['bare, static card'].push(c);
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (v: number) => `${v.toFixed(2)} ms`;
const p50 = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, pct(v, 50)]));
console.log(
  `Teams Approve invoke round trip, ${iterations} iterations (after ${warmup} warm-up), node ${process.version}\n`,
);
console.log('| bot | p50 | p99 | p50 vs bare, same work |');
console.log('| --- | --- | --- | --- |');
for (const [name, values] of Object.entries(samples)) {
  const ratio = (pct(values, 50) / p50['bare, same work']!).toFixed(2);
  console.log(`| ${name} | ${ms(pct(values, 50))} | ${ms(pct(values, 99))} | ${ratio}× |`);
}

await http.close();
await teams.stop();
for (const { server } of [bareStatic, bareWork]) {
  server.closeAllConnections();
  await new Promise<void>((resolve) => (server as Server).close(() => resolve()));
}
await connector.close();
await store.close();
await sandbox.close();
