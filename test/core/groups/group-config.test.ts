/** The settings of group management and auditing, read and refused as the README says. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/app/config.ts';

const dir = mkdtempSync(join(tmpdir(), 'accessbot-managers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const managers = (value: string) => loadConfig({ GROUP_MANAGERS: value }).groups.managers;

describe('group settings', () => {
  it('are all unset by default: nobody may manage groups or audit', () => {
    expect(loadConfig({}).groups).toEqual({
      adminsGroup: undefined,
      managers: undefined,
      auditorsGroup: undefined,
    });
  });

  it('read GROUP_MANAGERS inline, as JSON, or from a JSON file', () => {
    const expected = { Engineering: ['ada@x.com', 'alan@x.com'], Design: ['tim@x.com'] };
    expect(managers(' Engineering = Ada@X.com, alan@x.com ; Design=tim@x.com;')).toEqual(expected);
    expect(managers(JSON.stringify(expected))).toEqual(expected);
    const file = join(dir, 'managers.json');
    writeFileSync(file, JSON.stringify(expected));
    expect(managers(file)).toEqual(expected);
  });

  it('refuse a GROUP_MANAGERS that cannot be read, with one line naming it', () => {
    const refused = (value: string) => {
      try {
        loadConfig({ GROUP_MANAGERS: value });
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`${value} was accepted`);
    };
    expect(refused('Engineering=not-an-address')).toContain(
      'GROUP_MANAGERS does not match Group=a@x.com,b@x.com;Other=c@x.com at Engineering.0',
    );
    expect(refused('Engineering=')).toContain('names no manager');
    expect(refused('=ada@x.com')).toContain('names no group before "="');
    expect(refused('{"": ["ada@x.com"]}')).toContain('GROUP_MANAGERS does not match');
    expect(refused('{"Engineering": "ada@x.com"}')).toContain('GROUP_MANAGERS does not match');
    expect(refused('{not json')).toContain('GROUP_MANAGERS is not valid JSON');
    expect(refused(join(dir, 'missing.json'))).toContain('cannot read the managers file');
  });

  it('take the admins and auditors groups by name or id', () => {
    const config = loadConfig({ GROUP_ADMINS_GROUP: ' Access Admins ', AUDITORS_GROUP: 'Audit' });
    expect(config.groups).toMatchObject({ adminsGroup: 'Access Admins', auditorsGroup: 'Audit' });
  });
});
