/**
 * `npm run audit` as an operator runs it: the real script in a child process over a real store
 * file. The CSV parses (quotes and commas in reasons stay in their cell, line breaks become spaces;
 * controls are dropped; formulas are defused), JSON Lines parse line by line, the filters select what they say, bad arguments,
 * a store that is not there and an unreachable database get one clear line, and nothing secret is ever printed.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExportArgs } from '../../scripts/audit-args.ts';
import { exportAudit } from '../../src/core/audit/export.ts';
import { tasks } from '../../src/sandbox/seed.ts';
import { openStore } from '../../src/store/open.ts';
import type { AuditEntry, DecisionAuditEntry } from '../../src/store/store.ts';
import { parseCsv, runScript } from '../helpers/cli.ts';
import { groupBot } from '../helpers/group-bot.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { appEntry } from '../store/apps-contract.ts';
import { link } from '../store/contract.ts';
import { membership } from '../store/groups-contract.ts';

/** The columns in their order, as docs/groups-and-audit.md lists them. */
const COLUMNS = [
  'at',
  'action',
  'outcome',
  'platform',
  'chat_user_id',
  'access_user_id',
  'task_id',
  'task_title',
  'app_name',
  'requester_name',
  'reason',
  'group_id',
  'group_name',
  'target_user_id',
  'target_name',
  'target_email',
  'detail',
  'task_type',
  'task_created_at',
  'decided_by',
  'level_name',
  'user_name',
  'task_step',
  'field_name',
  'request_type',
  'value_before',
  'value_after',
  'task_due_at',
  'batch_id',
  'hash',
];

const script = fileURLToPath(new URL('../../scripts/audit.ts', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'accessbot-audit-'));
const file = join(root, 'audit.db');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SECRETS = {
  ACCESS_API_KEY: 'key-visible-never',
  ACCESS_API_SECRET: 'api-secret-never-printed',
  SLACK_BOT_TOKEN: 'xoxb-never-printed',
  SLACK_SIGNING_SECRET: 'signing-never-printed',
};

const audit = (args: string[], databaseUrl = `sqlite:${file}`) =>
  runScript(script, args, { DATABASE_URL: databaseUrl, ...SECRETS });

const day = (d: number, h = 10) => new Date(Date.UTC(2026, 10, d, h));
/** Before every period the other tests ask for. */
const APP_CHANGED_AT = new Date(Date.UTC(2026, 9, 15, 9));
const HOSTILE = 'no, "really"\nnot now =1+1, see, @here';
/** What an export shows of HOSTILE: one line. */
const HOSTILE_SHOWN = 'no, "really" not now =1+1, see, @here';
/** Terminal escapes, a bidi override and formulas behind whitespace of every kind. */
const TRICKS = [
  'Dennis \u001b]0;pwned\u0007\u001b[2J\u009b2J on a \u202eplan',
  ' =HYPERLINK("a")',
  '\u00a0=1+1',
  '\n@SUM(A1)',
  '\t-2+3',
  '\u2003+cmd',
];

const entries: AuditEntry[] = [
  {
    at: day(1),
    platform: 'slack',
    chatUserId: 'U-GRACE',
    accessUserId: 'a-grace',
    taskId: 'task-1',
    action: 'decline',
    reason: HOSTILE,
    outcome: 'declined',
    detail: null,
  },
  {
    at: day(2),
    platform: 'teams',
    chatUserId: '29:grace',
    accessUserId: 'a-grace',
    taskId: 'task-2',
    taskType: 'AccessRequest',
    appName: 'GitHub',
    levelName: 'Write',
    requesterName: 'Grace Hopper',
    action: 'approve',
    reason: null,
    outcome: 'approved',
    detail: null,
  },
  membership({
    at: day(3),
    chatUserId: 'U-ADA',
    accessUserId: 'a-ada',
    targetUserId: 'a-grace',
    targetEmail: 'grace@example.com',
  }),
  membership({
    at: day(4),
    chatUserId: 'U-ADA',
    accessUserId: 'a-ada',
    groupName: '=HYPERLINK("x")',
    targetUserId: 'a-tim',
    targetEmail: 'tim@example.com',
  }),
  {
    at: day(30, 23),
    platform: 'slack',
    chatUserId: 'U-ADA',
    accessUserId: 'a-ada',
    taskId: 'task-1',
    action: 'approve',
    reason: null,
    outcome: 'already_decided',
    detail: 'Someone decided this task before you',
  },
  {
    at: new Date(Date.UTC(2026, 11, 1, 0, 0, 1)),
    platform: 'shell',
    chatUserId: 'ada@example.com',
    accessUserId: 'a-ada',
    taskId: 'task-3',
    action: 'approve',
    reason: null,
    outcome: 'approved',
    detail: null,
  },
];

