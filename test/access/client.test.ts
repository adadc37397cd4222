import { randomUUID as randomId } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { AccessClientOptions } from '../../src/access/client.ts';
import { endpoints } from '../../src/access/endpoints.ts';
import {
  ConflictError,
  ForeignOriginError,
  InvalidRequestError,
  InvalidResponseError,
  NotFoundError,
  ResponseTooLargeError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../../src/access/errors.ts';
import { groups, tasks, users, workApps } from '../../src/sandbox/seed.ts';
import { clientFor, useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox({ pageSize: 2 });
const requestsTo = (path: string) => sandbox.current.requests.filter((r) => r.path.endsWith(path));
const statusesOf = (path: string) => requestsTo(path).map((r) => r.status);

/**
 * A client, and the pauses got takes before its retries (its timers, read as they are set; the
 * request's own time limit of 2 s is left out).
 */
function recordingWaits(overrides: Partial<AccessClientOptions> = {}) {
  const timers = vi.spyOn(globalThis, 'setTimeout');
  onTestFinished(() => timers.mockRestore());
  const from = timers.mock.calls.length;
  const waits = () =>
    timers.mock.calls
      .slice(from)
      .map(([, ms]) => ms)
      .filter((ms) => ms !== 2_000);
  return { waits, client: clientFor(sandbox.current, overrides) };
}

/** A loopback server answering as `handler` says, and a client pointed at it. */
async function serve(handler: RequestListener, overrides: Partial<AccessClientOptions> = {}) {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/api/v1`;
  return { seen, client: clientFor(sandbox.current, { baseUrl, ...overrides }) };
}

beforeEach(() => {
  sandbox.current.faults.reset();
  sandbox.current.requests.length = 0;
});

describe('Access Service paths', () => {
  it('are built from the spec line that names them, every id encoded, so no id can change the path', () => {
    expect(endpoints.removeGroupMember.path('a/../b', 'c d?x=1')).toBe(
      'UsersGroups/a%2F..%2Fb/Users/c%20d%3Fx%3D1',
    );
    expect(endpoints.listGroups.path()).toBe('UsersGroups/');
    expect(endpoints.approveTask).toMatchObject({ name: 'POST /Tasks/{taskId}/Approve' });
    expect(endpoints.approveTask.path('t1')).toBe('Tasks/t1/Approve');
  });
});

describe('Access Service queries', () => {
  it('encode each value, so no id can add a parameter or change another', async () => {
    const urls: string[] = [];
    const { client } = await serve((req, res) => {
      urls.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data":[]}');
    });
    await Array.fromAsync(client.listTasks('u 1&status=Approved#x', 'Pending'));
    const query = new URL(urls[0]!, 'http://x').searchParams;
    expect([...query]).toEqual([
      ['userId', 'u 1&status=Approved#x'],
      ['status', 'Pending'],
    ]);
  });
});

describe('Access Service client: every endpoint against the sandbox', () => {
  it('lists every user across pages, with both credentials on every page', async () => {
    const all = await Array.fromAsync(sandbox.client.listUsers());
    expect(all.map((u) => u.email).sort()).toEqual(
      Object.values(users)
        .map((u) => u.email)
        .sort(),
    );
    const pages = requestsTo('/users');
    expect(pages.length).toBe(Math.ceil(Object.keys(users).length / 2));
    for (const page of pages) {
      expect(page.headers['x-api-key']).toBe(sandbox.current.apiKey);
      expect(page.headers['x-api-secret']).toBe(sandbox.current.apiSecret);
    }
  });

  it('stops fetching when the caller stops iterating', async () => {
    for await (const user of sandbox.client.listUsers()) {
      expect(user.id).toBeTruthy();
      break;
    }
    expect(requestsTo('/users')).toHaveLength(1);
  });

  it('reads users, groups and their apps and members', async () => {
    expect((await sandbox.client.getUser(users.grace.id)).displayName).toBe('Grace Hopper');
    const allGroups = await Array.fromAsync(sandbox.client.listGroups());
    expect(allGroups.map((g) => g.name)).toContain('Engineering');
    expect((await sandbox.client.getGroup(groups.engineering.id)).name).toBe('Engineering');
    const members = await Array.fromAsync(sandbox.client.listGroupMembers(groups.engineering.id));
    expect(members.map((m) => m.id)).toContain(users.ada.id);
    const defaults = await Array.fromAsync(
      sandbox.client.listGroupDefaultWorkApps(groups.engineering.id),
    );
    expect(defaults.length).toBeGreaterThan(0);
    const hidden = await Array.fromAsync(
      sandbox.client.listGroupHiddenWorkApps(groups.engineering.id),
    );
    expect(Array.isArray(hidden)).toBe(true);
  });

  it('adds a member to a group and removes them again', async () => {
    const { client } = sandbox;
    await client.addGroupMember(groups.finance.id, users.edsger.id);
    let members = await Array.fromAsync(client.listGroupMembers(groups.finance.id));
    expect(members.map((m) => m.id)).toContain(users.edsger.id);
    await expect(client.addGroupMember(groups.finance.id, users.edsger.id)).rejects.toBeInstanceOf(
      ConflictError,
    );
    await client.removeGroupMember(groups.finance.id, users.edsger.id);
    members = await Array.fromAsync(client.listGroupMembers(groups.finance.id));
    expect(members.map((m) => m.id)).not.toContain(users.edsger.id);
  });

  it('reads WorkApps, their accesses, levels and custom fields, and patches the fields', async () => {
    const { client } = sandbox;
    const apps = await Array.fromAsync(client.listWorkApps());
    expect(apps.map((a) => a.name)).toEqual(
      expect.arrayContaining(['GitHub', 'AWS Console', 'Figma']),
    );
    expect((await client.getWorkApp(workApps.github.id)).name).toBe('GitHub');
    const levels = await Array.fromAsync(client.listPermissionLevels(workApps.github.id));
    expect(levels.map((l) => l.name)).toEqual(['Read', 'Write', 'Admin']);
    const accesses = await Array.fromAsync(client.listWorkAppAccesses(workApps.aws.id));
    expect(accesses.every((a) => a.workAppId === workApps.aws.id)).toBe(true);

    const field = workApps.figma.fields.costCenter.id;
    await client.updateCustomFields(workApps.figma.id, [{ id: field, value: 'CC-7' }]);
    const figmaValue = async () =>
      (await Array.fromAsync(client.listCustomFields(workApps.figma.id))).find(
        (f) => f.id === field,
      )?.value ?? null;
    expect(await figmaValue()).toBe('CC-7');
    await client.updateCustomFields(workApps.figma.id, [{ id: field, value: null }]);
    expect(await figmaValue()).toBeNull();
    const [patch] = requestsTo('/CustomFields').filter((r) => r.method === 'PATCH');
    expect(JSON.parse(patch!.body)).toEqual({ customFields: [{ id: field, value: 'CC-7' }] });
    expect(patch!.status).toBe(204);
  });

  it('refuses to send a custom field update the interface forbids', async () => {
    const app = workApps.figma.id;
    const forbidden = [
      [{ id: 'cost-center', value: 'x' }],
      [{ value: 'x' }],
      [{ id: workApps.figma.fields.costCenter.id, value: 'x', name: 'Cost center' }],
      [{ id: workApps.figma.fields.costCenter.id, value: 42 }],
    ];
    for (const items of forbidden) {
      // The wrong shapes are the point: what a caller's bug, or a forged form, could pass.
      await expect(sandbox.client.updateCustomFields(app, items as never)).rejects.toThrow();
    }
    expect(requestsTo('/CustomFields')).toHaveLength(0);
  });

  it('lists the compatible policies and sets one on a WorkApp and on a permission level', async () => {
    const { client } = sandbox;
    const compatible = await Array.fromAsync(client.listCompatiblePolicies('AccessRequest'));
    expect(compatible.map((p) => p.name)).toContain('Security approval');
    expect(compatible.every((p) => p.requestType === 'AccessRequest')).toBe(true);
    const policy = compatible.find((p) => p.name === 'IT administrators')!;
    const { jira } = workApps;
    await client.setWorkAppPolicy(jira.id, 'AccessRequest', policy.id);
    await client.setPermissionLevelPolicy(
      jira.id,
      jira.levels.projectAdmin.id,
      'AccessRequest',
      policy.id,
    );
    const { state } = sandbox.current;
    expect(state.workApp(jira.id).policyIds.get('AccessRequest')).toBe(policy.id);
    const level = state.workApp(jira.id).levels.get(jira.levels.projectAdmin.id);
    expect(level?.policyIds.get('AccessRequest')).toBe(policy.id);
    const puts = requestsTo('/Policies/AccessRequest').filter((r) => r.method === 'PUT');
    expect(puts.map((r) => JSON.parse(r.body))).toEqual([
      { policyId: policy.id },
      { policyId: policy.id },
    ]);
    await expect(
      client.setWorkAppPolicy(jira.id, 'AccessRequest', users.ada.id),
    ).rejects.toBeInstanceOf(InvalidRequestError);
  });

  it('creates an access request that opens tasks for the app’s approvers', async () => {
    const { client } = sandbox;
    const access = await client.createAccess({
      workAppId: workApps.github.id,
      userId: users.tim.id,
      permissionLevelId: workApps.github.levels.read.id,
      justification: 'reviewing design tokens',
    });
    expect(access.workAppId).toBe(workApps.github.id);
    const adaTasks = await Array.fromAsync(client.listTasks(users.ada.id, 'Pending'));
    const opened = adaTasks.find((t) => t.metadata.accessId === access.id);
    expect(opened?.target.workAppName).toBe('GitHub');
    await expect(
      client.createAccess({
        workAppId: workApps.github.id,
        userId: users.tim.id,
        permissionLevelId: workApps.github.levels.read.id,
      }),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it('lists a user’s tasks by status, reads, approves and declines them', async () => {
    const { client } = sandbox;
    const pending = await Array.fromAsync(client.listTasks(users.radia.id, 'Pending'));
    expect(pending.every((t) => t.status === 'Pending')).toBe(true);
    const task = await client.getTask(tasks.radiaKenWorkspaceReview);
    expect(task).toMatchObject({ id: tasks.radiaKenWorkspaceReview, status: 'Pending' });
    await client.declineTask(task.id, 'still needed by IT');
    expect((await client.getTask(task.id)).status).toBe('Declined');
    await expect(client.approveTask(task.id)).rejects.toBeInstanceOf(ConflictError);

    await client.approveTask(tasks.dennisBarbaraJiraAdmin);
    expect((await client.getTask(tasks.dennisBarbaraJiraAdmin)).status).toBe('Approved');
    const approvedList = await Array.fromAsync(client.listTasks(users.dennis.id, 'Approved'));
    expect(approvedList.map((t) => t.id)).toContain(tasks.dennisBarbaraJiraAdmin);
  });
});

describe('Access Service client: failures', () => {
  it('maps 401, 404, 409 and 4xx to typed errors naming the endpoint', async () => {
    const wrong = clientFor(sandbox.current, { apiSecret: 'not-the-secret-4711' });
    const unauthorized = await wrong.getUser(users.ada.id).catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(UnauthorizedError);
    expect((unauthorized as Error).message).toContain('GET /users/{id}');
    expect((unauthorized as Error).message).not.toContain('not-the-secret-4711');

    const missing = await sandbox.client
      .getTask('00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as NotFoundError).endpoint).toBe('GET /Tasks/{taskId}');

    const invalid = await sandbox.client
      .createAccess({ workAppId: users.ada.id, userId: users.ada.id })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(InvalidRequestError);
  });

  it('retries a GET after 500s, then succeeds', async () => {
    sandbox.current.faults.failNext(2, 500);
    const user = await sandbox.client.getUser(users.ada.id);
    expect(user.email).toBe(users.ada.email);
    expect(statusesOf(`/users/${users.ada.id}`)).toEqual([500, 500, 200]);
  });

  it('waits out Retry-After on 429 as long as it asks', async () => {
    sandbox.current.faults.failNext(1, 429, { retryAfterSeconds: 1 });
    const { waits, client } = recordingWaits();
    await client.getUser(users.ada.id);
    expect(waits()).toEqual([1_000]);
    expect(statusesOf(`/users/${users.ada.id}`)).toEqual([429, 200]);
  });

  it('fails at once when Retry-After asks for longer than it may wait', async () => {
    sandbox.current.faults.failNext(1, 503, { retryAfterSeconds: 6 });
    const { waits, client } = recordingWaits({ retry: { maxRetryAfterMs: 5_000 } });
    await expect(client.getUser(users.ada.id)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(waits()).toEqual([]);
    expect(statusesOf(`/users/${users.ada.id}`)).toEqual([503]);
  });

  it('backs off exponentially, with jitter, up to its longest pause', async () => {
    sandbox.current.faults.failNext(3, 502);
    const retry = { limit: 3, baseDelayMs: 20, maxDelayMs: 50 };
    const full = recordingWaits({ retry, random: () => 1 });
    await full.client.getUser(users.ada.id);
    expect(full.waits()).toEqual([20, 40, 50]);
    sandbox.current.faults.failNext(3, 502);
    const half = recordingWaits({ retry, random: () => 0 });
    await half.client.getUser(users.ada.id);
    expect(half.waits()).toEqual([10, 20, 25]);
  });

  it('reports every attempt to its observer, answered or not', async () => {
    const events: Array<{ endpoint: string; status: number | 'error' }> = [];
    const client = clientFor(sandbox.current, {
      observe: ({ endpoint, status, ms }) => {
        expect(ms).toBeGreaterThanOrEqual(0);
        events.push({ endpoint, status });
      },
    });
    sandbox.current.faults.failNext(2, 500);
    await client.getUser(users.ada.id);
    sandbox.current.faults.dropNext(1);
    await client.getTask(tasks.adaGraceGithubWrite);
    // Refused before it went out: nothing to report.
    sandbox.current.faults.foreignNextLinks('http://localhost:9');
    await expect(Array.fromAsync(client.listUsers())).rejects.toBeInstanceOf(ForeignOriginError);
    sandbox.current.faults.reset();
    expect(events).toEqual([
      { endpoint: 'GET /users/{id}', status: 500 },
      { endpoint: 'GET /users/{id}', status: 500 },
      { endpoint: 'GET /users/{id}', status: 200 },
      { endpoint: 'GET /Tasks/{taskId}', status: 'error' },
      { endpoint: 'GET /Tasks/{taskId}', status: 200 },
      { endpoint: 'GET /users', status: 200 },
    ]);
  });

  it('gives up after its retries with ServiceUnavailableError', async () => {
    sandbox.current.faults.failNext(10, 503);
    await expect(sandbox.client.getUser(users.ada.id)).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    expect(requestsTo(`/users/${users.ada.id}`)).toHaveLength(4);
  });

  it('never repeats a failed approve', async () => {
    sandbox.current.faults.failNext(1, 500);
    await expect(sandbox.client.approveTask(tasks.adaGraceGithubWrite)).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    expect(requestsTo('/Approve')).toHaveLength(1);
    expect((await sandbox.client.getTask(tasks.adaGraceGithubWrite)).status).toBe('Pending');
  });

  it('never repeats a PATCH or a PUT: a 409 and a bare 500 are typed, sent once, and change nothing', async () => {
    const { figma } = workApps;
    const field = figma.fields.dataClassification.id;
    const update = () => sandbox.client.updateCustomFields(figma.id, [{ id: field, value: 'x' }]);
    sandbox.current.faults.failNext(1, 409);
    const conflict = await update().catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect((conflict as ConflictError).problem?.status).toBe(409);
    sandbox.current.faults.failNext(1, 500);
    const failed = await update().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ServiceUnavailableError);
    expect((failed as ServiceUnavailableError).problem).toBeUndefined();
    sandbox.current.faults.failNext(1, 500);
    const put = sandbox.client.setWorkAppPolicy(figma.id, 'AccessRequest', randomId());
    await expect(put).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(statusesOf('/CustomFields')).toEqual([409, 500]);
    expect(statusesOf('/Policies/AccessRequest')).toEqual([500]);
    expect(sandbox.current.state.workApp(figma.id).fields.get(field)?.value).toBeNull();
  });

  it('reports a dropped connection and a refused one as unavailable', async () => {
    sandbox.current.faults.dropNext(10);
    await expect(sandbox.client.getTask(tasks.adaGraceGithubWrite)).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    sandbox.current.faults.reset();
    const closed = clientFor(sandbox.current, { baseUrl: 'http://127.0.0.1:9/api/v1' });
    await expect(closed.getTask(tasks.adaGraceGithubWrite)).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
  });

  it('reports an answer cut off halfway as unavailable', async () => {
    const { client } = await serve(
      (req, res) => {
        res.writeHead(200, { 'content-length': '1000' });
        res.write('{"id":', () => req.socket.end());
      },
      { retry: { limit: 1 } },
    );
    const error = await client.getUser(users.ada.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as Error).message).toContain('answer cut off');
  });

  it('times out an answer that does not come', async () => {
    const { client } = await serve(() => undefined, { timeoutMs: 100, retry: { limit: 0 } });
    const error = await client.getUser(users.ada.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as Error).message).toContain('no answer in time');
  });

  it('gives each attempt its own time limit', async () => {
    let calls = 0;
    const { seen, client } = await serve(
      (_req, res) => {
        // The first attempt never gets an answer; the second gets one at once.
        if (++calls > 1) res.end(JSON.stringify({ id: users.ada.id, email: users.ada.email }));
      },
      { timeoutMs: 200, retry: { limit: 1 } },
    );
    expect((await client.getUser(users.ada.id)).email).toBe(users.ada.email);
    expect(seen).toHaveLength(2);
  });

  it('does not follow a redirect', async () => {
    const { seen, client } = await serve((_req, res) => {
      res.writeHead(302, { location: '/api/v1/elsewhere' }).end();
    });
    await expect(client.getTask(tasks.adaGraceGithubWrite)).rejects.toThrow(
      /unexpected status 302/,
    );
    expect(seen).toHaveLength(1);
  });

  it('asks for no compression and does not decompress what comes anyway', async () => {
    const body = gzipSync(JSON.stringify({ id: users.ada.id, email: users.ada.email }));
    const { seen, client } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(body);
    });
    await expect(client.getUser(users.ada.id)).rejects.toBeInstanceOf(InvalidResponseError);
    expect(seen).toHaveLength(1);
    expect(seen[0]!['accept-encoding']).toBeUndefined();
  });

  it('refuses a declared Content-Length over the cap before reading the body, once', async () => {
    // Headers only: a client that waited for the body would run into its time limit instead.
    const events: Array<number | 'error'> = [];
    const { seen, client } = await serve(
      (_req, res) => {
        res.writeHead(200, { 'content-length': String(50_000_000) });
        res.flushHeaders();
      },
      { timeoutMs: 60_000, observe: ({ status }) => void events.push(status) },
    );
    await expect(client.getTask(tasks.adaGraceGithubWrite)).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
    expect(seen).toHaveLength(1);
    expect(events).toEqual(['error']);
  });

  it('turns an unreadable body into InvalidResponseError naming the endpoint', async () => {
    sandbox.current.faults.malformNext(1, 'json');
    const notJson = await sandbox.client
      .getTask(tasks.adaGraceGithubWrite)
      .catch((e: unknown) => e);
    expect(notJson).toBeInstanceOf(InvalidResponseError);
    expect((notJson as Error).message).toContain('GET /Tasks/{taskId}');
    // Not retried: the same request would get the same body.
    expect(requestsTo(`/Tasks/${tasks.adaGraceGithubWrite}`)).toHaveLength(1);
    sandbox.current.faults.malformNext(1, 'shape');
    const wrongShape = await Array.fromAsync(sandbox.client.listUsers()).catch((e: unknown) => e);
    expect(wrongShape).toBeInstanceOf(InvalidResponseError);
    expect((wrongShape as Error).message).toContain('GET /users');
  });

  it('refuses a links.next on another origin and sends it nothing', async () => {
    const seen: Record<string, unknown>[] = [];
    const elsewhere = createServer((req, res) => {
      seen.push(req.headers);
      res.end('{"data":[],"links":{}}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const { port } = elsewhere.address() as AddressInfo;
    try {
      sandbox.current.faults.foreignNextLinks(`http://localhost:${port}`);
      const listed: string[] = [];
      const error = await (async () => {
        for await (const user of sandbox.client.listUsers()) listed.push(user.id);
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ForeignOriginError);
      expect(listed).toHaveLength(2);
      expect(seen).toHaveLength(0);
    } finally {
      elsewhere.close();
    }
  });

  it.each(['ftp://localhost/users?page=2', 'javascript:alert(1)', '//elsewhere.example/users'])(
    'refuses a links.next of %s like any other origin',
    async (next) => {
      const { seen, client } = await serve((_req, res) => {
        res.end(JSON.stringify({ data: [{ id: users.ada.id }], links: { next } }));
      });
      await expect(Array.fromAsync(client.listUsers())).rejects.toBeInstanceOf(ForeignOriginError);
      expect(seen).toHaveLength(1);
    },
  );
});
