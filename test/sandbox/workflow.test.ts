/**
 * The sandbox's tasks and approval workflow: seeded tasks, listing and filtering, approve and
 * decline, access requests with sibling tasks, decisions taken outside the bot, events.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '../../src/access/endpoints.ts';
import { Access, ProblemDetails, pageOf, Task, taskFacts } from '../../src/access/schemas.ts';
import type { TaskRecord } from '../../src/sandbox/model.ts';
import {
  accesses,
  graceJustification,
  requests,
  tasks,
  users,
  workApps,
} from '../../src/sandbox/seed.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.ts';
import { callSandbox } from '../helpers/http.ts';

const clock = new Date('2025-06-02T09:00:00.000Z');
let sb: Sandbox;
const created: TaskRecord[] = [];
const decided: TaskRecord[] = [];
beforeAll(async () => {
  sb = await startSandbox({ pageSize: 3, now: () => clock });
  sb.state.on('taskCreated', (task) => created.push(task));
  sb.state.on('taskDecided', (task) => decided.push(task));
});
afterAll(() => sb.close());

const call = (method: string, path: string, body?: unknown) => callSandbox(sb, method, path, body);

const problemOf = (res: Awaited<ReturnType<typeof call>>, status: number) => {
  expect(res.status).toBe(status);
  return ProblemDetails.parse(res.json());
};

/** All of a user's tasks through the API, following links.next. */
async function tasksOf(userId: string, status?: string, param = 'status') {
  const found: Task[] = [];
  const query = new URLSearchParams({ userId, ...(status && { [param]: status }) });
  let next: string | null | undefined = `${sb.url}/${endpoints.listTasks.path()}?${query}`;
  while (next) {
    const res = await call('GET', next.slice(sb.origin.length));
    expect(res.status).toBe(200);
    const page = pageOf(Task).parse(res.json());
    found.push(...page.data);
    next = page.links?.next;
  }
  return found;
}

const getTask = async (id: string) =>
  Task.parse((await call('GET', endpoints.getTask.path(id))).json());

describe('seeded tasks', () => {
  it('has exactly three pending tasks for Ada, one of each type, oldest first', async () => {
    const pending = await tasksOf(users.ada.id, 'Pending');
    expect(pending.map((t) => t.id)).toEqual([
      tasks.adaDennisAwsReview,
      tasks.adaGraceGithubWrite,
      tasks.adaEdsgerOffboarding,
    ]);
    expect(pending.map((t) => t.type)).toEqual([
      'EntitlementReview',
      'AccessRequest',
      'OffboardingStep',
    ]);
    expect(pending.every((t) => t.assigneeId === users.ada.id)).toBe(true);
  });

  it("describes Grace's GitHub Write request with every documented key", async () => {
    const facts = taskFacts(await getTask(tasks.adaGraceGithubWrite));
    expect(facts).toEqual({
      workAppId: workApps.github.id,
      workAppName: 'GitHub',
      permissionLevelId: workApps.github.levels.write.id,
      permissionLevelName: 'Write',
      userId: users.grace.id,
      userDisplayName: 'Grace Hopper',
      requestedBy: users.grace.id,
      requestedByName: 'Grace Hopper',
      justification: graceJustification,
      accessId: requests.graceGithubWrite,
      createdAt: new Date(clock.getTime() - 3 * 3_600_000).toISOString(),
    });
  });

  it('filters by status and lists only the tasks assigned to the user', async () => {
    const approved = await tasksOf(users.ada.id, 'Approved');
    expect(approved.map((t) => t.id)).toEqual([tasks.adaAlanAwsReadOnly]);
    expect(taskFacts(approved[0]!).decidedByName).toBe('Ada Lovelace');
    const all = await tasksOf(users.ada.id);
    expect(all).toHaveLength(4);
    const declined = await tasksOf(users.margaret.id, 'Declined');
    expect(declined.map((t) => [t.id, taskFacts(t).decidedByName])).toEqual([
      [tasks.margaretKenFigmaViewer, 'Tim Berners-Lee'],
    ]);
    expect(await tasksOf(users.ada.id, 'Unknown')).toEqual([]);
  });

  it('needs userId, and answers 404 for an unknown task', async () => {
    problemOf(await call('GET', endpoints.listTasks.path()), 400);
    problemOf(await call('GET', endpoints.getTask.path(randomUUID())), 404);
  });

  it('filters with the status parameter name it was given', async () => {
    const other = await startSandbox({
      statusParam: 'taskStatus',
      apiKey: sb.apiKey,
      apiSecret: sb.apiSecret,
    });
    try {
      const query = (q: string) =>
        fetch(`${other.url}/Tasks?userId=${users.ada.id}&${q}`, {
          headers: { 'x-api-key': other.apiKey, 'x-api-secret': other.apiSecret },
        }).then(async (r) => pageOf(Task).parse(await r.json()).data);
      expect(await query('taskStatus=Approved')).toHaveLength(1);
      expect(await query('status=Approved')).toHaveLength(4);
    } finally {
      await other.close();
    }
  });
});

