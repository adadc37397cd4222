import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/metrics.ts';
import { HttpServer } from '../../src/server/http-server.ts';
import { captureLog } from '../helpers/bot.ts';

let server: HttpServer | undefined;
afterEach(() => server?.close());

async function start(readiness: ConstructorParameters<typeof HttpServer>[0]['readiness']) {
  const { log } = captureLog();
  const metrics = createMetrics();
  server = new HttpServer({ log, metrics, readiness, readinessCacheMs: 0 });
  const port = await server.listen(0, '127.0.0.1');
  return { base: `http://127.0.0.1:${port}`, metrics, server };
}

describe('the HTTP server', () => {
  it('answers /healthz while the process is up', async () => {
    const { base } = await start([]);
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('names a platform that turns work away on /healthz, while /readyz stays ready', async () => {
    let busy = true;
    const { base, server } = await start([{ name: 'store', check: async () => {} }]);
    server.reportBusy('slack', () => busy);
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({
      status: 'ok',
      busy: ['slack'],
    });
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    busy = false;
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 when every check passes and 503 naming the failing one', async () => {
    let storeUp = true;
    const { base } = await start([
      {
        name: 'store',
        check: async () => {
          if (!storeUp) throw new Error('down');
        },
      },
    ]);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    storeUp = false;
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not ready', checks: { store: 'failing' } });
  });

  it('answers /readyz 503 stopping once it is closing, while requests in flight finish', async () => {
    const { base, server } = await start([{ name: 'store', check: async () => {} }]);
    const held = Promise.withResolvers<void>();
    const arrived = Promise.withResolvers<void>();
    server.mount('/slow', async (_req, res) => {
      arrived.resolve();
      await held.promise;
      res.end('done');
    });
    // One kept-alive connection, busy when the server starts closing, so it stays open.
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await arrived.promise;
    const closed = server.close();
    socket.end('GET /readyz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    held.resolve();
    await Promise.all([closed, ended]);
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\ndone/);
    expect(received).toMatch(/HTTP\/1\.1 503 [\s\S]*\{"status":"stopping"\}/);
  });

  it('reports on /healthz what it is given, and answers 200 whatever that says', async () => {
    const { log } = captureLog();
    server = new HttpServer({
      log,
      metrics: createMetrics(),
      readiness: [],
      health: () => ({ access_service: 'down' }),
    });
    const port = await server.listen(0, '127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', access_service: 'down' });
  });

  it('serves Prometheus text on /metrics', async () => {
    const { base, metrics } = await start([]);
    metrics.accessRequests.inc({ endpoint: 'GET /Tasks', status: '200' });
    const res = await fetch(`${base}/metrics`);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain(
      'accessbot_access_requests_total{endpoint="GET /Tasks",status="200"} 1',
    );
  });

  it('routes mounted paths, answers 404 elsewhere, and survives a failing handler with 500', async () => {
    const { base, server } = await start([]);
    server.mount('/hello', (_req, res) => void res.end('hi'));
    server.mount('/broken', () => {
      throw new Error('boom');
    });
    expect(await (await fetch(`${base}/hello`)).text()).toBe('hi');
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);
    expect((await fetch(`${base}/broken`)).status).toBe(500);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
