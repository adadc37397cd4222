/**
 * The report as one self-contained HTML page, with no script. Its Content-Security-Policy allows
 * only its own stylesheet (by hash), so text that slipped past escaping could neither run nor load.
 */
import { createHash } from 'node:crypto';
import type { Voice } from '../i18n/voice.ts';
import { cut } from '../text.ts';
import type { Report, Stat } from './report.ts';
import { type AskFigures, askLines } from './report-asks.ts';
import type { Campaign, Campaigns } from './report-campaigns.ts';
import { duration } from './report-text.ts';

/** The rest are counted. */
const CHART_ROWS = 15;
const TABLE_ROWS = 100;
const WIDTH = 720;

const STYLE = `
body{font:15px/1.4 system-ui,sans-serif;margin:2rem auto;max-width:760px;padding:0 1rem;color:#1b1f24}
h1{font-size:1.6rem;margin:0}h2{font-size:1.15rem;margin:2rem 0 .5rem}
.meta,footer,.none{color:#57606a}footer{font-size:.85rem;margin-top:2rem}
.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(170px,1fr));gap:.75rem;margin-top:1.25rem}
.tile{border:1px solid #d0d7de;border-radius:8px;padding:.75rem}
.value{display:block;font-size:1.5rem;font-weight:600}.sub{display:block;color:#57606a;font-size:.85rem}
table{border-collapse:collapse;width:100%;margin-top:.5rem}th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #d0d7de}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
svg{display:block;max-width:100%;height:auto}svg text{font:12px system-ui,sans-serif;fill:#1b1f24}
.median,.chat{fill:#1f5fa8}.p90,.elsewhere{fill:#9cc1ea}.open{fill:#c2652a}
.late,.overdue{color:#a40e26;font-weight:600}
`;

const POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; img-src 'none'; base-uri 'none'; form-action 'none'`;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Safe as HTML text or an attribute value. */
const esc = (value: string | number) => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const nameOf = (v: Voice, s: Stat & { accessUserId?: string }, max: number) =>
  esc(cut(s.name ?? s.accessUserId ?? v.t('report.notRecorded'), max));

function tile(value: string | number, label: string, sub = ''): string {
  const more = sub ? `<span class="sub">${esc(sub)}</span>` : '';
  return `<div class="tile"><span class="value">${esc(value)}</span>${esc(label)}${more}</div>`;
}

function svg(label: string, height: number, body: string): string {
  return `<svg role="img" aria-label="${esc(label)}" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}"><title>${esc(label)}</title>${body}</svg>`;
}

/** A coordinate: one decimal is finer than a pixel. */
const at = (n: number) => String(Math.round(Math.max(n, 0) * 10) / 10);
const rect = (css: string, x: number, y: number, w: number, h: number) =>
  `<rect class="${css}" x="${at(x)}" y="${at(y)}" width="${at(w)}" height="${at(h)}"/>`;
const label = (x: number, y: number, content: string, anchor = 'start') =>
  `<text x="${at(x)}" y="${at(y)}" text-anchor="${anchor}">${content}</text>`;

function whereChart(v: Voice, r: Report): string {
  const { inChat, elsewhere, total } = r.decisions;
  if (!total) return `<p class="none">${esc(v.t('report.noDecisions'))}</p>`;
  const chatWidth = (WIDTH * inChat) / total;
  const body = [
    rect('chat', 0, 0, chatWidth, 28),
    rect('elsewhere', chatWidth, 0, WIDTH - chatWidth, 28),
    label(0, 46, esc(v.t('report.inChat', { count: inChat }))),
    label(WIDTH, 46, esc(v.t('report.elsewhere', { count: elsewhere })), 'end'),
  ];
  return svg(v.t('report.whereDecided'), 52, body.join(''));
}

