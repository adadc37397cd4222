/**
 * The load benchmark's floor: the same outside work as the bare Bolt app (load-bare.ts) on
 * Node's own `node:http` and nothing else — the signature checked, the request acked, the
 * Access Service asked over a kept-alive connection, the answer posted to the response_url (or
 * `chat.update` for a click). No framework, no store, no checks of what comes back: what any
 * Node program must spend on one request on this machine, so accessbot's CPU per request can be
 * read against it.
 *
 *   node bench/load-floor.ts CONFIG_JSON    → prints {"port":N} once it listens
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Agent, createServer, request } from 'node:http';
import { parse } from 'node:querystring';
import { endpoints } from '../src/access/endpoints.ts';
import type { BareConfig } from './load-bare.ts';
import { BOT_TOKEN, GROUP_NAME, SIGNING_SECRET } from './load-plan.ts';

const config = JSON.parse(process.argv[2] ?? '{}') as BareConfig;
const agent = new Agent({ keepAlive: true });
const access = new URL(`${config.access.url}/`);
const accessHeaders = {
  'x-api-key': config.access.apiKey,
  'x-api-secret': config.access.apiSecret,
};
const accessIdOf = new Map(config.people.map((p) => [p.slackId, p.accessUserId]));

type Page = { data: Array<{ id: string; name?: string; displayName?: string }> };

function call(url: URL, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<string>((resolve, reject) => {
    const req = request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const get = async (path: string) =>
  JSON.parse(await call(new URL(path, access), 'GET', accessHeaders)) as Page;
const post = (url: URL, json: unknown, headers: Record<string, string> = {}) =>
  call(url, 'POST', { 'content-type': 'application/json', ...headers }, JSON.stringify(json));
const pending = (userId: string) =>
  get(`${endpoints.listTasks.path()}?userId=${userId}&status=Pending`);

function signed(stamp: string | undefined, signature: string | undefined, body: Buffer) {
  const mac = createHmac('sha256', SIGNING_SECRET).update(`v0:${stamp}:`).update(body);
  const expected = Buffer.from(`v0=${mac.digest('hex')}`);
  const given = Buffer.from(String(signature));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function command(fields: Record<string, unknown>) {
  const userId = accessIdOf.get(String(fields.user_id)) ?? '';
  const responseUrl = new URL(String(fields.response_url));
  if (fields.text === 'tasks') {
    const page = await pending(userId);
    await post(responseUrl, { text: `You have ${page.data.length} pending tasks` });
    return;
  }
  const group = (await get(endpoints.listGroups.path())).data.find((g) => g.name === GROUP_NAME);
  const members = await get(endpoints.listGroupMembers.path(group?.id ?? GROUP_NAME));
  await post(responseUrl, { text: members.data.map((m) => m.displayName).join(', ') });
}

async function click(payload: {
  user: { id: string };
  actions: Array<{ value: string }>;
  container: { channel_id: string; message_ts: string };
}) {
  const page = await pending(accessIdOf.get(payload.user.id) ?? '');
  const taskId = page.data.find((t) => t.id === payload.actions[0]?.value)?.id;
  if (taskId) await post(new URL(endpoints.approveTask.path(taskId), access), {}, accessHeaders);
  const { channel_id: channel, message_ts: ts } = payload.container;
  await post(
    new URL('chat.update', config.slackApiUrl),
    { channel, ts, text: taskId ? 'Approved' : 'Not yours' },
    { authorization: `Bearer ${BOT_TOKEN}` },
  );
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (req.url !== '/slack/events') return void res.writeHead(200).end('ok');
    const body = Buffer.concat(chunks);
    const stamp = req.headers['x-slack-request-timestamp'];
    if (!signed(String(stamp), String(req.headers['x-slack-signature']), body)) {
      return void res.writeHead(401).end();
    }
    res.writeHead(200).end();
    const fields = parse(body.toString('utf8'));
    const work =
      typeof fields.payload === 'string' ? click(JSON.parse(fields.payload)) : command(fields);
    work.catch((error: unknown) => process.stderr.write(`floor: ${String(error)}\n`));
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(
    `${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`,
  );
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
