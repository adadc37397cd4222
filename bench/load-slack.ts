/**
 * The load benchmark's Slack, in the style of test/fakes/slack-api.ts but kept lean for thousands
 * of requests a second: the Web API methods accessbot and the bare app call, and the
 * response_url endpoint. It keeps only what the benchmark reads: when each request's visible
 * answer first arrived (its response_url post, or the `chat.update` of the clicked message) and
 * whether that answer said "busy", plus a count of calls per method.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { idOfTs, type Person } from './load-plan.ts';

export interface Answered {
  at: number;
  busy: boolean;
}

const now = () => performance.timeOrigin + performance.now();
const json = (res: ServerResponse, body: unknown) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export async function startBenchSlack(people: Person[], isBusy: (text: string) => boolean) {
  const answered = new Map<number, Answered>();
  const calls: Record<string, number> = {};
  const emailOf = new Map(people.map((p) => [p.slackId, p.email]));
  let ts = 0;
  const record = (id: number, text: string) => {
    if (!answered.has(id)) answered.set(id, { at: now(), busy: isBusy(text) });
  };

  const answer = (method: string, args: URLSearchParams | Record<string, unknown>) => {
    const get = (key: string) =>
      String(args instanceof URLSearchParams ? (args.get(key) ?? '') : (args[key] ?? ''));
    switch (method) {
      case 'auth.test':
        return { ok: true, user_id: 'UBOT', bot_id: 'BBOT', team_id: 'TBENCH' };
      case 'users.info': {
        const email = emailOf.get(get('user'));
        return email
          ? { ok: true, user: { id: get('user'), profile: { email } } }
          : { ok: false, error: 'user_not_found' };
      }
      case 'users.list':
        return { ok: true, members: [], response_metadata: { next_cursor: '' } };
      case 'conversations.open':
        return { ok: true, channel: { id: `D${get('users')}` } };
      case 'chat.postMessage':
        return {
          ok: true,
          channel: get('channel'),
          ts: `1600000000.${String(++ts).padStart(6, '0')}`,
        };
      case 'chat.update':
        record(idOfTs(get('ts')), get('text'));
        return { ok: true, channel: get('channel'), ts: get('ts') };
      default:
        return { ok: true };
    }
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const path = req.url ?? '/';
    if (path.startsWith('/respond/')) {
      record(Number(path.slice('/respond/'.length)), raw);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    const method = path.replace(/^\/api\//, '').split('?')[0] ?? '';
    calls[method] = (calls[method] ?? 0) + 1;
    const args = req.headers['content-type']?.includes('json')
      ? (JSON.parse(raw || '{}') as Record<string, unknown>)
      : new URLSearchParams(raw);
    json(res, answer(method, args));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    apiUrl: `${origin}/api/`,
    answered,
    calls,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
