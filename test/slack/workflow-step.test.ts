/**
 * Slack's Workflow Builder step "Request application access", end to end: Slack's own
 * `function_executed` payloads signed and sent to the real Bolt app, the real poller completing
 * the run through the outbox against the fake Web API, the sandbox as the Access Service, and a
 * fake clock. The run files the request as `request` does and completes once, when it is decided;
 * what its author must fix ends it at once, in words they can act on.
 */
import { describe, expect, it, vi } from 'vitest';
import { STRANDED_AFTER_MS } from '../../src/core/workflow/outcome.ts';
import { users, workApps } from '../../src/sandbox/seed.ts';
import { sendEvent, stepExecuted } from '../fakes/slack-payloads.ts';
import { eachWorld, graceTaskOf, slackWorld } from '../helpers/requester-world.ts';

type World = Awaited<ReturnType<typeof slackWorld>>;
const world = eachWorld(slackWorld);
const start = () => world({ bot: { groups: { onBehalfGroup: 'Security' } } }) as Promise<World>;

let runs = 0;
const inputsOf = (more: Record<string, string>) => ({
  person: 'U-GRACE',
  filed_by: 'U-GRACE',
  justification: JUSTIFICATION,
  ...more,
});

/** Runs the step; resolves once the event is acknowledged. */
async function run(w: World, inputs: Record<string, string>, executionId = `Fx-${++runs}`) {
  const sent = await sendEvent(w.url, stepExecuted(executionId, inputsOf(inputs)));
  expect(sent.status).toBe(200);
  return executionId;
}

const completionOf = (w: World, id: string) => w.fake.waitFor(() => w.fake.completed.get(id));
const completionCalls = (w: World, id: string) =>
  w.fake.calls.filter(
    (c) => c.method.startsWith('functions.complete') && c.args.function_execution_id === id,
  );
const JUSTIFICATION = 'Onboarding: the design system repository';
/** The accesses the runs asked for, as the service keeps them. */
const accessesCreated = (w: World) =>
  [...w.sandbox.state.accesses.values()].filter((a) => a.justification === JUSTIFICATION);

/** Once the run has filed its request (and waits for its decision): the request's access id. */
function filed(w: World, executionId: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const runs = await w.store.workflowRunsFiling(accessesCreated(w).map((a) => a.id));
      const run = runs.find((r) => r.executionId === executionId);
      if (!run?.accessId) throw new Error(`${executionId} has filed nothing yet`);
      return run.accessId;
    },
    { timeout: 30_000, interval: 10 },
  );
}