describe('access requests', () => {
  const github = workApps.github;
  let accessId = '';

  it('creates the access and opens one Pending task per approver of the policy', async () => {
    const res = await call('POST', endpoints.createAccess.path(), {
      workAppId: github.id,
      userId: users.katherine.id,
      permissionLevelId: github.levels.read.id,
      justification: 'Read the billing service code.',
    });
    expect(res.status).toBe(201);
    const access = Access.extend({ taskIds: z.array(z.string()), createdAt: z.string() }).parse(
      res.json(),
    );
    expect(access).toMatchObject({
      workAppId: github.id,
      userId: users.katherine.id,
      permissionLevelId: github.levels.read.id,
      status: 'Pending',
      justification: 'Read the billing service code.',
      createdAt: clock.toISOString(),
    });
    accessId = access.id;
    const opened = await Promise.all(access.taskIds.map(getTask));
    expect(opened.map((t) => t.assigneeId).sort()).toEqual([users.ada.id, users.alan.id].sort());
    for (const task of opened) {
      expect(task).toMatchObject({ type: 'AccessRequest', status: 'Pending' });
      expect(taskFacts(task)).toMatchObject({ accessId, requestedByName: 'Katherine Johnson' });
    }
    expect(created.filter((t) => t.metadata.accessId === accessId)).toHaveLength(2);
  });

  it('refuses a second pending request for the same user, app and level with 409', async () => {
    const again = await call('POST', endpoints.createAccess.path(), {
      workAppId: github.id,
      userId: users.katherine.id,
      permissionLevelId: github.levels.read.id,
    });
    expect(problemOf(again, 409).detail).toContain('GitHub Read');
  });

  it('decides the sibling tasks with the first decision, in the name of who decided', async () => {
    const access = sb.state.accesses.get(accessId)!;
    const alans = access.taskIds.find((id) => sb.state.task(id).assigneeId === users.alan.id)!;
    const adas = access.taskIds.find((id) => id !== alans)!;
    const res = await call('POST', endpoints.approveTask.path(alans), {});
    expect(res.status).toBe(200);
    expect(Task.parse(res.json())).toMatchObject({ id: alans, status: 'Approved' });
    const sibling = await getTask(adas);
    expect(sibling.status).toBe('Approved');
    expect(taskFacts(sibling)).toMatchObject({
      decidedBy: users.alan.id,
      decidedByName: 'Alan Turing',
      decidedAt: clock.toISOString(),
    });
    expect(
      decided
        .filter((t) => t.metadata.accessId === accessId)
        .map((t) => t.id)
        .sort(),
    ).toEqual([alans, adas].sort());
    const granted = sb.state.accessesOf(github.id).find((a) => a.id === accessId);
    expect(granted?.status).toBe('Approved');
  });

  it('answers 409 to a second decision on either task', async () => {
    const [first, second] = sb.state.accesses.get(accessId)!.taskIds;
    expect(problemOf(await call('POST', endpoints.approveTask.path(first!), {}), 409).detail).toBe(
      `Task ${first} is already Approved`,
    );
    problemOf(await call('POST', endpoints.declineTask.path(second!), { reason: 'late' }), 409);
  });

  it('declines with a reason: 204, the siblings and the access follow', async () => {
    const access = sb.state.createAccessRequest({
      workAppId: workApps.salesforce.id,
      userId: users.grace.id,
    });
    const [one, other] = access.taskIds;
    const res = await call('POST', endpoints.declineTask.path(one!), { reason: 'Not in sales.' });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    for (const id of [one!, other!]) {
      expect(taskFacts(await getTask(id))).toMatchObject({ reason: 'Not in sales.' });
      expect((await getTask(id)).status).toBe('Declined');
    }
    expect(sb.state.accesses.get(access.id)?.status).toBe('Declined');
  });

  it('takes an empty body to approve or decline, and refuses a bad one unhandled', async () => {
    const access = sb.state.createAccessRequest({
      workAppId: workApps.jira.id,
      userId: users.radia.id,
    });
    const [id] = access.taskIds;
    problemOf(await call('POST', endpoints.approveTask.path(id!), { note: 'x' }), 400);
    problemOf(
      await call('POST', endpoints.declineTask.path(id!), { reason: 'x'.repeat(2001) }),
      400,
    );
    expect(sb.state.task(id!).status).toBe('Pending');
    expect((await call('POST', endpoints.declineTask.path(id!))).status).toBe(204);
    expect(sb.state.task(id!).metadata.reason).toBeUndefined();
    const next = sb.state.createAccessRequest({
      workAppId: workApps.jira.id,
      userId: users.radia.id,
    });
    expect((await call('POST', endpoints.approveTask.path(next.taskIds[0]!))).status).toBe(200);
  });

  it('opens a task for the requester only when they are the only approver', async () => {
    const own = sb.state.createAccessRequest({
      workAppId: github.id,
      userId: users.ada.id,
      permissionLevelId: github.levels.write.id,
    });
    expect(own.taskIds.map((id) => sb.state.task(id).assigneeId)).toEqual([users.alan.id]);
    const only = sb.state.createAccessRequest({ workAppId: workApps.aws.id, userId: users.ada.id });
    expect(only.taskIds.map((id) => sb.state.task(id).assigneeId)).toEqual([users.ada.id]);
  });

  it('answers 422 for unknown references, 400 for a bad body', async () => {
    const post = (body: unknown) => call('POST', endpoints.createAccess.path(), body);
    problemOf(await post({ workAppId: randomUUID(), userId: users.grace.id }), 422);
    problemOf(await post({ workAppId: github.id, userId: randomUUID() }), 422);
    problemOf(
      await post({ workAppId: github.id, userId: users.grace.id, permissionLevelId: randomUUID() }),
      422,
    );
    problemOf(await post({ workAppId: github.id, userId: users.grace.id, extra: 1 }), 400);
    problemOf(await post({ userId: users.grace.id }), 400);
    problemOf(await call('POST', endpoints.createAccess.path()), 400);
  });

  it('answers 422 when the app has no approval policy, leaving no access behind', async () => {
    const appId = randomUUID();
    sb.state.addWorkApp({ id: appId, name: 'Notion', description: 'Wiki' }, [], []);
    const before = sb.state.accesses.size;
    const res = await call('POST', endpoints.createAccess.path(), {
      workAppId: appId,
      userId: users.grace.id,
    });
    expect(problemOf(res, 422).detail).toContain('Notion');
    expect(sb.state.accesses.size).toBe(before);
  });
});

