/**
 * The sandbox as the Access Service: auth, errors, directory endpoints, pagination, custom
 * fields (spec 4.1) and policies, over real HTTP, checked with the client's own schemas.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '../../src/access/endpoints.ts';
import {
  CustomField,
  PermissionLevel,
  Policy,
  ProblemDetails,
  pageOf,
  User,
  UsersGroup,
  WorkApp,
} from '../../src/access/schemas.ts';
import { groups, policies, users, workApps } from '../../src/sandbox/seed.ts';
import { type Sandbox, startSandbox } from '../fakes/sandbox-faults.ts';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ pageSize: 2 });
});
afterAll(() => sb.close());

interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  auth?: boolean;
}
/** One request to the sandbox; `path` is relative to the API base unless it starts with '/'. */
async function call(method: string, path: string, options: CallOptions = {}) {
  const { body, auth = true } = options;
  const headers: Record<string, string> = {
    ...(auth && { 'x-api-key': sb.apiKey, 'x-api-secret': sb.apiSecret }),
    ...(body !== undefined && { 'content-type': 'application/json' }),
    ...options.headers,
  };
  const url = path.startsWith('/') ? sb.origin + path : `${sb.url}/${path}`;
  const payload = typeof body === 'string' || body === undefined ? body : JSON.stringify(body);
  const res = await fetch(url, { method, headers, body: payload });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: () => JSON.parse(text) as unknown,
  };
}

function expectProblem(res: Awaited<ReturnType<typeof call>>, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  const problem = ProblemDetails.parse(res.json());
  expect(problem.status).toBe(status);
  expect(problem.title).toBeTruthy();
  expect(problem.detail).toBeTruthy();
  return problem;
}

/** Follows `links.next` exactly as returned until it is null; every page must fit the envelope. */
async function collect<T extends z.ZodType>(path: string, item: T) {
  const items: z.infer<T>[] = [];
  const pages: string[] = [];
  let next: string | null | undefined = `${sb.url}/${path}`;
  while (next) {
    pages.push(next);
    const res = await call('GET', next.slice(sb.origin.length));
    expect(res.status).toBe(200);
    const page = pageOf(item).parse(res.json());
    expect(page.links?.self).toBe(next);
    items.push(...page.data);
    next = page.links?.next;
  }
  return { items, pages };
}

describe('authentication', () => {
  const path = endpoints.listUsers.path();
  const cases: [string, () => Record<string, string>, string][] = [
    [
      'X-API-KEY is missing',
      () => ({ 'x-api-secret': sb.apiSecret }),
      'X-API-KEY header is missing',
    ],
    [
      'X-API-SECRET is missing',
      () => ({ 'x-api-key': sb.apiKey }),
      'X-API-SECRET header is missing',
    ],
    ['X-API-KEY is wrong', () => ({ 'x-api-key': 'wrong', 'x-api-secret': sb.apiSecret }), 'wrong'],
    ['X-API-SECRET is wrong', () => ({ 'x-api-key': sb.apiKey, 'x-api-secret': 'wrong' }), 'wrong'],
  ];
  it.each(cases)('answers 401 with problem details when %s', async (_, headers, detail) => {
    const res = await call('GET', path, { auth: false, headers: headers() });
    expect(expectProblem(res, 401).detail).toContain(detail);
  });

  it('does not tell which credential is wrong', async () => {
    const wrongKey = cases[2]![1]();
    const wrongSecret = cases[3]![1]();
    const a = expectProblem(await call('GET', path, { auth: false, headers: wrongKey }), 401);
    const b = expectProblem(await call('GET', path, { auth: false, headers: wrongSecret }), 401);
    expect(a.detail).toBe(b.detail);
  });

  it('serves the request with both credentials right', async () => {
    expect((await call('GET', path)).status).toBe(200);
  });

  it('refuses a write without credentials and changes nothing', async () => {
    const groupId = groups.finance.id;
    const add = await call('POST', endpoints.addGroupMember.path(groupId), {
      auth: false,
      body: { userId: users.grace.id },
    });
    expectProblem(add, 401);
    expect(sb.state.group(groupId).memberIds.has(users.grace.id)).toBe(false);
  });
});

