/**
 * The load benchmark's yardstick: a bare Bolt app (its own HTTPReceiver and server, Bolt's
 * defaults) doing the same outside work as accessbot for each request, with none of accessbot's
 * code — `tasks`: the person's pending tasks from the Access Service, then a post to the
 * response_url; `members`: the groups, the group's members, then the post; an Approve click: the
 * person's pending tasks, the approval, then `chat.update` of the clicked message. It knows the
 * people's Access Service ids from the start (accessbot reads them from its store).
 *
 *   node bench/load-bare.ts CONFIG_JSON    → prints {"port":N} once it listens
 */
import { App, HTTPReceiver } from '@slack/bolt';
import { endpoints } from '../src/access/endpoints.ts';
import { BOT_TOKEN, GROUP_NAME, type Person, SIGNING_SECRET } from './load-plan.ts';

export interface BareConfig {
  access: { url: string; apiKey: string; apiSecret: string };
  slackApiUrl: string;
  people: Person[];
}

const config = JSON.parse(process.argv[2] ?? '{}') as BareConfig;
const base = `${config.access.url}/`;
const headers = { 'x-api-key': config.access.apiKey, 'x-api-secret': config.access.apiSecret };
const accessIdOf = new Map(config.people.map((p) => [p.slackId, p.accessUserId]));

interface Page<T> {
  data: T[];
}

async function access<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(new URL(path, base), {
    ...init,
    headers: { ...headers, ...init.headers },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`Access Service answered ${res.status}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const pendingTasks = (userId: string) =>
  access<Page<{ id: string }>>(`${endpoints.listTasks.path()}?userId=${userId}&status=Pending`);

async function respond(url: string, text: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ response_type: 'ephemeral', text }),
  });
  await res.arrayBuffer();
}

const receiver = new HTTPReceiver({ signingSecret: SIGNING_SECRET, endpoints: '/slack/events' });
const app = new App({
  token: BOT_TOKEN,
  botId: 'BBOT',
  botUserId: 'UBOT',
  receiver,
  clientOptions: { slackApiUrl: config.slackApiUrl },
});
app.error(async (error) => {
  process.stderr.write(`bare: ${String(error)}\n`);
});

app.command('/access', async ({ ack, command }) => {
  await ack();
  const userId = accessIdOf.get(command.user_id) ?? '';
  if (command.text === 'tasks') {
    const page = await pendingTasks(userId);
    await respond(command.response_url, `You have ${page.data.length} pending tasks`);
    return;
  }
  const groups = await access<Page<{ id: string; name: string }>>(endpoints.listGroups.path());
  const group = groups.data.find((g) => command.text === `members ${g.name}`);
  const found = await access<Page<{ displayName: string }>>(
    endpoints.listGroupMembers.path(group?.id ?? GROUP_NAME),
  );
  await respond(command.response_url, found.data.map((m) => m.displayName).join(', '));
});

app.action('accessbot.approve', async ({ ack, body, action, client }) => {
  await ack();
  if (body.type !== 'block_actions' || action.type !== 'button') return;
  const page = await pendingTasks(accessIdOf.get(body.user.id) ?? '');
  const taskId = page.data.find((t) => t.id === action.value)?.id;
  if (taskId) {
    await access(endpoints.approveTask.path(taskId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  }
  const channel = body.container.channel_id as string;
  const ts = body.container.message_ts as string;
  await client.chat.update({ channel, ts, text: taskId ? 'Approved' : 'Not yours' });
});

const server = await app.start({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
process.once('SIGTERM', () => void app.stop().then(() => process.exit(0)));