describe('decisions outside the bot', () => {
  it("shows Alan's approval of Grace's request on Ada's task and grants the access", async () => {
    const task = sb.state.decideTask(tasks.alanGraceGithubWrite, 'Approved', users.alan.id);
    expect(task.status).toBe('Approved');
    const adas = await getTask(tasks.adaGraceGithubWrite);
    expect(adas.status).toBe('Approved');
    expect(taskFacts(adas).decidedByName).toBe('Alan Turing');
    expect(sb.state.accesses.get(requests.graceGithubWrite)?.status).toBe('Approved');
  });

  it('revokes the access when a review is declined', () => {
    sb.state.decideTask(
      tasks.adaDennisAwsReview,
      'Declined',
      users.ada.id,
      'No longer on the platform team',
    );
    expect(sb.state.accesses.get(accesses.dennisAwsPowerUser)?.status).toBe('Revoked');
  });

  it("revokes the leaver's access when an offboarding step is approved", () => {
    const before = [...sb.state.accesses.values()].filter(
      (a) => a.userId === users.edsger.id && a.workAppId === workApps.github.id,
    );
    expect(before.map((a) => a.status)).toEqual(['Approved']);
    sb.state.decideTask(tasks.adaEdsgerOffboarding, 'Approved', users.ada.id);
    expect(before.map((a) => sb.state.accesses.get(a.id)?.status)).toEqual(['Revoked']);
  });

  it('tells who decided and why on the task, and refuses a second decision with 409', async () => {
    const id = tasks.margaretTimFigmaEditor;
    const reason = 'Use the shared library instead.';
    sb.state.decideTask(id, 'Declined', users.margaret.id, reason);
    const read = await getTask(id);
    expect(read.status).toBe('Declined');
    expect(taskFacts(read)).toMatchObject({ decidedByName: 'Margaret Hamilton', reason });
    problemOf(await call('POST', endpoints.approveTask.path(id), {}), 409);
    problemOf(await call('GET', endpoints.getTask.path(randomUUID())), 404);
  });

  it('refuses an unknown decider', () => {
    expect(() =>
      sb.state.decideTask(tasks.dennisBarbaraJiraAdmin, 'Approved', randomUUID()),
    ).toThrow(expect.objectContaining({ code: 'SANDBOX_UNPROCESSABLE' }));
    expect(sb.state.task(tasks.dennisBarbaraJiraAdmin).status).toBe('Pending');
  });
});

describe('state helpers', () => {
  it('finds users by e-mail case-insensitively', () => {
    expect(sb.state.findUserByEmail('ADA.Lovelace@Example.com')?.id).toBe(users.ada.id);
    expect(sb.state.findUserByEmail('nobody@example.com')).toBeUndefined();
  });

  it('lists tasks with tasksFor like the API does', async () => {
    expect(sb.state.tasksFor(users.frances.id, 'Pending').map((t) => t.id)).toEqual(
      (await tasksOf(users.frances.id, 'Pending')).map((t) => t.id),
    );
  });

  it('starts empty without the seed', async () => {
    const empty = await startSandbox({ seed: false });
    try {
      const res = await fetch(`${empty.url}/users`, {
        headers: { 'x-api-key': empty.apiKey, 'x-api-secret': empty.apiSecret },
      });
      expect(await res.json()).toEqual({
        data: [],
        links: { self: `${empty.url}/users`, next: null },
      });
      expect(empty.state.tasks.size).toBe(0);
    } finally {
      await empty.close();
    }
  });
});
