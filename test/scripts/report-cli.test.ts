/**
 * `npm run report` as an operator runs it: the real script in a child process over a real store
 * file. Each format holds the same figures (JSON by the report's schema, CSV strictly RFC 4180
 * with formulas defused, HTML written to an owner-only file); the period is chosen by
 * `--since`/`--until` or `--days`; bad arguments get one line and the usage (exit 2), a store
 * that is not there or a file that cannot be written one line (exit 1).
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Report } from '../../src/core/audit/report.ts';
import { openStore } from '../../src/store/open.ts';
import type { AuditEntry } from '../../src/store/store.ts';
import { demoEntries, demoLinks } from '../fakes/report-demo.ts';
import { parseCsv, runScript } from '../helpers/cli.ts';
import { summarise } from '../helpers/summarise.ts';

const script = fileURLToPath(new URL('../../scripts/report.ts', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'accessbot-report-'));
const file = join(root, 'accessbot.db');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const DAY = 86_400_000;
const end = new Date(Date.UTC(2026, 10, 30));
const NOVEMBER = ['--since', '2026-10-31', '--until', '2026-11-29'];
const FORMULA = '=HYPERLINK("https://evil.example","GitHub")';

const entries: AuditEntry[] = [
  ...demoEntries(end),
  {
    at: new Date(end.getTime() - DAY),
    platform: 'slack',
    chatUserId: 'U-ADA',
    accessUserId: demoLinks()[0]!.accessUserId,
    detail: null,
    action: 'approve',
    taskId: 'formula',
    appName: FORMULA,
    taskCreatedAt: new Date(end.getTime() - 2 * DAY),
    reason: null,
    outcome: 'approved',
  },
];

/** Ada's review campaign of Figma (Editor) of 20 November, due on the 22nd: one revoked late. */
const figmaOpened = new Date('2026-11-20T09:00:00Z');
const figma = (n: number, outcome: 'approved' | 'declined', decided: string): AuditEntry => ({
  at: new Date(decided),
  platform: 'slack',
  chatUserId: 'U-ADA',
  accessUserId: demoLinks()[0]!.accessUserId,
  detail: null,
  action: outcome === 'approved' ? 'approve' : 'decline',
  taskId: `figma-review-${n}`,
  taskType: 'EntitlementReview',
  appId: 'app-figma',
  appName: 'Figma',
  levelName: 'Editor',
  userName: `Person ${n}`,
  taskCreatedAt: figmaOpened,
  taskDueAt: new Date('2026-11-22T17:00:00Z'),
  reason: outcome === 'declined' ? 'left the team' : null,
  outcome,
});
entries.push(
  figma(1, 'approved', '2026-11-21T10:00:00Z'),
  figma(2, 'approved', '2026-11-21T11:00:00Z'),
  figma(3, 'declined', '2026-11-25T09:00:00Z'),
);

const report = (args: string[], databaseUrl = `sqlite:${file}`, env: NodeJS.ProcessEnv = {}) =>
  runScript(script, args, { DATABASE_URL: databaseUrl, ...env });

/** What the script says it made on standard error. */
const made = (json: Report & { campaigns?: { list: unknown[] } }) =>
  `${json.decisions.total} decisions, ${json.openTasks.total} open, ${json.campaigns?.list.length} review campaigns`;

/** NOVEMBER's figures, open tasks counted when the script did (now, if before the period's end). */
async function expected(asOf: string): Promise<Report> {
  const period = { since: new Date('2026-10-31T00:00:00Z'), until: end };
  const names = new Map(demoLinks().map((l) => [l.accessUserId, l.displayName!]));
  return await summarise(entries, period, new Date(asOf), names);
}

beforeAll(async () => {
  const store = await openStore(`sqlite:${file}`);
  for (const entry of entries) await store.appendAudit(entry);
  for (const link of demoLinks()) await store.saveLink(link);
  await store.close();
});