describe('errors', () => {
  it('answers an unknown route with 404 problem details', async () => {
    expectProblem(await call('GET', 'Nothing/here'), 404);
    expectProblem(await call('GET', '/elsewhere'), 404);
  });

  it('answers a known path with the wrong method with 405 and the allowed methods', async () => {
    const res = await call('DELETE', endpoints.listWorkApps.path());
    expectProblem(res, 405);
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('answers unknown resources with 404', async () => {
    expectProblem(await call('GET', endpoints.getUser.path(randomUUID())), 404);
    expectProblem(await call('GET', endpoints.getGroup.path('not-a-group')), 404);
    expectProblem(await call('GET', endpoints.getWorkApp.path(randomUUID())), 404);
    expectProblem(await call('GET', endpoints.listPermissionLevels.path(randomUUID())), 404);
  });

  it('answers a body that is not JSON with 400', async () => {
    const res = await call('POST', endpoints.addGroupMember.path(groups.design.id), {
      body: '{nope',
    });
    expectProblem(res, 400);
  });
});

describe('users and groups', () => {
  it('serves one user with e-mail and display name', async () => {
    const res = await call('GET', endpoints.getUser.path(users.ada.id));
    expect(User.parse(res.json())).toMatchObject({
      id: users.ada.id,
      email: 'ada.lovelace@example.com',
      displayName: 'Ada Lovelace',
    });
  });

  it('lists the groups and the members of Engineering', async () => {
    const { items } = await collect(endpoints.listGroups.path(), UsersGroup);
    expect(items.map((g) => g.name).sort()).toEqual(
      ['All Staff', 'Design', 'Engineering', 'Finance', 'Security'].sort(),
    );
    const members = await collect(endpoints.listGroupMembers.path(groups.engineering.id), User);
    expect(members.items.map((u) => u.displayName)).toContain('Ada Lovelace');
    expect(members.items.length).toBeGreaterThan(3);
  });

  it('serves default and hidden WorkApps as bare arrays', async () => {
    const defaults = await call(
      'GET',
      endpoints.listGroupDefaultWorkApps.path(groups.engineering.id),
    );
    expect(
      z
        .array(WorkApp)
        .parse(defaults.json())
        .map((a) => a.name),
    ).toContain('GitHub');
    const hidden = await call('GET', endpoints.listGroupHiddenWorkApps.path(groups.engineering.id));
    expect(
      z
        .array(WorkApp)
        .parse(hidden.json())
        .map((a) => a.name),
    ).toEqual(['Salesforce']);
  });

  it('adds a member once; refuses a second add, an unknown user or group', async () => {
    const path = endpoints.addGroupMember.path(groups.design.id);
    const added = await call('POST', path, { body: { userId: users.grace.id } });
    expect(added.status).toBe(201);
    expect(User.parse(added.json()).id).toBe(users.grace.id);
    expect(sb.state.group(groups.design.id).memberIds.has(users.grace.id)).toBe(true);
    expectProblem(await call('POST', path, { body: { userId: users.grace.id } }), 409);
    expectProblem(await call('POST', path, { body: { userId: randomUUID() } }), 422);
    expectProblem(await call('POST', path, { body: { user: users.grace.id } }), 400);
    const unknownGroup = endpoints.addGroupMember.path(randomUUID());
    expectProblem(await call('POST', unknownGroup, { body: { userId: users.grace.id } }), 404);
  });

  it('removes a member, then answers 404 for a user who is not one', async () => {
    const path = endpoints.removeGroupMember.path(groups.finance.id, users.frances.id);
    const removed = await call('DELETE', path);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect(sb.state.group(groups.finance.id).memberIds.has(users.frances.id)).toBe(false);
    expectProblem(await call('DELETE', path), 404);
  });
});

describe('pagination', () => {
  it('pages the users two at a time, following links.next exactly until it is null', async () => {
    const { items, pages } = await collect(endpoints.listUsers.path(), User);
    expect(items).toHaveLength(12);
    expect(new Set(items.map((u) => u.id)).size).toBe(12);
    expect(pages).toHaveLength(6);
    for (const page of pages.slice(1)) {
      expect(page.startsWith(`${sb.url}/users?`)).toBe(true);
    }
    const followed = sb.requests.filter((r) => r.path === '/api/v1/users').slice(-6);
    expect(followed.map((r) => sb.origin + r.url)).toEqual(pages);
    for (const request of followed) {
      expect(request.headers['x-api-key']).toBe(sb.apiKey);
      expect(request.headers['x-api-secret']).toBe(sb.apiSecret);
    }
  });

  it('gives the same page again for links.self', async () => {
    const first = pageOf(User).parse((await call('GET', 'users')).json());
    const nextUrl = first.links!.next!;
    const once = (await call('GET', nextUrl.slice(sb.origin.length))).json();
    const again = (await call('GET', nextUrl.slice(sb.origin.length))).json();
    expect(again).toEqual(once);
  });

  it('refuses an unknown cursor and a cursor of another query', async () => {
    expectProblem(await call('GET', 'users?cursor=made-up'), 400);
    const first = pageOf(User).parse((await call('GET', 'users')).json());
    const cursor = new URL(first.links!.next!).searchParams.get('cursor');
    expectProblem(await call('GET', `WorkApps?cursor=${cursor}`), 400);
  });

  it('pages WorkApps and their accesses', async () => {
    const apps = await collect(endpoints.listWorkApps.path(), WorkApp);
    expect(apps.items.map((a) => a.name)).toEqual([
      'AWS Console',
      'Figma',
      'GitHub',
      'Google Workspace',
      'Jira',
      'Salesforce',
    ]);
    const accesses = await collect(
      endpoints.listWorkAppAccesses.path(workApps.github.id),
      z.looseObject({ workAppId: z.literal(workApps.github.id), userId: z.string() }),
    );
    expect(accesses.pages.length).toBeGreaterThan(1);
    expect(accesses.items.map((a) => a.userId)).toContain(users.ada.id);
  });
});

describe('custom fields (spec 4.1)', () => {
  const app = workApps.github;
  const path = endpoints.updateCustomFields.path(app.id);
  const fields = async () => {
    const res = await call('GET', endpoints.listCustomFields.path(app.id));
    const list = z.array(CustomField).parse(res.json());
    return Object.fromEntries(list.map((f) => [f.id, f.value]));
  };

  it('lists the definitions with their values, null when unset', async () => {
    const res = await call('GET', endpoints.listCustomFields.path(workApps.figma.id));
    expect(z.array(CustomField).parse(res.json())).toEqual([
      { id: workApps.figma.fields.costCenter.id, name: 'Cost center', value: null },
      { id: workApps.figma.fields.ownerTeam.id, name: 'Owner team', value: 'Design' },
      { id: workApps.figma.fields.dataClassification.id, name: 'Data classification', value: null },
      { id: workApps.figma.fields.sensitive.id, name: 'Sensitive', value: null },
      { id: workApps.figma.fields.owners.id, name: 'Owners', value: users.margaret.email },
    ]);
  });

  it('rule 1: a successful update answers 204 with no body', async () => {
    const res = await call('PATCH', path, {
      body: { customFields: [{ id: app.fields.costCenter.id, value: 'CC-9000' }] },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.get('content-type')).toBeNull();
    expect((await fields())[app.fields.costCenter.id]).toBe('CC-9000');
  });

  it('rule 2: a null value removes the value', async () => {
    const res = await call('PATCH', path, {
      body: { customFields: [{ id: app.fields.ownerTeam.id, value: null }] },
    });
    expect(res.status).toBe(204);
    const after = await fields();
    expect(after[app.fields.ownerTeam.id]).toBeNull();
    expect(after[app.fields.costCenter.id]).toBe('CC-9000');
  });

  it.each([
    ['an item has no id', { customFields: [{ value: 'x' }] }],
    ['an id is not a uuid', { customFields: [{ id: 'cost-center', value: 'x' }] }],
    [
      'an item has another property',
      { customFields: [{ id: randomUUID(), value: 'x', name: 'n' }] },
    ],
    ['the body has another property', { customFields: [], workAppId: app.id }],
    ['customFields is missing', {}],
  ])('rule 3: answers 400 with problem details when %s, changing nothing', async (_, body) => {
    const before = await fields();
    expectProblem(await call('PATCH', path, { body }), 400);
    expect(await fields()).toEqual(before);
  });

  it('answers 400 naming a uuid that is not a field of the app, and applies no item', async () => {
    const foreign = workApps.aws.fields.costCenter.id;
    const before = await fields();
    const res = await call('PATCH', path, {
      body: {
        customFields: [
          { id: app.fields.dataClassification.id, value: 'Public' },
          { id: foreign, value: 'x' },
        ],
      },
    });
    expect(expectProblem(res, 400).detail).toContain(foreign);
    expect(await fields()).toEqual(before);
  });

  it('answers 404 for an unknown WorkApp', async () => {
    const res = await call('PATCH', endpoints.updateCustomFields.path(randomUUID()), {
      body: { customFields: [] },
    });
    expectProblem(res, 404);
  });

  it('accepts text/json and application/*+json, refuses other media types (415)', async () => {
    const body = JSON.stringify({
      customFields: [{ id: app.fields.costCenter.id, value: 'CC-1' }],
    });
    const as = (type: string) => call('PATCH', path, { body, headers: { 'content-type': type } });
    expect((await as('text/json')).status).toBe(204);
    expect((await as('application/merge-patch+json; charset=utf-8')).status).toBe(204);
    expect((await fields())[app.fields.costCenter.id]).toBe('CC-1');
    expectProblem(await as('text/plain'), 415);
    expectProblem(await as('application/x-www-form-urlencoded'), 415);
  });
});

describe('permission levels and policies', () => {
  it('lists the levels of GitHub in order', async () => {
    const res = await call('GET', endpoints.listPermissionLevels.path(workApps.github.id));
    expect(
      z
        .array(PermissionLevel)
        .parse(res.json())
        .map((l) => l.name),
    ).toEqual(['Read', 'Write', 'Admin']);
  });

  it('lists the policies compatible with a request type, and 404 for an unknown type', async () => {
    const res = await call('GET', endpoints.listCompatiblePolicies.path('AccessRequest'));
    const list = z.array(Policy.extend({ approverIds: z.array(z.string()) })).parse(res.json());
    expect(list.every((p) => p.requestType === 'AccessRequest')).toBe(true);
    const leads = list.find((p) => p.id === policies.engineeringLeads.id);
    expect(leads?.approverIds).toEqual([users.ada.id, users.alan.id]);
    expectProblem(await call('GET', endpoints.listCompatiblePolicies.path('Coffee')), 404);
  });

  it('sets the policy of a WorkApp, which then decides who approves its requests', async () => {
    const set = endpoints.setWorkAppPolicy.path(workApps.jira.id, 'AccessRequest');
    const res = await call('PUT', set, { body: { policyId: policies.itAdmins.id } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const access = sb.state.createAccessRequest({
      workAppId: workApps.jira.id,
      userId: users.frances.id,
    });
    expect(access.taskIds.map((id) => sb.state.task(id).assigneeId).sort()).toEqual(
      [users.ken.id, users.radia.id].sort(),
    );
  });

  it('lets a permission level policy override the WorkApp policy', async () => {
    const { id, levels } = workApps.figma;
    const set = endpoints.setPermissionLevelPolicy.path(id, levels.editor.id, 'AccessRequest');
    expect((await call('PUT', set, { body: { policyId: policies.cloudOwners.id } })).status).toBe(
      204,
    );
    const editor = sb.state.createAccessRequest({
      workAppId: id,
      userId: users.grace.id,
      permissionLevelId: levels.editor.id,
    });
    expect(editor.taskIds.map((t) => sb.state.task(t).assigneeId)).toEqual([users.ada.id]);
    const viewer = sb.state.createAccessRequest({
      workAppId: id,
      userId: users.grace.id,
      permissionLevelId: levels.viewer.id,
    });
    expect(viewer.taskIds.map((t) => sb.state.task(t).assigneeId).sort()).toEqual(
      [users.margaret.id, users.tim.id].sort(),
    );
  });

  it('answers 404 for an unknown app, level or request type, 422 for a wrong policy', async () => {
    const body = { policyId: policies.engineeringLeads.id };
    const { github } = workApps;
    const put = (path: string, b: unknown = body) => call('PUT', path, { body: b });
    expectProblem(await put(endpoints.setWorkAppPolicy.path(randomUUID(), 'AccessRequest')), 404);
    expectProblem(await put(endpoints.setWorkAppPolicy.path(github.id, 'Coffee')), 404);
    const level = endpoints.setPermissionLevelPolicy.path(github.id, randomUUID(), 'AccessRequest');
    expectProblem(await put(level), 404);
    const app = endpoints.setWorkAppPolicy.path(github.id, 'AccessRequest');
    expectProblem(await put(app, { policyId: randomUUID() }), 422);
    const review = await put(app, { policyId: policies.accessReviewers.id });
    expect(expectProblem(review, 422).detail).toContain('EntitlementReview');
    expectProblem(await put(app, { policyId: 42 }), 400);
    expect(sb.state.workApp(github.id).policyIds.get('AccessRequest')).toBe(
      policies.engineeringLeads.id,
    );
  });
});
