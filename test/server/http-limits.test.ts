/**
 * The one HTTP server bounds what any client can make it hold or wait for, on every route:
 * a body past 1 MiB (or its route's smaller bound: 256 KiB on `/slack/events`) is refused with
 * 413 — by its declared Content-Length before a byte of it is read, by counting while it is read
 * when chunked — and the handler never runs; a client that is slow to send its headers or its
 * request is cut off; connections past the cap are closed. Over real HTTP, against the real
 * server with Slack, Teams and the webhook mounted.
 */
import { once } from 'node:events';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/metrics.ts';
import { defaultHttpLimits, type HttpLimits, HttpServer } from '../../src/server/http-server.ts';
import { FakeSlack } from '../fakes/slack-api.ts';
import { post, type RunningSlackBot, signedHeaders, startSlackBot } from '../fakes/slack-bot.ts';
import { commandBody } from '../fakes/slack-payloads.ts';
import { captureLog } from '../helpers/bot.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const MiB = 1_048_576;

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A POST as a hostile client sends it: `declared` announces a Content-Length and sends only
 * the headers; otherwise `bytes` go out chunked, in 64 KiB pieces, honouring backpressure.
 */
function hostilePost(
  base: string,
  path: string,
  body: { declared: number } | { bytes: number },
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if ('declared' in body) headers['content-length'] = String(body.declared);
  const req = request({ hostname, port, path, method: 'POST', headers });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers });
        req.destroy();
      });
    });
  });
  if ('declared' in body) {
    req.flushHeaders();
  } else {
    void (async () => {
      const piece = Buffer.alloc(64 * 1024, 0x20);
      for (let sent = 0; sent < body.bytes && !req.destroyed; sent += piece.length) {
        if (!req.write(piece)) await drainedOrClosed(req);
      }
      if (!req.destroyed) req.end();
    })();
  }
  return answer;
}

function drainedOrClosed(req: ReturnType<typeof request>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off('drain', done).off('close', done);
      resolve();
    };
    req.on('drain', done).on('close', done);
  });
}

describe('request bodies, on every route of the real server', () => {
  const sandbox = useSandbox({ pageSize: 2 });
  let fake: FakeSlack;
  let bot: RunningSlackBot;
  let base: string;

  beforeAll(async () => {
    fake = await FakeSlack.start();
    bot = await startSlackBot(sandbox.current, fake, {
      TEAMS_ANONYMOUS: '1',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      ACCESS_WEBHOOK_SECRET: 'a-webhook-secret-long-enough-to-be-accepted',
    });
    base = `http://127.0.0.1:${bot.served.port}`;
  });
  afterAll(async () => {
    await bot?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.reset();
    sandbox.current.requests.length = 0;
  });

  const routes = ['/slack/events', '/api/messages', '/webhooks/access', '/healthz'];
  const refusals = () => bot.logLines.filter((l) => l.includes('refused a request body larger'));

  it.each(routes)(
    '%s: a declared 50 MB body is refused with 413 before it is sent',
    async (path) => {
      const before = refusals().length;
      sandbox.current.requests.length = 0;
      const answer = await hostilePost(base, path, { declared: 50_000_000 });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ error: 'body too large' });
      expect(answer.headers.connection).toBe('close');
      expect(refusals()).toHaveLength(before + 1);
      expect(fake.calls).toEqual([]);
      expect(sandbox.current.requests).toEqual([]);
    },
  );

  it.each(routes)(
    '%s: a chunked 3 MiB body is refused with 413 once its bound is read',
    async (path) => {
      const before = refusals().length;
      sandbox.current.requests.length = 0;
      const answer = await hostilePost(base, path, { bytes: 3 * MiB });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ error: 'body too large' });
      expect(refusals()).toHaveLength(before + 1);
      expect(fake.calls).toEqual([]);
      expect(sandbox.current.requests).toEqual([]);
    },
  );

  it('still serves each route after refusing', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const teams = await fetch(`${base}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[]',
    });
    expect(teams.status).toBe(400);
    const webhook = await fetch(`${base}/webhooks/access`, { method: 'POST', body: '{}' });
    expect(webhook.status).toBe(401);
  });
});

describe('slow clients, against the real server', () => {
  const sandbox = useSandbox({ pageSize: 2 });
  let fake: FakeSlack;
  let bot: RunningSlackBot;
  beforeAll(async () => {
    fake = await FakeSlack.start();
    bot = await startSlackBot(sandbox.current, fake);
  });
  afterAll(async () => {
    await bot?.close();
    await fake?.close();
  });

  it('answers probes on their own port and a signed command while 1,000 clients trickle their bodies', async () => {
    const slow = openSlowClients(bot.served.port, 1_000, undefined, '/slack/events');
    const health = await fetch(`http://127.0.0.1:${bot.served.healthPort}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${bot.served.healthPort}/readyz`);
    expect(ready.status).toBe(200);
    const responseUrl = fake.responseUrl();
    const text = commandBody('help', 'U-ADA', responseUrl);
    expect((await post(bot.url, text, 'form', signedHeaders(text))).status).toBe(200);
    await fake.waitFor(() => fake.respondedTo(responseUrl)[0]);
    for (const socket of slow) socket.destroy();
  });
});

