/**
 * The sandbox's fault injection (test/fakes/sandbox-faults.ts), its request log,
 * and `npm run sandbox` as a process of its own.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/access/endpoints.ts';
import { ProblemDetails, pageOf, Task, User } from '../../src/access/schemas.ts';
import { tasks, users } from '../../src/sandbox/seed.ts';
import { type Sandbox, startSandbox } from '../fakes/sandbox-faults.ts';
import { callSandbox } from '../helpers/http.ts';

let sb: Sandbox;
/** The waits the latency fault asked for: they take no time here. */
const slept: number[] = [];
beforeAll(async () => {
  sb = await startSandbox({ pageSize: 2, sleep: async (ms) => slept.push(ms) });
});
afterEach(() => {
  sb.faults.reset();
  slept.length = 0;
});
afterAll(() => sb.close());

const call = (method: string, path: string, body?: unknown) => callSandbox(sb, method, path, body);
const listUsers = () => call('GET', endpoints.listUsers.path());
const taskPath = (id: string) => endpoints.getTask.path(id);

describe('failNext', () => {
  it('answers the next n requests with a bare 500, then recovers', async () => {
    sb.faults.failNext(2);
    for (const res of [await listUsers(), await listUsers()]) {
      expect(res.status).toBe(500);
      expect(res.text).toBe('');
      expect(res.headers.get('content-type')).toBeNull();
    }
    expect((await listUsers()).status).toBe(200);
  });

  it('does not handle a failed request', async () => {
    sb.faults.failNext(1);
    const res = await call('POST', endpoints.approveTask.path(tasks.dennisBarbaraJiraAdmin), {});
    expect(res.status).toBe(500);
    expect(sb.state.task(tasks.dennisBarbaraJiraAdmin).status).toBe('Pending');
  });

  it.each([429, 503])('answers %i with problem details and Retry-After', async (status) => {
    sb.faults.failNext(1, status, { retryAfterSeconds: 3 });
    const res = await listUsers();
    expect(res.status).toBe(status);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(ProblemDetails.parse(JSON.parse(res.text)).status).toBe(status);
  });
});

describe('errorRate', () => {
  it('fails requests with a bare 500 as often as the injected random says', async () => {
    const draws = [0.9, 0.1, 0.49, 0.5];
    sb.faults.errorRate(0.5, () => draws.shift()!);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await listUsers()).status);
    expect(statuses).toEqual([200, 500, 500, 200]);
  });
});

describe('malformNext', () => {
  it('spoils the next successful body with invalid JSON, then recovers', async () => {
    sb.faults.malformNext(1);
    const res = await listUsers();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(() => JSON.parse(res.text)).toThrow(SyntaxError);
    expect(pageOf(User).safeParse(JSON.parse((await listUsers()).text)).success).toBe(true);
  });

  it('can send valid JSON of the wrong shape instead', async () => {
    sb.faults.malformNext(2, 'shape');
    expect(pageOf(User).safeParse(JSON.parse((await listUsers()).text)).success).toBe(false);
    const task = await call('GET', taskPath(tasks.adaGraceGithubWrite));
    expect(Task.safeParse(JSON.parse(task.text)).success).toBe(false);
  });

  it('leaves errors and bodiless answers alone and still handles the request', async () => {
    sb.faults.malformNext(1);
    const missing = await call('GET', taskPath('nope'));
    expect(ProblemDetails.safeParse(JSON.parse(missing.text)).success).toBe(true);
    const decline = await call(
      'POST',
      endpoints.declineTask.path(tasks.francesKatherineSalesforce),
      {},
    );
    expect(decline.status).toBe(204);
    expect(sb.state.task(tasks.francesKatherineSalesforce).status).toBe('Declined');
    const spoiled = (await listUsers()).text;
    expect(() => JSON.parse(spoiled)).toThrow(SyntaxError);
  });
});

describe('dropNext', () => {
  it('drops the connection without an answer, then recovers', async () => {
    sb.faults.dropNext(1);
    await expect(listUsers()).rejects.toThrow(TypeError);
    expect(sb.requests.at(-1)).toMatchObject({ path: '/api/v1/users', status: null });
    expect((await listUsers()).status).toBe(200);
  });

  it('can drop after handling, as a timeout after the service accepted', async () => {
    sb.faults.dropNext(1, { afterHandling: true });
    const approve = call('POST', endpoints.approveTask.path(tasks.radiaKenWorkspaceReview), {});
    await expect(approve).rejects.toThrow(TypeError);
    expect(sb.state.task(tasks.radiaKenWorkspaceReview).status).toBe('Approved');
  });
});

