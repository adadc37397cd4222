/**
 * Who may see and change what of an application, in the core, against the sandbox: owners named
 * by APP_OWNERS as by the field, secret fields never shown or changed, the owners field kept by
 * admins, what a typed change names (fields, levels, policies), a policy whose answer never came,
 * audit entries with before and after, and the settings that name all this.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/app/config.ts';
import { policies, users, workApps } from '../../../src/sandbox/seed.ts';
import { appWorld } from '../../helpers/app-world.ts';
import { actor } from '../../helpers/bot.ts';
import { useSandbox } from '../../helpers/sandbox.ts';

const sandbox = useSandbox({ pageSize: 2 });
const { jira } = workApps;

const world = (env: Record<string, string> = {}) => appWorld(sandbox.client, env);

const jiraField = (key: keyof typeof jira.fields) =>
  sandbox.current.state.workApp(jira.id).fields.get(jira.fields[key].id)!;

beforeEach(() => {
  sandbox.current.faults.reset();
  sandbox.current.requests.length = 0;
  jiraField('costCenter').value = 'CC-secret-4711';
  jiraField('owners').value = null;
  jiraField('dataClassification').value = null;
});

describe('owners', () => {
  it('are named by APP_OWNERS as by the field: Barbara keeps Jira, Grace may not', async () => {
    const w = await world();
    const card = await w.say('barbara', 'app jira');
    expect(card).toContain('Who has access');
    const asked = await w.say('barbara', 'app set Jira "Data classification" Internal');
    expect(await w.confirm('barbara', asked)).toContain('Done');
    expect(jiraField('dataClassification').value).toBe('Internal');
    expect(await w.say('grace', 'app set Jira "Data classification" Public')).toContain(
      'You may not change Jira.',
    );
  });

  it('are named by a field whose name is set, any of several addresses', async () => {
    const w = await world({ APP_OWNERS_FIELD: 'Owner team' });
    jiraField('ownerTeam').value = `nobody@example.com; ${users.grace.email.toUpperCase()}`;
    try {
      expect(await w.say('grace', 'app jira')).toContain('Who has access');
    } finally {
      jiraField('ownerTeam').value = 'Developer Experience';
    }
  });

  it('do not name owners: the owners field is changed by admins only', async () => {
    const w = await world();
    const owner = await w.say('barbara', `app set Jira Owners ${users.grace.email}`);
    expect(owner).toContain('Only accessbot’s admins may change who owns Jira');
    expect(jiraField('owners').value).toBeNull();
    const admin = await w.say('ken', `app set Jira Owners ${users.grace.email}`);
    expect(await w.confirm('ken', admin)).toContain('Done');
    expect(jiraField('owners').value).toBe(users.grace.email);
    // The field counts at once: Grace now owns Jira.
    expect(await w.say('grace', 'app jira')).toContain('Who has access');
  });
});

describe('a secret field', () => {
  it('is shown to nobody and changed by nobody, admins included', async () => {
    const w = await world();
    for (const who of ['grace', 'barbara', 'ken'] as const) {
      const card = await w.say(who, 'app Jira');
      expect(card).not.toContain('CC-secret-4711');
      expect(card).toContain('secret: not shown in chat');
    }
    const refused = await w.say('ken', 'app clear Jira "Cost center"');
    expect(refused).toContain('Cost center is a secret field');
    expect(jiraField('costCenter').value).toBe('CC-secret-4711');
    await w.say('grace', 'app set Jira "Cost center" CC-typed-0042');
    // The attempts are audited by the field alone: its values, old or typed, are kept nowhere.
    const trail = JSON.stringify(await w.store.listAudit({ actions: ['app_field'] }));
    expect(trail).not.toMatch(/CC-secret-4711|CC-typed-0042/);
    expect(await w.say('ken', 'history')).toContain('change Cost center of Jira: refused');
    const named = await w.say('ken', 'app Jira');
    expect(named).not.toContain('CC-secret-4711');
  });

  it('is known by its name too: a password is never shown', async () => {
    const app = sandbox.current.state.workApp(jira.id);
    const id = '0b5e8a2c-7d7e-4c55-9a51-1e3f1c2b9d10';
    app.fields.set(id, { id, name: 'Service password', value: 'hunter2' });
    try {
      const w = await world({ APP_SECRET_FIELDS: '' });
      expect(await w.say('ken', 'app Jira')).not.toContain('hunter2');
    } finally {
      app.fields.delete(id);
    }
  });
});

describe('a credential', () => {
  it('typed into any field is refused, sent nowhere and audited without its value', async () => {
    const w = await world();
    const typed = 'postgres://jira:Hunter2-jira@10.0.0.5:5432/jira';
    const refused = await w.say('barbara', `app set Jira "Data classification" ${typed}`);
    expect(refused).toContain('That value is shaped like a credential');
    expect(refused).not.toContain('Hunter2-jira');
    expect(jiraField('dataClassification').value).toBeNull();
    expect(sandbox.current.requests.filter((r) => r.method === 'PATCH')).toEqual([]);
    const trail = JSON.stringify(await w.store.listAudit({ actions: ['app_field'] }));
    expect(trail).not.toContain('Hunter2-jira');
  });

  it('in a field named by APP_SECRET_FIELDS is found whatever its spelling there', async () => {
    const w = await world({ APP_SECRET_FIELDS: 'DATA_CLASSIFICATION' });
    jiraField('dataClassification').value = 'Confidential';
    const card = await w.say('ken', 'app Jira');
    expect(card).not.toContain('Confidential');
    expect(card).toContain('secret: not shown in chat');
  });
});

describe('a typed change', () => {
  it('names the field, level and policy it means, or says what there is', async () => {
    const w = await world();
    expect(await w.say('barbara', 'app set Jira Colour blue')).toContain(
      'I found no field called \\"Colour\\" on Jira',
    );
    expect(await w.say('barbara', 'app set Jira "Data classification"')).toContain('Usage:');
    expect(await w.say('barbara', 'app clear Jira "Data classification" now')).toContain('Usage:');
    expect(await w.say('barbara', 'app policy Jira IT administrators')).toContain(
      'Which request type?',
    );
    expect(
      await w.say('barbara', 'app policy Jira level Owner request "IT administrators"'),
    ).toContain('Jira has no level called \\"Owner\\"; its levels are: \\"User\\"');
    expect(await w.say('barbara', 'app policy Jira review "IT administrators"')).toContain(
      'Access reviewers',
    );
    expect(await w.say('barbara', 'app set Jira "Data classification" -- ')).toContain('Usage:');
    expect(await w.say('barbara', 'app Jira Write')).toContain('Usage:');
  });

  it('of a field the service names by no uuid is refused before anything is sent', async () => {
    const app = sandbox.current.state.workApp(jira.id);
    app.fields.set('legacy-7', { id: 'legacy-7', name: 'Legacy code', value: 'L7' });
    try {
      const w = await world();
      expect(await w.say('barbara', 'app set Jira "Legacy code" L8')).toContain(
        'cannot be changed from chat',
      );
      expect(sandbox.current.requests.filter((r) => r.method === 'PATCH')).toEqual([]);
    } finally {
      app.fields.delete('legacy-7');
    }
  });

  it('that changes nothing is said at once', async () => {
    const w = await world();
    jiraField('dataClassification').value = 'Internal';
    expect(await w.say('barbara', 'app set Jira "Data classification" Internal')).toContain(
      'is already \\"Internal\\"; nothing to do',
    );
  });
});

describe('a policy', () => {
  it('whose answer never came is said to be unknown, and not recorded as set', async () => {
    const w = await world();
    const asked = await w.say('barbara', 'app policy Jira request "IT administrators"');
    sandbox.current.faults.failWhere((method) => method === 'PUT', 500);
    expect(await w.confirm('barbara', asked)).toContain('I cannot tell whether it did');
    sandbox.current.faults.reset();
    expect(await w.store.listAppPolicies(jira.id)).toEqual([]);
    const again = await w.say('barbara', 'app policy Jira request "IT administrators"');
    expect(await w.confirm('barbara', again)).toContain('Done');
    const [set] = await w.store.listAppPolicies(jira.id);
    expect(set).toMatchObject({
      levelId: '',
      requestType: 'AccessRequest',
      policyId: policies.itAdmins.id,
      setByName: 'Barbara Liskov',
    });
    expect(sandbox.current.state.workApp(jira.id).policyIds.get('AccessRequest')).toBe(
      policies.itAdmins.id,
    );
    sandbox.current.state.assignPolicy(jira.id, null, 'AccessRequest', policies.jiraAdmins.id);
  });

  it('is audited with the one accessbot set before, and the new one', async () => {
    const w = await world();
    for (const name of ['IT administrators', 'Jira administrators']) {
      const asked = await w.say('barbara', `app policy Jira request "${name}"`);
      await w.confirm('barbara', asked);
    }
    const [last] = await w.store.listAudit({ actions: ['app_policy'] });
    expect(last).toMatchObject({
      appName: 'Jira',
      requestType: 'AccessRequest',
      valueBefore: 'IT administrators',
      valueAfter: 'Jira administrators',
      outcome: 'changed',
      accessUserId: users.barbara.id,
    });
  });
});

describe('the settings', () => {
  it('read APP_OWNERS like GROUP_MANAGERS, and refuse one that names no owner in one line', () => {
    const { apps } = loadConfig({ APP_OWNERS: ' Jira = Barbara@X.com ; GitHub=a@x.com,b@x.com' });
    expect(apps.owners).toEqual({ Jira: ['barbara@x.com'], GitHub: ['a@x.com', 'b@x.com'] });
    expect(apps.ownersField).toBe('Owners');
    expect(() => loadConfig({ APP_OWNERS: 'Jira=' })).toThrow('APP_OWNERS');
    expect(() => loadConfig({ APP_OWNERS: 'Jira=' })).toThrow('names no owner');
    expect(() => loadConfig({ APP_OWNERS: '=a@x.com' })).toThrow('names no app before');
  });
});

describe('the card and its changes', () => {
  it('speak each person’s language', async () => {
    const w = await world();
    const said = async (locale: string, text: string) =>
      JSON.stringify(await w.bot.handle({ ...actor(users.barbara.email), locale }, text));
    expect(await said('de-DE', 'app Jira')).toContain('Berechtigungsstufen');
    expect(await said('ja-JP', 'app Jira')).toContain('権限レベル');
    const asked = await said('de-DE', 'app set Jira "Data classification" Intern');
    expect(asked).toContain('Bestätigen: Data classification von Jira auf „Intern“ setzen?');
    expect(await said('ja-JP', 'app clear Jira "Owner team"')).toContain(
      '確認: Jira の Owner team を消去しますか?',
    );
  });
});

describe('a refused change', () => {
  it('is audited as what was attempted: the field and its value, or the policy', async () => {
    const w = await world({ AUDITORS_GROUP: 'Security' });
    await w.say('grace', 'app set Jira "Data classification" Public');
    await w.say('grace', 'app policy Jira request "IT administrators"');
    const history = await w.say('ken', 'history all');
    expect(history).toContain(
      'set Data classification of Jira to \\"Public\\": refused: not allowed',
    );
    expect(history).toMatch(/set the policy for [^"]+ on Jira to IT administrators: refused/);
    expect(history).not.toContain('clear');
  });
});
