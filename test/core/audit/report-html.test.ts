/**
 * The report's HTML page, opened in a real headless Chromium (Debian's, from its command line):
 * it renders with no console message at all (a blocked stylesheet or resource would print one),
 * its SVG charts are in the rendered DOM, and hostile names from the audit trail stay text —
 * and should one ever slip past the escaping, the page's Content-Security-Policy stops it.
 * Without Chromium the browser part skips (global-setup says how to install it); the checks of
 * the page's own text run everywhere.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { english, voiceFor } from '../../../src/core/i18n/voice.ts';
import type { AuditEntry } from '../../../src/store/store.ts';
import { hostile, MARK } from '../../fakes/hostile-corpus.ts';
import { demoEntries, demoLinks } from '../../fakes/report-demo.ts';
import { findChromium, renderPage, screenshot } from '../../helpers/chromium.ts';
import { reportFile, summarise, summariseWithCampaigns } from '../../helpers/summarise.ts';

const DAY = 86_400_000;
const end = new Date(Date.UTC(2026, 10, 30));
const period = { since: new Date(end.getTime() - 30 * DAY), until: end };
const dir = mkdtempSync(join(tmpdir(), 'accessbot-report-html-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The demo month, and one decision for every hostile string as application, type and approver,
 * and one access review with it as application, level and reviewer.
 */
function hostileEntries(): { entries: AuditEntry[]; names: Map<string, string> } {
  const names = new Map(demoLinks().map((l) => [l.accessUserId, l.displayName ?? l.email]));
  const entries = demoEntries(end);
  for (const [n, s] of Object.values(hostile).entries()) {
    const accessUserId = `a-hostile-${n}`;
    names.set(accessUserId, s);
    entries.push({
      at: new Date(end.getTime() - DAY),
      platform: 'slack',
      chatUserId: `U-${n}`,
      accessUserId,
      detail: null,
      action: 'approve',
      taskId: `hostile-${n}`,
      appName: s,
      taskType: s,
      taskCreatedAt: new Date(end.getTime() - 2 * DAY),
      reason: null,
      outcome: 'approved',
    });
    entries.push({
      at: new Date(end.getTime() - DAY),
      platform: 'slack',
      chatUserId: `U-${n}`,
      accessUserId,
      detail: null,
      action: 'decline',
      taskId: `hostile-review-${n}`,
      appName: s,
      levelName: s,
      taskType: 'EntitlementReview',
      taskCreatedAt: new Date(end.getTime() - 20 * DAY),
      reason: s,
      outcome: 'declined',
    });
  }
  return { entries, names };
}

const { entries, names } = hostileEntries();
/** Elements that run, load or link; a real `<` only ever starts the page's own tags. */
const TAGS = /<(script|img|a|link|iframe|object|embed|base|form|meta http-equiv="refresh")[\s>]/i;
const ATTRIBUTES = /<[^>]*\s(on\w+|src|href|style)=/i;
const html = reportFile(await summariseWithCampaigns(entries, period, end, names), 'html', english);
const page = (name: string, content: string) => {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
};

