import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ConflictError,
  ForeignOriginError,
  InvalidRequestError,
  InvalidResponseError,
  NotFoundError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../src/access/errors.ts';
import { groups, tasks, users, workApps } from '../src/sandbox/seed.ts';
import { clientFor, useSandbox } from './helpers/sandbox.ts';

const sandbox = useSandbox({ pageSize: 2 });
const requestsTo = (path: string) => sandbox.current.requests.filter((r) => r.path.endsWith(path));

beforeEach(() => {
  sandbox.current.faults.reset();
  sandbox.current.requests.length = 0;
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
    let fields = await Array.fromAsync(client.listCustomFields(workApps.figma.id));
    expect(fields.find((f) => f.id === field)?.value).toBe('CC-7');
    await client.updateCustomFields(workApps.figma.id, [{ id: field, value: null }]);
    fields = await Array.fromAsync(client.listCustomFields(workApps.figma.id));
    expect(fields.find((f) => f.id === field)?.value ?? null).toBeNull();
  });

  it('refuses to send a custom field update the spec forbids', async () => {
    await expect(
      sandbox.client.updateCustomFields(workApps.figma.id, [{ id: 'not-a-uuid', value: 'x' }]),
    ).rejects.toThrow();
    expect(requestsTo('/CustomFields')).toHaveLength(0);
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

  it('sets policies on a WorkApp and on a permission level', async () => {
    const { client } = sandbox;
    const compatible = await Array.fromAsync(client.listCompatiblePolicies('AccessRequest'));
    expect(compatible.length).toBeGreaterThan(1);
    const policy = compatible[0]!;
    await client.setWorkAppPolicy(workApps.jira.id, 'AccessRequest', policy.id);
    await client.setPermissionLevelPolicy(
      workApps.jira.id,
      workApps.jira.levels.projectAdmin.id,
      'AccessRequest',
      policy.id,
    );
    await expect(
      client.setWorkAppPolicy(workApps.jira.id, 'AccessRequest', users.ada.id),
    ).rejects.toBeInstanceOf(InvalidRequestError);
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
    expect(requestsTo(`/users/${users.ada.id}`).map((r) => r.status)).toEqual([500, 500, 200]);
  });

  it('honours Retry-After on 429', async () => {
    sandbox.current.faults.failNext(1, 429, { retryAfterSeconds: 1 });
    const started = Date.now();
    await sandbox.client.getUser(users.ada.id);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(requestsTo(`/users/${users.ada.id}`).map((r) => r.status)).toEqual([429, 200]);
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

  it('times out a slow answer', async () => {
    sandbox.current.faults.latency(500);
    const impatient = clientFor(sandbox.current, { timeoutMs: 100, retry: { limit: 0 } });
    await expect(impatient.getUser(users.ada.id)).rejects.toBeInstanceOf(ServiceUnavailableError);
  });

  it('turns an unreadable body into InvalidResponseError naming the endpoint', async () => {
    sandbox.current.faults.malformNext(1, 'json');
    const notJson = await sandbox.client
      .getTask(tasks.adaGraceGithubWrite)
      .catch((e: unknown) => e);
    expect(notJson).toBeInstanceOf(InvalidResponseError);
    expect((notJson as Error).message).toContain('GET /Tasks/{taskId}');
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
});