describe('foreignNextLinks', () => {
  it('points links.next at another origin until reset', async () => {
    sb.faults.foreignNextLinks('http://evil.example:8080');
    const page = pageOf(User).parse(JSON.parse((await listUsers()).text));
    expect(page.links?.next).toMatch(/^http:\/\/evil\.example:8080\/api\/v1\/users\?cursor=/);
    expect(page.links?.self).toBe(`${sb.url}/users`);
    sb.faults.foreignNextLinks(null);
    const own = pageOf(User).parse(JSON.parse((await listUsers()).text));
    expect(own.links?.next?.startsWith(`${sb.url}/users?cursor=`)).toBe(true);
  });
});

describe('latency, holds and reset', () => {
  it('delays every answer by the latency', async () => {
    sb.faults.latency(150);
    expect((await listUsers()).status).toBe(200);
    expect((await listUsers()).status).toBe(200);
    expect(slept).toEqual([150, 150]);
  });

  it('holds the matching requests unanswered until released, and lets the others through', async () => {
    const held = sb.faults.hold((method) => method === 'POST');
    const approving = call('POST', endpoints.approveTask.path(tasks.dennisBarbaraJiraAdmin), {});
    await vi.waitFor(() => expect(held.waiting()).toBe(1), { timeout: 15_000 });
    expect((await listUsers()).status).toBe(200);
    expect(sb.state.task(tasks.dennisBarbaraJiraAdmin).status).toBe('Pending');
    held.release();
    expect((await approving).status).toBe(200);
    expect(sb.state.task(tasks.dennisBarbaraJiraAdmin).status).toBe('Approved');
    expect(held.waiting()).toBe(0);
  });

  it('fails the matching requests until stopped, and answers the others', async () => {
    const failing = sb.faults.failWhere(
      (method, path) => method === 'GET' && path === '/users',
      503,
    );
    expect((await listUsers()).status).toBe(503);
    expect((await listUsers()).status).toBe(503);
    expect((await call('GET', endpoints.listWorkApps.path())).status).toBe(200);
    failing.stop();
    expect((await listUsers()).status).toBe(200);
    sb.faults.failWhere(() => true);
    sb.faults.reset();
    expect((await listUsers()).status).toBe(200);
  });

  it('clears every fault on reset, and answers what a hold kept waiting', async () => {
    sb.faults.failNext(5);
    sb.faults.dropNext(5);
    sb.faults.latency(1000);
    const held = sb.faults.hold();
    const waiting = listUsers();
    await vi.waitFor(() => expect(held.waiting()).toBe(1), { timeout: 15_000 });
    sb.faults.reset();
    expect((await waiting).status).toBe(200);
    expect((await listUsers()).status).toBe(200);
    expect(slept).toEqual([]);
  });
});

describe('the request log', () => {
  it('records method, path, query, lower-cased headers, body and the status answered', async () => {
    await call('GET', `${endpoints.listTasks.path()}?userId=${users.ada.id}&status=Pending`);
    await call('POST', endpoints.declineTask.path('unknown'), { reason: 'why' });
    const [list, decline] = sb.requests.slice(-2);
    expect(list).toMatchObject({
      method: 'GET',
      path: '/api/v1/Tasks',
      query: { userId: users.ada.id, status: 'Pending' },
      status: 200,
    });
    expect(list?.headers['x-api-key']).toBe(sb.apiKey);
    expect(decline).toMatchObject({ method: 'POST', body: '{"reason":"why"}', status: 404 });
  });
});

describe('npm run sandbox', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints the settings to paste, serves them, and exits 0 on %s',
    async (signal) => {
      const child = spawn(process.execPath, ['src/sandbox/main.ts'], {
        env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_PAGE_SIZE: '5' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.setEncoding('utf8');
      for await (const chunk of child.stdout) {
        out += chunk;
        if (out.includes('ACCESS_API_SECRET=')) break;
      }
      const env = /ACCESS_API_URL=(\S+) ACCESS_API_KEY=(\S+) ACCESS_API_SECRET=(\S+)/.exec(out);
      expect(env).not.toBeNull();
      const [, url, key, secret] = env!;
      const res = await fetch(`${url}/users`, {
        headers: { 'x-api-key': key!, 'x-api-secret': secret! },
      });
      expect(pageOf(User).parse(await res.json()).data).toHaveLength(5);
      child.kill(signal);
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
    },
  );

  it('stops with one line naming a wrong variable', async () => {
    const child = spawn(process.execPath, ['src/sandbox/main.ts'], {
      env: { ...process.env, SANDBOX_PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      err += chunk;
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toContain('SANDBOX_PORT');
  });
});
