/**
 * Writes deploy/accessbot.env.example and docs/configuration.md from src/app/settings.ts, so they
 * never drift from what accessbot reads. `--check` writes nothing and fails when either differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type SettingDoc, settingDocs } from '../src/app/env-values.ts';
import { settingGroups } from '../src/app/settings.ts';

const USAGE = `usage: npm run env:example [-- --check]

Writes deploy/accessbot.env.example and docs/configuration.md from src/app/settings.ts.
  --check   write nothing; exit 1 naming each file that is not up to date
  --help    this text`;

const root = new URL('../', import.meta.url);
export const ENV_EXAMPLE = 'deploy/accessbot.env.example';
export const CONFIGURATION_DOC = 'docs/configuration.md';

function groups(): Array<[title: string, Array<[name: string, doc: SettingDoc]>]> {
  return Object.entries(settingGroups).map(([title, shape]) => [
    title,
    Object.entries(shape).map(([name, schema]) => {
      const doc = settingDocs.get(schema);
      if (!doc) throw new Error(`${name} has no description in src/app/settings.ts`);
      return [name, doc];
    }),
  ]);
}

/** Markdown to a comment: links that only point elsewhere dropped, others as their text. */
const plain = (markdown: string) =>
  markdown
    .replace(/\s*\(\[[^\]]+\]\([^)]+\)\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replaceAll('`', '');

/** A comment sentence; a meaning that starts with a value (`postgres://…`) keeps its case. */
const sentence = (markdown: string) => {
  const text = plain(markdown);
  return /^[a-z]/.test(markdown) ? `${text[0]!.toUpperCase()}${text.slice(1)}.` : `${text}.`;
};

export function renderEnvExample(): string {
  const lines = [
    '# accessbot: every setting, grouped, each with what it means and its default.',
    '# Written by `npm run env:example` from src/app/settings.ts: do not edit by hand.',
    '#',
    '# Copy it to .env (compose.yaml) or /etc/accessbot/accessbot.env (the systemd unit), fill in',
    '# the uncommented lines you use, and uncomment a line to change its default. An empty value',
    '# counts as unset. Keep the copy readable by its owner only: chmod 600.',
  ];
  for (const [title, settings] of groups()) {
    lines.push('', `# ── ${title} ──`);
    for (const [name, doc] of settings) {
      const unset = !doc.unset
        ? ''
        : doc.unset.startsWith('required')
          ? ` ${sentence(doc.unset)}`
          : ` Unset: ${plain(doc.unset)}.`;
      lines.push(`# ${sentence(doc.doc)}${unset}`);
      lines.push(doc.fill ? `${name}=` : `# ${name}=${doc.default ?? ''}`);
    }
  }
  lines.push(
    '',
    '# ── compose.yaml only ──',
    '# The password of the PostgreSQL database compose.yaml runs; accessbot gets it as PGPASSWORD.',
    'POSTGRES_PASSWORD=',
  );
  return `${lines.join('\n')}\n`;
}

const cell = (text: string) => text.replaceAll('|', '\\|');

export function renderConfigurationDoc(): string {
  const lines = [
    '# Configuration',
    '',
    '<!-- Written by `npm run env:example` from src/app/settings.ts: do not edit by hand. -->',
    '',
    'Every setting is an environment variable, read and checked at start-up: a wrong or missing one',
    'stops accessbot with one line naming it (`accessbot: configuration error: PORT must be a whole',
    'number`). An empty value counts as unset. With `NODE_ENV=production` or a chat platform',
    'configured, `ACCESS_API_URL` and `DATABASE_URL` are required ([deployment](deployment.md)).',
    'A variable in accessbot’s namespaces — the first word of a setting (`POLL_`, `ACCESS_`,',
    '`SLACK_`, …) or `MicrosoftApp` — that is none of them is a misspelling: with',
    '`NODE_ENV=production` it stops the start (`unknown setting POLL_INTERVAL_SECOND — did you mean',
    'POLL_INTERVAL_SECONDS?`), elsewhere it is logged as a warning. Other software’s variables',
    '(`NODE_OPTIONS`, Kubernetes’ `…_SERVICE_HOST`) are left alone. `MicrosoftAppPassword` or',
    '`MicrosoftAppTenantId` without `MicrosoftAppId` would leave Teams off: it too stops the start',
    'in production and is a warning elsewhere.',
    '[`deploy/accessbot.env.example`](../deploy/accessbot.env.example) lists the same settings,',
    'ready to fill in.',
  ];
  for (const [title, settings] of groups()) {
    lines.push('', `## ${title}`, '', '| variable | meaning | default |', '| --- | --- | --- |');
    for (const [name, doc] of settings) {
      const fallback = doc.default
        ? `\`${doc.default}\``
        : `unset${doc.unset ? ` → ${doc.unset}` : ''}`;
      lines.push(`| \`${name}\` | ${cell(doc.doc)} | ${cell(fallback)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const outputs: Array<[file: string, render: () => string]> = [
  [ENV_EXAMPLE, renderEnvExample],
  [CONFIGURATION_DOC, renderConfigurationDoc],
];

if (import.meta.main) {
  let values: { check?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { check: { type: 'boolean' }, help: { type: 'boolean' } },
    }));
  } catch (error) {
    console.error(`env:example: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  let stale = false;
  for (const [file, render] of outputs) {
    const url = new URL(file, root);
    if (!values.check) writeFileSync(url, render());
    else if (readFileSync(url, 'utf8') !== render()) {
      console.error(`env:example: ${file} is not up to date: run npm run env:example`);
      stale = true;
    }
  }
  if (!values.check) console.log(`wrote ${outputs.map(([file]) => file).join(' and ')}`);
  process.exit(stale ? 1 : 0);
}
