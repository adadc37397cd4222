import { afterEach, describe, expect, it } from 'vitest';
import { createMetrics } from '../src/metrics.ts';
import { HttpServer } from '../src/server/http-server.ts';
import { captureLog } from './helpers/bot.ts';

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
    let accessUp = true;
    const { base } = await start([
      { name: 'store', check: async () => {} },
      {
        name: 'access_service',
        check: async () => {
          if (!accessUp) throw new Error('down');
        },
      },
    ]);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    accessUp = false;
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'not ready',
      checks: { store: 'ok', access_service: 'failing' },
    });
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