function ageChart(v: Voice, r: Report): string {
  if (!r.openTasks.total) return `<p class="none">${esc(v.t('report.noOpenTasks'))}</p>`;
  const most = Math.max(...r.openTasks.byAge.map((a) => a.count));
  const column = WIDTH / r.openTasks.byAge.length;
  const body = r.openTasks.byAge.flatMap((a, i) => {
    const height = (140 * a.count) / most;
    const x = i * column;
    return [
      rect('open', x + 12, 160 - height, column - 24, height),
      label(x + column / 2, 154 - height, esc(a.count), 'middle'),
      label(x + column / 2, 178, esc(v.t('report.age', { bucket: a.bucket })), 'middle'),
    ];
  });
  return svg(v.t('report.openByAge'), 186, body.join(''));
}

function waitChart(
  v: Voice,
  heading: string,
  stats: readonly (Stat & { accessUserId?: string })[],
) {
  const rows = stats.filter((s) => s.count).slice(0, CHART_ROWS);
  if (!rows.length) return `<p class="none">${esc(v.t('report.noDecisions'))}</p>`;
  const longest = Math.max(...rows.map((s) => s.p90Seconds ?? 0), 1);
  const left = 200;
  const scale = (seconds: number | null) => ((WIDTH - left - 90) * (seconds ?? 0)) / longest;
  const legend = [
    rect('median', left, 4, 12, 12),
    label(left + 18, 14, esc(v.t('report.medianShort'))),
    rect('p90', left + 110, 4, 12, 12),
    label(left + 128, 14, esc(v.t('report.p90'))),
  ];
  const body = rows.flatMap((s, i) => {
    const y = 30 + i * 34;
    return [
      label(0, y + 16, nameOf(v, s, 28)),
      rect('p90', left, y, scale(s.p90Seconds), 24),
      rect('median', left, y + 6, scale(s.medianSeconds), 12),
      label(left + scale(s.p90Seconds) + 6, y + 16, esc(duration(v, s.p90Seconds))),
    ];
  });
  return svg(heading, 38 + rows.length * 34, [...legend, ...body].join(''));
}

function waitTable(v: Voice, column: string, stats: readonly (Stat & { accessUserId?: string })[]) {
  const heads = [v.t('report.count'), v.t('report.medianColumn'), v.t('report.p90')];
  const head = `<tr><th>${esc(column)}</th>${heads.map((h) => `<th class="n">${esc(h)}</th>`).join('')}</tr>`;
  const rows = stats.slice(0, TABLE_ROWS).map((s) => {
    const cells = [s.count, duration(v, s.medianSeconds), duration(v, s.p90Seconds)];
    return `<tr><td>${nameOf(v, s, 200)}</td>${cells.map((c) => `<td class="n">${esc(c)}</td>`).join('')}</tr>`;
  });
  const more =
    stats.length > TABLE_ROWS
      ? `<p>${esc(v.t('report.more', { n: stats.length - TABLE_ROWS }))}</p>`
      : '';
  return `<table>${head}${rows.join('')}</table>${more}`;
}

function grouping(v: Voice, r: Report, by: 'byApplication' | 'byApprover' | 'byTaskType') {
  const heading = v.t(`report.${by}`);
  const given = r.timeToDecision[by];
  // A task type as people say it ("Access review"); one accessbot does not know, as given.
  const typeName = (type: string) => v.t('report.taskType', { type, name: type });
  const stats =
    by === 'byTaskType' ? given.map((s) => ({ ...s, name: s.name && typeName(s.name) })) : given;
  const table = stats.length ? waitTable(v, v.t(`report.column.${by}`), stats) : '';
  return `<section><h2>${esc(heading)}</h2>${waitChart(v, heading, stats)}${table}</section>`;
}

const CAMPAIGN_COLUMNS = [
  'application',
  'reviewer',
  'opened',
  'due',
  'reviews',
  'kept',
  'revoked',
  'late',
  'status',
  'took',
] as const;
const CAMPAIGN_NUMBERS = new Set(['reviews', 'kept', 'revoked', 'late']);