describe('the server on its own', () => {
  let server: HttpServer | undefined;
  afterEach(() => server?.close());

  async function start(limits: Partial<HttpLimits> = {}) {
    const { log } = captureLog();
    server = new HttpServer({ log, metrics: createMetrics(), readiness: [], limits });
    const received: Buffer[] = [];
    server.mount('/echo', (_req, res, body) => {
      received.push(body);
      res.end(String(body.length));
    });
    const port = await server.listen(0, '127.0.0.1');
    return { base: `http://127.0.0.1:${port}`, port, received, server };
  }

  it('hands a handler the whole body up to the bound, chunked or not', async () => {
    const { base, received } = await start();
    const declared = await fetch(`${base}/echo`, { method: 'POST', body: 'x'.repeat(MiB) });
    expect(await declared.text()).toBe(String(MiB));
    const chunked = await hostilePost(base, '/echo', { bytes: 16 * 64 * 1024 });
    expect(chunked.body).toBe(String(MiB));
    const over = await hostilePost(base, '/echo', { bytes: 17 * 64 * 1024 });
    expect(over.status).toBe(413);
    expect(received.map((b) => b.length)).toEqual([MiB, MiB]);
  });

  it('holds a route to its own smaller bound, never to a larger one', async () => {
    const { base, server, received } = await start();
    server.mount(
      '/small',
      (_req, res, body) => {
        received.push(body);
        res.end(String(body.length));
      },
      { maxBodyBytes: 1000 },
    );
    server.mount('/large', (_req, res) => void res.end('read'), { maxBodyBytes: 2 * MiB });
    expect(
      await (await fetch(`${base}/small`, { method: 'POST', body: 'x'.repeat(1000) })).text(),
    ).toBe('1000');
    expect((await fetch(`${base}/small`, { method: 'POST', body: 'x'.repeat(1001) })).status).toBe(
      413,
    );
    expect((await hostilePost(base, '/small', { bytes: 64 * 1024 })).status).toBe(413);
    expect((await hostilePost(base, '/large', { bytes: 17 * 64 * 1024 })).status).toBe(413);
    expect(received.map((b) => b.length)).toEqual([1000]);
  });

  it('gives headers and a whole request seconds, not half a minute', async () => {
    const { server } = await start();
    expect(defaultHttpLimits).toEqual({
      maxBodyBytes: MiB,
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1_000,
    });
    expect(server.server.headersTimeout).toBe(5_000);
    expect(server.server.requestTimeout).toBe(10_000);
    expect(server.server.keepAliveTimeout).toBe(5_000);
  });

  /** Everything a raw socket receives until the server closes it. */
  const untilClosed = async (socket: Socket) => {
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
    });
    await once(socket, 'close');
    return text;
  };

  it('answers 408 and closes a connection that never finishes its headers', async () => {
    const { port } = await start({ headersTimeoutMs: 200, requestTimeoutMs: 300 });
    const socket = connect(port, '127.0.0.1');
    socket.write('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Ty');
    expect(await untilClosed(socket)).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 408 and closes a connection whose body never ends', async () => {
    const { port } = await start({ headersTimeoutMs: 200, requestTimeoutMs: 300 });
    const socket = connect(port, '127.0.0.1');
    socket.write('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly a few');
    expect(await untilClosed(socket)).toMatch(/^HTTP\/1\.1 408/);
  });

  it('at the cap drops the connection slowest to send its request, and answers probes on their own port', async () => {
    const { port, base, received } = await start({ maxConnections: 50 });
    const operator = await server!.listenOperator(0, '127.0.0.1');
    // 300 clients that send their headers and one byte of a 100-byte body, then nothing.
    let dropped = 0;
    const slow = openSlowClients(port, 300, () => dropped++);
    await until(() => dropped >= 250);
    const answer = await fetch(`${base}/echo`, {
      method: 'POST',
      body: 'signed',
      headers: { connection: 'close' },
    });
    expect(await answer.text()).toBe('6');
    await until(() => dropped >= 251);
    expect(received.map(String)).toEqual(['signed']);
    const health = await fetch(`http://127.0.0.1:${operator}/healthz`);
    expect([health.status, (await fetch(`http://127.0.0.1:${operator}/echo`)).status]).toEqual([
      200, 404,
    ]);
    for (const socket of slow) socket.destroy();
  });
});

/** `n` clients, each having sent its headers and one byte of its body; `onClose` as each is dropped. */
function openSlowClients(port: number, n: number, onClose = () => {}, path = '/echo'): Socket[] {
  return Array.from({ length: n }, () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {}).on('close', onClose);
    socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nx`);
    return socket;
  });
}

/** Waits, a turn of the event loop at a time, until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}