beforeAll(async () => {
  const store = await openStore(`sqlite:${file}`);
  // Just before the period every test asks for.
  await store.appendAudit({ ...entries[1]!, at: new Date(Date.UTC(2026, 9, 31, 23, 59)) });
  for (const entry of entries) await store.appendAudit(entry);
  await store.appendAudit(
    appEntry({ at: APP_CHANGED_AT, valueBefore: '@SUM(1)', valueAfter: HOSTILE }),
  );
  await store.saveLink(
    link({
      platform: 'slack',
      chatUserId: 'U-GRACE',
      accessUserId: 'a-grace',
      email: 'grace@example.com',
    }),
  );
  await store.saveLink(
    link({
      platform: 'teams',
      chatUserId: '29:grace',
      accessUserId: 'a-grace',
      email: 'grace@example.com',
    }),
  );
  await store.close();
});

describe('npm run audit', () => {
  it('writes CSV that parses back into the entries, reasons and formulas kept as data', async () => {
    const { code, stdout, stderr } = await audit([
      '--since',
      '2026-11-01',
      '--until',
      '2026-11-30',
    ]);
    expect(code).toBe(0);
    const [header, ...rows] = parseCsv(stdout);
    expect(header).toEqual(COLUMNS);
    const at = (r: string[]) => r[0];
    expect(rows.map(at)).toEqual([
      day(1).toISOString(),
      day(2).toISOString(),
      day(3).toISOString(),
      day(4).toISOString(),
      day(30, 23).toISOString(),
    ]);
    const reason = header!.indexOf('reason');
    expect(rows[0]![reason]).toBe(HOSTILE_SHOWN);
    expect(rows[3]![header!.indexOf('group_name')]).toBe(`'=HYPERLINK("x")`);
    expect(rows[2]).toEqual([
      day(3).toISOString(),
      'group_add',
      'added',
      'slack',
      'U-ADA',
      'a-ada',
      '',
      '',
      '',
      '',
      '',
      'g-eng',
      'Engineering',
      'a-grace',
      'Grace Hopper',
      'grace@example.com',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
    // A task recorded by its facts: its title in English, made from them.
    const cell = (row: number, column: string) => rows[row]![header!.indexOf(column)];
    expect(cell(1, 'task_title')).toBe('Access request: GitHub (Write)');
    expect(cell(1, 'level_name')).toBe('Write');
    expect(stderr).toContain('5 entries exported');
  });

  it('writes a change to an application with its field, and its value before and after as data', async () => {
    const day = APP_CHANGED_AT.toISOString().slice(0, 10);
    const { stdout } = await audit(['--since', day, '--until', day]);
    const [header, row] = parseCsv(stdout);
    const cell = (column: string) => row![header!.indexOf(column)];
    expect(cell('action')).toBe('app_field');
    expect(cell('app_name')).toBe('AWS Console');
    expect(cell('field_name')).toBe('Sensitive');
    expect(cell('value_before')).toBe("'@SUM(1)");
    expect(cell('value_after')).toBe(HOSTILE_SHOWN);
    expect(cell('outcome')).toBe('changed');
  });

  it('writes JSON Lines, one entry per line', async () => {
    const { stdout } = await audit(['--since', '2026-11-02', '--format', 'json']);
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.action)).toEqual([
      'approve',
      'group_add',
      'group_add',
      'approve',
      'approve',
    ]);
    expect(lines[1]).toMatchObject({ target_email: 'grace@example.com', task_id: null });
    for (const line of lines) expect(Object.keys(line)).toEqual(COLUMNS);
  });

  it('selects by person (on every platform, and changes made to them), chat id and task', async () => {
    const rowsOf = async (args: string[]) =>
      parseCsv((await audit(['--since', '2026-11-01', ...args])).stdout).slice(1);
    const grace = await rowsOf(['--person', 'GRACE@example.com']);
    expect(grace.map((r) => [r[1], r[4]])).toEqual([
      ['decline', 'U-GRACE'],
      ['approve', '29:grace'],
      ['group_add', 'U-ADA'],
    ]);
    const onTeams = await rowsOf(['--person', '29:grace']);
    expect(onTeams.map((r) => r[1])).toEqual(['decline', 'approve', 'group_add']);
    const task = await rowsOf(['--task', 'task-1', '--until', '2026-11-30T00:00:00Z']);
    expect(task.map((r) => r[2])).toEqual(['declined']);
    const lastDay = await rowsOf(['--since', '2026-11-30', '--until', '2026-11-30']);
    expect(lastDay.map((r) => r[2])).toEqual(['already_decided']);
    expect(await rowsOf(['--person', 'nobody@example.com'])).toEqual([]);
  });

  it('refuses bad arguments with one line and the usage, exit code 2', async () => {
    for (const args of [
      [],
      ['--since', 'yesterday'],
      ['--since', '2026-11-01', '--format', 'xml'],
      ['--since', '2026-11-02', '--until', '2026-11-01'],
      ['--since', '2026-11-01', '--verbose'],
    ]) {
      const { code, stdout, stderr } = await audit(args);
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^audit: .+\nusage: npm run audit -- --since/);
    }
  });

  it('says what it takes on --help', async () => {
    const { code, stdout } = await audit(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: npm run audit -- --since /);
  });

  it('refuses a store that is not there instead of creating an empty one', async () => {
    const missing = join(root, 'mistyped', 'acessbot.db');
    for (const url of [`sqlite:${missing}`, missing, 'sqlite::memory:']) {
      const { code, stdout, stderr } = await audit(['--since', '2026-11-01'], url);
      expect(code, url).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^audit: no accessbot store at .+: set DATABASE_URL to the store/);
    }
    expect(existsSync(missing)).toBe(false);
  });

  it('never prints a secret: not the environment, not the database password', async () => {
    const unreachable = await audit(
      ['--since', '2026-11-01'],
      'postgres://accessbot:db-password-never@127.0.0.1:1/accessbot',
    );
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain(
      'cannot open PostgreSQL database "accessbot" on 127.0.0.1:1',
    );
    const ok = await audit(['--since', '2026-11-01', '--format', 'json']);
    for (const { stdout, stderr } of [unreachable, ok]) {
      for (const secret of [...Object.values(SECRETS), 'db-password-never']) {
        expect(stdout + stderr).not.toContain(secret);
      }
    }
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('npm run audit on PostgreSQL', () => {
  it('exports from DATABASE_URL’s schema, and never prints its password', async () => {
    const schema = `accessbot_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.query(`CREATE SCHEMA ${pg.escapeIdentifier(schema)}`);
    try {
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.password = 'pg-password-never-printed';
      url.searchParams.set('options', `-c search_path=${schema}`);
      const store = await openStore(url.href);
      for (const entry of entries) await store.appendAudit(entry);
      await store.close();
      const { code, stdout, stderr } = await audit(
        ['--since', '2026-11-03', '--format', 'json'],
        url.href,
      );
      expect(code).toBe(0);
      const actions = stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).action);
      expect(actions).toEqual(['group_add', 'group_add', 'approve', 'approve']);
      expect(stdout + stderr).not.toContain('pg-password-never-printed');
    } finally {
      await admin.query(`DROP SCHEMA ${pg.escapeIdentifier(schema)} CASCADE`);
      await admin.end();
    }
  });
});

describe('the export of a real bot’s log', () => {
  const sandbox = useSandbox();

  it('holds the decisions and changes people made, and none of the service credentials', async () => {
    const t = await groupBot(sandbox.client);
    const id = await t.ask('ada', 'group add Design ken.thompson@example.com');
    await t.bot.changes.clicked(t.as('ada'), id, 'confirm');
    await t.say('grace', 'group add Design ken.thompson@example.com');
    await t.bot.tasks.decide(
      t.as('ada'),
      '00000000-0000-4000-8000-000000000001',
      'decline',
      'nope, "no"',
    );
    await t.bot.tasks.decide(t.as('ada'), tasks.adaGraceGithubWrite, 'approve');
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk) => {
      text += String(chunk);
    });
    const count = await exportAudit(t.store, parseExportArgs(['--since', '2000-01-01']), out);
    expect(count).toBe(4);
    const [header, ...rows] = parseCsv(text);
    const cells = (row: string[], ...names: string[]) => names.map((n) => row[header!.indexOf(n)]);
    expect(rows.map((r) => [r[1], r[2]])).toEqual([
      ['group_add', 'added'],
      ['group_add', 'not_allowed'],
      ['decline', 'not_assignee'],
      ['approve', 'approved'],
    ]);
    // A task is named beside its id; one that was never the actor's is not described.
    const named = ['task_id', 'task_title', 'app_name', 'requester_name'];
    expect(cells(rows[3]!, ...named)).toEqual([
      tasks.adaGraceGithubWrite,
      'Access request: GitHub (Write)',
      'GitHub',
      'Grace Hopper',
    ]);
    expect(cells(rows[2]!, ...named.slice(1))).toEqual(['', '', '']);
    expect(text).not.toContain(sandbox.current.apiSecret);
    expect(text).not.toContain(sandbox.current.apiKey);
  });

  it('cannot drive the reader’s terminal, reorder text or slip a formula past the guard', async () => {
    const store = await openStore('sqlite::memory:');
    for (const [n, reason] of TRICKS.entries()) {
      await store.appendAudit({ ...(entries[0] as DecisionAuditEntry), at: day(1, n), reason });
    }
    const exported = async (format: string) => {
      const out = new PassThrough();
      let text = '';
      out.on('data', (chunk) => {
        text += String(chunk);
      });
      await exportAudit(store, parseExportArgs(['--since', '2026-11-01', '--format', format]), out);
      return text;
    };
    const csv = await exported('csv');
    const json = await exported('json');
    for (const text of [csv, json]) {
      expect(text.replaceAll(/\r?\n/g, '')).not.toMatch(/[\p{Cc}\u202e]/u);
    }
    const [header, ...rows] = parseCsv(csv);
    const reasons = rows.map((row) => row[header!.indexOf('reason')]);
    expect(reasons[0]).toBe('Dennis ]0;pwned[2J2J on a plan');
    for (const reason of reasons.slice(1)) expect(reason).toMatch(/^'\s*[=@+-]/u);
    const lines = json.trimEnd().split('\n');
    expect(JSON.parse(lines[0]!).reason).toBe('Dennis ]0;pwned[2J2J on a plan');
    await store.close();
  });

  it('reads a long log in pages, every entry once', async () => {
    const store = await openStore('sqlite::memory:');
    for (let n = 0; n < 1_203; n++) {
      await store.appendAudit(membership({ at: new Date(Date.UTC(2026, 10, 1) + n * 1000) }));
    }
    const out = new PassThrough();
    const lines: string[] = [];
    out.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean)));
    expect(
      await exportAudit(store, parseExportArgs(['--since', '2026-11-01', '--format', 'json']), out),
    ).toBe(1_203);
    expect(new Set(lines.map((l) => JSON.parse(l).at)).size).toBe(1_203);
    await store.close();
  });
});