function campaignCells(v: Voice, c: Campaign): string[] {
  const app = c.application ?? c.applicationId ?? v.t('report.notRecorded');
  const status = `<span class="${c.status}">${esc(v.t('report.campaignStatus', { status: c.status }))}</span>`;
  return [
    esc(cut(c.level ? v.t('request.appLevel', { app, level: c.level }) : app, 120)),
    esc(cut(c.reviewer ?? c.reviewerId, 80)),
    esc(v.time(c.opened)),
    esc(v.time(c.due)),
    ...[c.reviews, c.kept, c.revoked, c.late].map((n) => esc(n)),
    status,
    esc(c.durationSeconds === null ? '' : duration(v, c.durationSeconds)),
  ];
}

/** Every campaign opened in the period, a row each, with how and when it was done. */
function campaignSection(v: Voice, c: Campaigns): string {
  const heading = `<h2>${esc(v.t('report.campaignsHeading'))}</h2><p class="meta">${esc(v.t('report.campaignsDefined'))}</p>`;
  if (!c.list.length) {
    return `<section id="campaigns">${heading}<p class="none">${esc(v.t('report.campaignsNone'))}</p></section>`;
  }
  const th = (col: string) =>
    `<th${CAMPAIGN_NUMBERS.has(col) ? ' class="n"' : ''}>${esc(v.t('report.campaignColumn', { column: col }))}</th>`;
  const rows = c.list.slice(0, TABLE_ROWS).map((campaign) => {
    const cells = campaignCells(v, campaign).map(
      (cell, i) =>
        `<td${CAMPAIGN_NUMBERS.has(CAMPAIGN_COLUMNS[i]!) ? ' class="n"' : ''}>${cell}</td>`,
    );
    return `<tr>${cells.join('')}</tr>`;
  });
  const left = c.list.length - TABLE_ROWS;
  const more = left > 0 ? `<p>${esc(v.t('report.more', { n: left }))}</p>` : '';
  const cutShort = c.more
    ? `<p>${esc(v.t('report.campaignsCut', { max: c.list.length }))}</p>`
    : '';
  return `<section id="campaigns">${heading}<table><tr>${CAMPAIGN_COLUMNS.map(th).join('')}</tr>${rows.join('')}</table>${more}${cutShort}</section>`;
}

/** A section at a time. */
export function* reportHtmlParts(
  v: Voice,
  r: Report & { asks?: AskFigures; campaigns?: Campaigns },
): Generator<string> {
  const { overall } = r.timeToDecision;
  const d = r.decisions;
  const split = v.t('report.decisionsSplit', { chat: d.inChat, elsewhere: d.elsewhere });
  const tiles = [
    tile(d.total, v.t('report.decisions'), split),
    tile(duration(v, overall.medianSeconds), v.t('report.median')),
    tile(duration(v, overall.p90Seconds), v.t('report.p90')),
    tile(r.openTasks.total, v.t('report.openTasks')),
    tile(r.sent.reminders, v.t('report.reminders')),
    tile(r.sent.escalations, v.t('report.escalations')),
    tile(r.sent.nudges, v.t('report.nudges')),
  ];
  const title = esc(v.t('report.title'));
  yield `<!doctype html>
<html lang="${esc(v.locale)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${STYLE}</style></head>
<body><header><h1>${title}</h1>
<p class="meta">${esc(v.t('report.period', { since: v.time(r.since), until: v.time(r.until) }))}; ${esc(v.t('report.made', { at: v.time(r.asOf) }))}</p></header>
<div class="tiles">${tiles.join('')}</div>
<section><h2>${esc(v.t('report.whereDecided'))}</h2>${whereChart(v, r)}</section>
<section><h2>${esc(v.t('report.openByAge'))}</h2>${ageChart(v, r)}</section>
`;
  const groupings = ['byApplication', 'byApprover', 'byTaskType'] as const;
  for (const [i, by] of groupings.entries()) yield `${i ? '\n' : ''}${grouping(v, r, by)}`;
  if (r.campaigns) yield `\n${campaignSection(v, r.campaigns)}`;
  yield `
${
  r.asks
    ? `<section><h2>${esc(v.t('report.asksHeading'))}</h2>${askLines(v, r.asks)
        .map((line) => `<p>${esc(line)}</p>`)
        .join('')}</section>`
    : ''
}
<footer>${esc(v.t('report.footnote'))}</footer>
</body></html>
`;
}
