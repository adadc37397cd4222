/**
 * Which applications are sensitive, read from the sandbox: the field's values (anything but a
 * clear no is yes), the applications listed by name or id, one read per application for five
 * minutes on the caller's clock, and `unknown` — which asks for the confirmation — when the field
 * cannot be read. Also the settings that configure it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../../src/access/schemas.ts';
import { loadConfig } from '../../../src/app/config.ts';
import { SensitiveApps } from '../../../src/core/apps/sensitivity.ts';
import { systemClock } from '../../../src/core/clock.ts';
import { tasks, workApps } from '../../../src/sandbox/seed.ts';
import { openStore } from '../../../src/store/open.ts';
import type { Store } from '../../../src/store/store.ts';
import { captureLog } from '../../helpers/bot.ts';
import { useSandbox } from '../../helpers/sandbox.ts';
import { FakeClock } from '../../poller/fakes.ts';

const sandbox = useSandbox();

function appWith(value: string | null, name = 'Sensitive') {
  const id = randomUUID();
  sandbox.current.state.addWorkApp(
    { id, name: `App ${id}`, description: '' },
    [],
    [{ id: randomUUID(), name, value }],
  );
  return { id, name: `App ${id}` };
}

let store: Store;
beforeAll(async () => {
  store = await openStore('sqlite::memory:');
});
afterAll(() => store.close());

function sensitiveApps(
  config: ConstructorParameters<typeof SensitiveApps>[2],
  clock = systemClock,
) {
  return new SensitiveApps(sandbox.client, store, config, captureLog().log, clock);
}

const fieldReads = () =>
  sandbox.current.requests.filter((r) => r.path.endsWith('/CustomFields')).length;

describe('a sensitive application', () => {
  it('is one whose field holds anything but a clear no', async () => {
    const apps = sensitiveApps({ field: 'sensitive' });
    const said: Record<string, string> = {};
    for (const value of [
      'yes',
      'TRUE',
      'high',
      'PII',
      ' 1 ',
      'no',
      'False',
      '0',
      'off',
      'None',
      '',
    ]) {
      said[value] = await apps.of(appWith(value));
    }
    expect(said).toEqual({
      yes: 'yes',
      TRUE: 'yes',
      high: 'yes',
      PII: 'yes',
      ' 1 ': 'yes',
      no: 'no',
      False: 'no',
      '0': 'no',
      off: 'no',
      None: 'no',
      '': 'no',
    });
    expect(await apps.of(appWith(null))).toBe('no');
    expect(await apps.of(appWith('yes', 'Cost center'))).toBe('no');
    expect(await apps.of({ id: workApps.aws.id })).toBe('yes');
  });

  it('is one listed by name, in any case, or by id, with no request at all', async () => {
    const apps = sensitiveApps({ apps: ['github', workApps.figma.id] });
    const before = sandbox.current.requests.length;
    expect(await apps.of({ id: workApps.github.id, name: 'GitHub' })).toBe('yes');
    expect(await apps.of({ id: workApps.figma.id })).toBe('yes');
    expect(await apps.of({ id: workApps.aws.id, name: 'AWS Console' })).toBe('no');
    expect(sandbox.current.requests.length).toBe(before);
  });

  it('is read once per application for five minutes of the caller’s clock', async () => {
    const clock = new FakeClock();
    const apps = sensitiveApps({ field: 'Sensitive' }, clock);
    const app = appWith('yes');
    const reads = fieldReads();
    await Promise.all([apps.of(app), apps.of(app), apps.of(app)]);
    clock.advance(4 * 60_000);
    await apps.of(app);
    expect(fieldReads()).toBe(reads + 1);
    clock.advance(2 * 60_000);
    await apps.of(app);
    expect(fieldReads()).toBe(reads + 2);
  });

  it('is unknown when the field cannot be read, and read again the next time', async () => {
    const apps = sensitiveApps({ field: 'Sensitive' });
    const app = appWith('no');
    const failing = sandbox.current.faults.failWhere((_m, path) => path.endsWith('/CustomFields'));
    expect(await apps.of(app)).toBe('unknown');
    failing.stop();
    expect(await apps.of(app)).toBe('no');
  });

  it('is unknown for a task type not known to grant nothing, or an application it does not identify', async () => {
    const apps = sensitiveApps({ field: 'Sensitive' });
    const task = await sandbox.client.getTask(tasks.adaGraceGithubWrite);
    const { workAppId: _id, ...byName } = task.target;
    const said = async (changed: Partial<Task>) => {
      const t = { ...task, ...changed };
      return [await apps.ofTask(t), apps.knownOfTask(t)];
    };
    // The service names the type otherwise, or gives the application by name only: asked.
    expect(await said({ type: 'Access Request' })).toEqual(['unknown', 'unknown']);
    expect(await said({ type: 'PrivilegeGrant' })).toEqual(['unknown', 'unknown']);
    expect(await said({ target: byName })).toEqual(['unknown', 'unknown']);
    expect(await said({ target: {} })).toEqual(['unknown', 'unknown']);
    // Types known to grant nothing stay one step.
    expect(await said({ type: 'EntitlementReview' })).toEqual(['no', 'no']);
    expect(await said({ type: 'OffboardingStep' })).toEqual(['no', 'no']);
    // An application listed by name is sensitive, however the task is shaped.
    const listed = sensitiveApps({ apps: ['GitHub'] });
    expect(await listed.ofTask({ ...task, type: 'Access Request', target: byName })).toBe('yes');
  });

  it('is unknown once its read passes its own deadline, which stops the read and its retries', async () => {
    const deadline = new AbortController();
    const apps = sensitiveApps({ field: 'Sensitive', deadline: () => deadline.signal });
    const app = appWith('no');
    const reads = () =>
      sandbox.current.requests.filter((r) => r.path.endsWith(`/WorkApps/${app.id}/CustomFields`));
    const hanging = sandbox.current.faults.hold((_m, path) => path.endsWith('/CustomFields'));
    const asked = apps.of(app);
    await vi.waitFor(() => expect(hanging.waiting()).toBe(1), { timeout: 15_000 });
    deadline.abort();
    expect(await asked).toBe('unknown');
    hanging.release();
    expect(reads()).toHaveLength(1);
    // The next approval reads it again, within a deadline of its own.
    const next = sensitiveApps({ field: 'Sensitive' });
    expect(await next.of(app)).toBe('no');
  });
});

describe('its settings', () => {
  it('read the field named by SENSITIVE_FIELD (Sensitive unless set) and the apps of SENSITIVE_APPS', () => {
    expect(loadConfig({}).sensitive).toEqual({ field: 'Sensitive', apps: [], checkWithinMs: 3000 });
    const set = loadConfig({
      SENSITIVE_FIELD: 'Risk',
      SENSITIVE_APPS: 'Payroll, AWS Console,,',
      SENSITIVE_CHECK_TIMEOUT: '1.5s',
    });
    expect(set.sensitive).toEqual({
      field: 'Risk',
      apps: ['Payroll', 'AWS Console'],
      checkWithinMs: 1500,
    });
    for (const wrong of ['5s', '0', 'soon']) {
      expect(() => loadConfig({ SENSITIVE_CHECK_TIMEOUT: wrong })).toThrow(
        /SENSITIVE_CHECK_TIMEOUT must be/,
      );
    }
    expect(loadConfig({ DECISION_CONTEXT_WAIT: '500ms' }).contextWaitMs).toBe(500);
    expect(() => loadConfig({ DECISION_CONTEXT_WAIT: 'soon' })).toThrow(/DECISION_CONTEXT_WAIT/);
  });
});
