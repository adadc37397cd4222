/**
 * Which applications are sensitive, read from the sandbox: the field's values (anything but a
 * clear no is yes), the applications listed by name or id, one read per application for five
 * minutes on the caller's clock, and `unknown` — which asks for the confirmation — when the field
 * cannot be read. Also the settings that configure it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config.ts';
import { confirmationCode, SensitiveApps } from '../../src/core/sensitivity.ts';
import { tasks, workApps } from '../../src/sandbox/seed.ts';
import { captureLog } from '../helpers/bot.ts';
import { useSandbox } from '../helpers/sandbox.ts';

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

function sensitiveApps(config: ConstructorParameters<typeof SensitiveApps>[1], now = Date.now) {
  return new SensitiveApps(sandbox.client, config, captureLog().log, now);
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
    let now = Date.UTC(2026, 10, 22);
    const apps = sensitiveApps({ field: 'Sensitive' }, () => now);
    const app = appWith('yes');
    const reads = fieldReads();
    await Promise.all([apps.of(app), apps.of(app), apps.of(app)]);
    now += 4 * 60_000;
    await apps.of(app);
    expect(fieldReads()).toBe(reads + 1);
    now += 2 * 60_000;
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

  it('takes a confirmation code bound to the task, application, level and person', async () => {
    const task = await sandbox.client.getTask(tasks.adaGraceGithubWrite);
    const code = confirmationCode(task);
    expect(code).toMatch(/^[0-9a-f]{6}$/);
    expect(confirmationCode({ ...task })).toBe(code);
    const otherLevel = { ...task.target, permissionLevelId: workApps.github.levels.admin.id };
    expect(confirmationCode({ ...task, target: otherLevel })).not.toBe(code);
    expect(confirmationCode({ ...task, id: tasks.alanGraceGithubWrite })).not.toBe(code);
  });
});

describe('its settings', () => {
  it('read the field named by SENSITIVE_FIELD (Sensitive unless set) and the apps of SENSITIVE_APPS', () => {
    expect(loadConfig({}).sensitive).toEqual({ field: 'Sensitive', apps: [] });
    const set = loadConfig({ SENSITIVE_FIELD: 'Risk', SENSITIVE_APPS: 'Payroll, AWS Console,,' });
    expect(set.sensitive).toEqual({ field: 'Risk', apps: ['Payroll', 'AWS Console'] });
    expect(loadConfig({ DECISION_CONTEXT_WAIT: '500ms' }).contextWaitMs).toBe(500);
    expect(() => loadConfig({ DECISION_CONTEXT_WAIT: 'soon' })).toThrow(/DECISION_CONTEXT_WAIT/);
  });
});