describe('the "Request application access" workflow step', () => {
  it('files the request as `request` does and completes once, when it is approved', async () => {
    const w = await start();
    const id = await run(w, { application: 'GitHub', permission_level: 'Read' });
    const accessId = await filed(w, id);
    expect(accessesCreated(w)).toEqual([
      expect.objectContaining({
        workAppId: workApps.github.id,
        userId: users.grace.id,
        permissionLevelId: workApps.github.levels.read.id,
      }),
    ]);
    // The approvers' cards go out as for any request; the run waits for the decision.
    await w.sweep();
    await w.waitFor('ada', (m) => m.includes('GitHub') && m.includes('Onboarding'));
    expect(completionCalls(w, id)).toEqual([]);

    const taskId = graceTaskOf(w, 'read', 'ada');
    expect(await w.say('ada', `approve ${taskId}`)).toContain('Approved');
    await w.sweep();
    const done = await completionOf(w, id);
    expect(done).toEqual({
      outputs: { outcome: 'approved', decided_by: 'Ada Lovelace', request: accessId },
    });
    // More polls, and Slack sending the same run again, change nothing.
    await run(w, { application: 'GitHub', permission_level: 'Read' }, id);
    await w.sweep();
    await w.sweep();
    expect(completionCalls(w, id)).toHaveLength(1);
    expect(accessesCreated(w)).toHaveLength(1);
  });

  it('completes a decline with its decider and reason', async () => {
    const w = await start();
    const id = await run(w, { application: 'github', permission_level: 'read' });
    await filed(w, id);
    await w.sweep();
    const taskId = graceTaskOf(w, 'read', 'alan');
    await w.say('alan', `decline ${taskId} -- use the mirror \u202Einstead: https://evil.example`);
    await w.sweep();
    const done = (await completionOf(w, id)) as { outputs: Record<string, string> };
    expect(done.outputs).toMatchObject({ outcome: 'declined', decided_by: 'Alan Turing' });
    // What an approver wrote is data in the workflow too: no bidi trick, no live link.
    expect(done.outputs.reason).toContain('use the mirror');
    expect(done.outputs.reason).not.toContain('\u202E');
    expect(done.outputs.reason).not.toContain('https://');
  });

  it('files for someone else only for a filer REQUEST_ON_BEHALF_GROUP allows', async () => {
    const w = await start();
    // Ada is in Security: filed for Grace, the cards say who filed it.
    const id = await run(w, { application: 'GitHub', permission_level: 'Read', filed_by: 'U-ADA' });
    await filed(w, id);
    // Grace is not: nothing filed, and the workflow says why.
    const refused = await run(w, {
      application: 'Figma',
      permission_level: 'Viewer',
      person: 'U-ALAN',
    });
    const done = await completionOf(w, refused);
    expect(done).toEqual({ error: expect.stringContaining('only for yourself') });
    expect(accessesCreated(w)).toHaveLength(1);
    const entries = await w.store.listAudit({ limit: 10 });
    expect(entries.map((e) => e.outcome)).toEqual(expect.arrayContaining(['filed', 'not_allowed']));
  });

  it('ends at once with what the author must fix, filing nothing', async () => {
    const w = await start();
    const cases: Array<[Record<string, string>, string]> = [
      [{ application: 'Photoshop' }, 'I found no application called "Photoshop"'],
      [
        { application: 'G' },
        '"G" matches several applications: "Figma", "GitHub", and "Google Workspace"',
      ],
      [{ application: 'GitHub' }, 'has several permission levels'],
      [{ application: 'GitHub', permission_level: 'Owner' }, 'GitHub has no permission level'],
      [{ application: 'GitHub', person: 'U-NOBODY' }, 'The person this request is for has no'],
      [{ application: 'GitHub', filed_by: 'U-NOBODY' }, 'Person who used this workflow'],
      [{ application: 'GitHub', justification: ' ' }, 'justification is missing'],
    ];
    for (const [inputs, said] of cases) {
      const id = await run(w, inputs);
      expect(await completionOf(w, id)).toEqual({ error: expect.stringContaining(said) });
    }
    expect(accessesCreated(w)).toEqual([]);
    // Without the person (required in the manifest), the step fails through Bolt, filing nothing.
    const sent = await sendEvent(w.url, stepExecuted('Fx-no-person', { application: 'GitHub' }));
    expect(sent.status).toBe(200);
    expect(await completionOf(w, 'Fx-no-person')).toEqual({
      error: expect.stringContaining('person it is for is missing'),
    });
  });

  it('completes a request the service refuses as not_filed, saying why', async () => {
    const w = await start();
    // Grace's GitHub (Write) request is already pending (seeded).
    const id = await run(w, { application: 'GitHub', permission_level: 'Write' });
    const done = (await completionOf(w, id)) as { outputs: Record<string, string> };
    expect(done.outputs.outcome).toBe('not_filed');
    expect(done.outputs.reason).toContain('already have a pending request');
  });

  it('keeps a completion Slack failed until it lands, and takes "already completed" as done', async () => {
    const w = await start();
    w.fake.fail('functions.completeError', { kind: 'http', status: 500 });
    const id = await run(w, { application: 'Photoshop' });
    // Once the failed try is recorded, it waits for its retry.
    await vi.waitFor(
      async () => {
        const [n] = await w.store.listNotifications({ taskIds: [id] });
        expect(n?.intent?.attempts).toBe(1);
      },
      { timeout: 30_000, interval: 10 },
    );
    expect(w.fake.completed.has(id)).toBe(false);
    // The outbox retries it; the run is completed once.
    w.clock.advance(10_000);
    await w.poller.sweep();
    await completionOf(w, id);
    expect(completionCalls(w, id)).toHaveLength(2);

    // A repeat Slack answers with execution_not_in_running_state ends the intent.
    w.fake.completed.set('Fx-done', { error: 'earlier' });
    await w.poller.workflows.complete(
      { executionId: 'Fx-done', platform: 'slack', accessUserId: users.grace.id },
      { kind: 'error', error: 'again' },
    );
    const [n] = await w.store.listNotifications({ taskIds: ['Fx-done'] });
    expect(n?.intent).toBeNull();
    expect(w.fake.completed.get('Fx-done')).toEqual({ error: 'earlier' });
  });

  it('speaks in the organisation’s DEFAULT_LOCALE, whoever ran the workflow', async () => {
    const w = (await world({
      bot: { voices: { locale: 'de', timeZone: 'Europe/Berlin' } },
    })) as World;
    const id = await run(w, { application: 'Photoshop' });
    expect(await completionOf(w, id)).toEqual({
      error: expect.stringContaining('keine Anwendung namens „Photoshop“'),
    });
  });

  it('ends a run whose replica died while filing, once, saying it may have been filed', async () => {
    const w = await start();
    // Stored, then nothing: the replica that took the event died before the service answered.
    await w.store.startWorkflowRun({
      executionId: 'Fx-died',
      platform: 'slack',
      startedAt: w.clock.now(),
    });
    await w.sweep();
    expect(w.fake.completed.has('Fx-died')).toBe(false);
    w.clock.advance(STRANDED_AFTER_MS);
    await w.sweep();
    await w.sweep();
    expect(await completionOf(w, 'Fx-died')).toEqual({
      error: expect.stringContaining('it may or may not have been filed'),
    });
    expect(completionCalls(w, 'Fx-died')).toHaveLength(1);
  });
});