describe('npm run report', () => {
  it('writes the period’s figures as JSON by default, the approvers named', async () => {
    const { code, stdout, stderr } = await report(NOVEMBER);
    expect(code).toBe(0);
    const whole = JSON.parse(stdout);
    const json = Report.parse(whole);
    expect(json).toEqual(await expected(json.asOf));
    expect(json.decisions.total).toBeGreaterThan(100);
    expect(json.timeToDecision.byApprover.map((s) => s.name)).toContain('Ada Lovelace');
    expect(stderr).toBe(`report: ${made(whole)}\n`);
    expect(whole.campaigns.list).toContainEqual(
      expect.objectContaining({ application: 'Figma', reviews: 3, late: 1, status: 'late' }),
    );
  });

  it('writes CSV, one figure a row, a formula in a name kept as text', async () => {
    const { code, stdout } = await report([...NOVEMBER, '--format', 'csv']);
    expect(code).toBe(0);
    const [header, ...rows] = parseCsv(stdout);
    expect(header).toEqual(['section', 'key', 'name', 'count', 'median_seconds', 'p90_seconds']);
    const row = (section: string, key: string) =>
      rows.find((r) => r[0] === section && r[1] === key);
    const json = await expected(row('period', 'as_of')![2]!);
    expect(row('decisions', 'in_chat')?.[3]).toBe(String(json.decisions.inChat));
    expect(row('open_tasks', '7d_to_30d')?.[3]).toBe(
      String(json.openTasks.byAge.find((a) => a.bucket === '7d_to_30d')?.count),
    );
    const overall = json.timeToDecision.overall;
    expect(row('time_to_decision', 'overall')?.slice(3)).toEqual(
      [overall.count, overall.medianSeconds, overall.p90Seconds].map(String),
    );
    const apps = rows.filter((r) => r[0] === 'by_application').map((r) => r[2]);
    expect(apps).toContain(`'${FORMULA}`);
    expect(rows.filter((r) => r[0] === 'sent').map((r) => r[1])).toEqual([
      'reminders',
      'escalations',
      'nudges',
    ]);
  });

  it('writes the HTML page to --out, for its owner only', async () => {
    const out = join(root, 'reports', 'november.html');
    const { code, stdout, stderr } = await report([...NOVEMBER, '--format', 'html', '--out', out]);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^report: \d+ decisions, \d+ open, \d+ review campaigns: written to .*november\.html\n$/,
    );
    expect(readFileSync(out, 'utf8')).toMatch(/^<!doctype html>[\s\S]*Content-Security-Policy/);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });

  it('writes the access review campaigns as a CSV of their own, due dates as recorded', async () => {
    const { code, stdout, stderr } = await report([...NOVEMBER, '--campaigns']);
    expect(code).toBe(0);
    const [head, ...rows] = parseCsv(stdout);
    expect(head).toEqual([
      'application',
      'application_id',
      'level',
      'reviewer',
      'reviewer_id',
      'opened',
      'due',
      'last_decided',
      'reviews',
      'kept',
      'revoked',
      'undecided',
      'late',
      'status',
      'duration_seconds',
    ]);
    expect(stderr).toBe(`report: ${rows.length} review campaigns\n`);
    expect(rows.find((r) => r[1] === 'app-figma')).toEqual([
      'Figma',
      'app-figma',
      'Editor',
      'Ada Lovelace',
      demoLinks()[0]!.accessUserId,
      '2026-11-20T09:00:00.000Z',
      '2026-11-22T17:00:00.000Z',
      '2026-11-25T09:00:00.000Z',
      '3',
      '2',
      '1',
      '0',
      '1',
      'late',
      String(5 * 86_400),
    ]);
    // A review without a due date of its own is due REVIEW_DUE_DAYS after it was opened.
    const due = (csv: string) =>
      parseCsv(csv)
        .slice(1)
        .filter((r) => r[1] !== 'app-figma');
    const lenient = due(
      (await report([...NOVEMBER, '--campaigns'], undefined, { REVIEW_DUE_DAYS: '60' })).stdout,
    );
    expect(lenient.map((r) => r[13])).not.toContain('late');
    const strict = await report([...NOVEMBER, '--campaigns'], undefined, {
      REVIEW_DUE_DAYS: 'soon',
    });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toBe('report: REVIEW_DUE_DAYS must be a whole number from 1 to 365\n');
  });

  it('takes the period as --days back from --until, or from now', async () => {
    const week = Report.parse(
      JSON.parse((await report(['--days', '7', '--until', '2026-11-29'])).stdout),
    );
    expect([week.since, week.until]).toEqual(['2026-11-23T00:00:00.000Z', end.toISOString()]);
    const before = Date.now();
    const recent = Report.parse(JSON.parse((await report([])).stdout));
    const until = Date.parse(recent.until);
    expect(until).toBeGreaterThanOrEqual(before);
    expect(until - Date.parse(recent.since)).toBe(30 * DAY);
  });

  it('refuses bad arguments with one line and the usage, exit code 2', async () => {
    const refusals: Array<[string[], string]> = [
      [['--days', '0'], '--days must be a whole number from 1 to 3660, got "0"'],
      [['--days', 'week'], '--days must be a whole number from 1 to 3660, got "week"'],
      [['--days', '7', '--since', '2026-11-01'], 'give --days or --since, not both'],
      [['--since', 'yesterday'], '--since must be a date (2026-11-01) or an ISO instant'],
      [['--since', '2026-11-02', '--until', '2026-11-01'], '--until must be after --since'],
      [['--format', 'pdf'], '--format must be json, csv or html, got "pdf"'],
      [
        ['--campaigns', '--format', 'html'],
        '--campaigns is a CSV of its own; the JSON and HTML reports hold the campaigns already',
      ],
      [['--out', ' '], '--out needs a file'],
      [['--verbose'], "Unknown option '--verbose'"],
      [['november'], "Unexpected argument 'november'"],
    ];
    for (const [args, said] of refusals) {
      const { code, stdout, stderr } = await report(args);
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain(`report: ${said}`);
      expect(stderr).toMatch(/\nusage: npm run report -- \[--days 30 \| --since/);
      expect(stderr.split('\n')).toHaveLength(3);
    }
  });

  it('says what it takes on --help', async () => {
    const { code, stdout } = await report(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: npm run report -- /);
  });

  it('refuses a store that is not there, and a file it cannot write, with exit code 1', async () => {
    const missing = await report([], `sqlite:${join(root, 'nowhere', 'accessbot.db')}`);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^report: no accessbot store at .+: set DATABASE_URL/);
    const unwritable = await report(['--format', 'html', '--out', root]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toBe(`report: cannot write ${root} (EISDIR)\n`);
  });
});