describe('the report page', () => {
  it('names the task types in the reader’s language, and one it does not know as given', async () => {
    const typed: AuditEntry[] = [
      'AccessRequest',
      'EntitlementReview',
      'OffboardingStep',
      'Sabbatical',
    ].map((taskType, n) => ({
      at: new Date(end.getTime() - DAY),
      platform: 'slack',
      chatUserId: 'U-ada',
      accessUserId: 'a-ada',
      detail: null,
      action: 'approve',
      taskId: `typed-${n}`,
      taskType,
      // Created apart: each is a decision of its own.
      taskCreatedAt: new Date(end.getTime() - (2 + n) * DAY),
      reason: null,
      outcome: 'approved',
    }));
    const report = await summarise(typed, period, end);
    const page = (locale: string) => reportFile(report, 'html', voiceFor(locale));
    const german = page('de-DE');
    for (const name of ['Zugriffsantrag', 'Zugriffsprüfung', 'Offboarding-Schritt', 'Sabbatical']) {
      expect(german).toContain(`<td>${name}</td>`);
    }
    expect(page('ja-JP')).toContain('<td>アクセスの見直し</td>');
    expect(page('en')).toContain('<td>Offboarding step</td>');
    expect(german).not.toMatch(/AccessRequest|EntitlementReview|OffboardingStep/);
  });

  it('lists each access review campaign: reviewer, counts, on time or late, how long it took', async () => {
    const opened = new Date(end.getTime() - 10 * DAY);
    const review = (n: number, decided: number, outcome: 'approved' | 'declined'): AuditEntry => ({
      at: new Date(opened.getTime() + decided * DAY),
      platform: 'slack',
      chatUserId: 'U-ada',
      accessUserId: 'a-ada',
      detail: null,
      action: outcome === 'approved' ? 'approve' : 'decline',
      taskId: `review-${n}`,
      taskType: 'EntitlementReview',
      appName: 'GitHub',
      levelName: 'Write',
      taskCreatedAt: opened,
      taskDueAt: new Date(opened.getTime() + 3 * DAY),
      reason: null,
      outcome,
    });
    const trail = [review(1, 1, 'approved'), review(2, 2, 'approved'), review(3, 4, 'declined')];
    const report = await summariseWithCampaigns(trail, period, end, new Map([['a-ada', 'Ada']]));
    const page = reportFile(report, 'html', english);
    const row = /<section id="campaigns">[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
    expect(row).toContain('<h2>Access review campaigns</h2>');
    expect(row).toContain('<td>GitHub (Write)</td><td>Ada</td>');
    expect(row).toContain(
      '<td class="n">3</td><td class="n">2</td><td class="n">1</td><td class="n">1</td><td><span class="late">Done late</span></td><td>4.0 days</td>',
    );
    const german = reportFile(report, 'html', voiceFor('de'));
    expect(german).toContain('<h2>Zugriffsüberprüfungen</h2>');
    expect(german).toContain('Verspätet erledigt');
    const none = reportFile(await summariseWithCampaigns([], period, end), 'html', english);
    expect(none).toContain('No access review campaign was opened in this period.');
  });

  it('carries no script, no outside resource and no markup from the trail', () => {
    expect(html).not.toMatch(TAGS);
    expect(html).not.toMatch(ATTRIBUTES);
    expect(html).not.toMatch(/url\(|@import/);
    expect(html).toContain(
      `&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;`,
    );
    expect(html).toContain(MARK);
  });

  it('allows only its own stylesheet, by its hash', () => {
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(policy).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src 'none'; base-uri 'none'; form-action 'none'`,
    );
  });
});

const chromium = findChromium();

describe.skipIf(!chromium)('the report page in headless Chromium', () => {
  it('renders without a console message, its charts and tables in the DOM, hostile text as text', async () => {
    const { dom, console } = await renderPage(chromium!, page('report.html', html));
    expect(console).toEqual([]);
    // Decided where, open tasks by age, and time to decision by application, approver and type.
    expect(dom.match(/<svg role="img"/g)).toHaveLength(5);
    expect(dom.match(/<rect /g)?.length).toBeGreaterThan(20);
    // The three groupings' tables and the access review campaigns'.
    expect(dom.match(/<table>/g)).toHaveLength(4);
    expect(dom).toContain('<section id="campaigns"><h2>Access review campaigns</h2>');
    expect(dom).toContain('<title>accessbot report</title>');
    expect(dom).not.toMatch(TAGS);
    expect(dom).not.toMatch(ATTRIBUTES);
    expect(dom).toContain(MARK);
  });

  it('blocks a script and an inline handler that slipped past the escaping', async () => {
    const injected = `<script>document.title='${MARK}'</script><img src="x" onerror="document.title='${MARK}'">`;
    const file = page('injected.html', html.replace('<body>', `<body>${injected}`));
    const { dom, console } = await renderPage(chromium!, file);
    expect(dom).toContain('<title>accessbot report</title>');
    expect(console.length).toBeGreaterThanOrEqual(2);
    for (const message of console) expect(message).toContain('Content Security Policy');
  });

  it('takes a screenshot of the page', async () => {
    const png = join(dir, 'report.png');
    await screenshot(chromium!, page('shot.html', html), png, { width: 800, height: 1200 });
    expect(readFileSync(png).subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });
});
