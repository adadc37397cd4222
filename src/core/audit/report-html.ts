/**
 * The report as one self-contained HTML page for people: figures, tables and inline SVG charts,
 * with no script, and no external font, image or stylesheet. A Content-Security-Policy meta tag
 * allows nothing but its own stylesheet (by hash), so even text that slipped past escaping could
 * neither run nor load anything. Every text from the audit trail is escaped where it is placed.
 */
import { createHash } from 'node:crypto';
import { cut } from '../text.ts';
import type { Report, Stat } from './report.ts';
import { ageLabel, duration, type Grouping, text } from './report-text.ts';

/** Rows a chart draws and a table lists; the rest are counted. */
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
`;

const POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; img-src 'none'; base-uri 'none'; form-action 'none'`;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text as HTML text or an attribute value: nothing in it is markup. */
export const esc = (value: string | number) =>
  String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const nameOf = (s: Stat & { accessUserId?: string }, max: number) =>
  esc(cut(s.name ?? s.accessUserId ?? text.notRecorded, max));

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

function whereChart(r: Report): string {
  const { inChat, elsewhere, total } = r.decisions;
  if (!total) return `<p class="none">${esc(text.noDecisions)}</p>`;
  const chatWidth = (WIDTH * inChat) / total;
  const body = [
    rect('chat', 0, 0, chatWidth, 28),
    rect('elsewhere', chatWidth, 0, WIDTH - chatWidth, 28),
    label(0, 46, esc(`${inChat} ${text.inChat}`)),
    label(WIDTH, 46, esc(`${elsewhere} ${text.elsewhere}`), 'end'),
  ];
  return svg(text.whereDecided, 52, body.join(''));
}

function ageChart(r: Report): string {
  if (!r.openTasks.total) return `<p class="none">${esc(text.noOpenTasks)}</p>`;
  const most = Math.max(...r.openTasks.byAge.map((a) => a.count));
  const column = WIDTH / r.openTasks.byAge.length;
  const body = r.openTasks.byAge.flatMap((a, i) => {
    const height = (140 * a.count) / most;
    const x = i * column;
    return [
      rect('open', x + 12, 160 - height, column - 24, height),
      label(x + column / 2, 154 - height, esc(a.count), 'middle'),
      label(x + column / 2, 178, esc(ageLabel[a.bucket]), 'middle'),
    ];
  });
  return svg(text.openByAge, 186, body.join(''));
}

function waitChart(heading: string, stats: readonly (Stat & { accessUserId?: string })[]) {
  const rows = stats.filter((s) => s.count).slice(0, CHART_ROWS);
  if (!rows.length) return `<p class="none">${esc(text.noDecisions)}</p>`;
  const longest = Math.max(...rows.map((s) => s.p90Seconds ?? 0), 1);
  const left = 200;
  const scale = (seconds: number | null) => ((WIDTH - left - 90) * (seconds ?? 0)) / longest;
  const legend = [
    rect('median', left, 4, 12, 12),
    label(left + 18, 14, esc(text.medianShort)),
    rect('p90', left + 110, 4, 12, 12),
    label(left + 128, 14, esc(text.p90)),
  ];
  const body = rows.flatMap((s, i) => {
    const y = 30 + i * 34;
    return [
      label(0, y + 16, nameOf(s, 28)),
      rect('p90', left, y, scale(s.p90Seconds), 24),
      rect('median', left, y + 6, scale(s.medianSeconds), 12),
      label(left + scale(s.p90Seconds) + 6, y + 16, esc(duration(s.p90Seconds))),
    ];
  });
  return svg(heading, 38 + rows.length * 34, [...legend, ...body].join(''));
}

function waitTable(column: string, stats: readonly (Stat & { accessUserId?: string })[]) {
  const head = `<tr><th>${esc(column)}</th><th class="n">${esc(text.count)}</th><th class="n">${esc(text.medianColumn)}</th><th class="n">${esc(text.p90)}</th></tr>`;
  const rows = stats.slice(0, TABLE_ROWS).map((s) => {
    const cells = [s.count, duration(s.medianSeconds), duration(s.p90Seconds)];
    return `<tr><td>${nameOf(s, 200)}</td>${cells.map((c) => `<td class="n">${esc(c)}</td>`).join('')}</tr>`;
  });
  const more =
    stats.length > TABLE_ROWS ? `<p>${esc(text.more(stats.length - TABLE_ROWS))}</p>` : '';
  return `<table>${head}${rows.join('')}</table>${more}`;
}

function grouping(r: Report, by: Grouping): string {
  const { heading, column } = text.grouping[by];
  const stats = r.timeToDecision[by];
  const table = stats.length ? waitTable(column, stats) : '';
  return `<section><h2>${esc(heading)}</h2>${waitChart(heading, stats)}${table}</section>`;
}

export function reportHtml(r: Report): string {
  const { overall } = r.timeToDecision;
  const d = r.decisions;
  const tiles = [
    tile(d.total, text.decisions, text.decisionsSplit(d.inChat, d.elsewhere)),
    tile(duration(overall.medianSeconds), text.median),
    tile(duration(overall.p90Seconds), text.p90),
    tile(r.openTasks.total, text.openTasks),
    tile(r.sent.reminders, text.reminders),
    tile(r.sent.escalations, text.escalations),
    tile(r.sent.nudges, text.nudges),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(text.title)}</title><style>${STYLE}</style></head>
<body><header><h1>${esc(text.title)}</h1>
<p class="meta">${esc(text.period(r.since, r.until))} · ${esc(text.made(r.asOf))}</p></header>
<div class="tiles">${tiles.join('')}</div>
<section><h2>${esc(text.whereDecided)}</h2>${whereChart(r)}</section>
<section><h2>${esc(text.openByAge)}</h2>${ageChart(r)}</section>
${(['byApplication', 'byApprover', 'byTaskType'] as const).map((by) => grouping(r, by)).join('\n')}
<footer>${esc(text.footnote)}</footer>
</body></html>
`;
}
