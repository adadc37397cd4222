/**
 * The README tells the truth: its demo transcript is replayed against the demo (the commands it
 * shows typed, its output compared line by line, times and ids aside, `…` standing for lines
 * left out), the pushed task it shows is what the demo pushes, it sends readers to the
 * configuration table (checked against the settings in test/app/deploy.test.ts), its contents
 * name every section, and the commands it shows work as shown. docs/README.md names every page.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childEnv } from '../helpers/child-env.ts';
import { startBot } from '../helpers/spawn.ts';
import { entry, heapFlags } from '../helpers/start-command.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const dataDir = mkdtempSync(join(tmpdir(), 'accessbot-readme-'));

/** The code block after the HTML comment that starts with `marker`. */
function blockAfter(marker: string): string {
  const start = readme.indexOf(`<!-- ${marker}`);
  expect(start, `README has a "${marker}" block`).toBeGreaterThanOrEqual(0);
  const block = /```text\n([\s\S]*?)```/.exec(readme.slice(start));
  return block![1]!;
}

/** Times and ids differ from run to run. */
const normal = (text: string) =>
  text
    .replace(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/g, '<time>')
    // A calendar day (an absence's end): `Sat, Nov 30, 2026`.
    .replace(/\b[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}\b/g, '<day>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
    // The start of an id, as the hint under a pushed task offers it, and a confirmation's code.
    .replace(/(approve|decline) [0-9a-f]{8}\b/g, '$1 <id>')
    // A review's row names its task by the start of its id.
    .replace(/`[0-9a-f]{8}`/g, '`<id>`')
    .replace(/confirm [a-z2-9]{8}\b/g, 'confirm <code>')
    // A decision's receipt, from its audit entry's hash.
    .replace(/\b[0-9A-Z]{5}-[0-9A-Z]{5}\b/g, '<receipt>');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern for expected lines; a line that is only `…` stands for any number of lines. */
function linesPattern(lines: string[], whole: boolean): RegExp {
  const parts = lines.map((line) =>
    line.trim() === '…' ? '(?:[^\\n]*\\n)*?' : `${escapeRegExp(line)}\\n`,
  );
  const body = parts.join('');
  return new RegExp(`^${whole ? `${body.replace(/\\n$/, '\\n?')}$` : body}`);
}

/** Whether the output is the expected text, and if not, the first README line it departs from. */
function compare(expected: string, actual: string): { same: boolean; departs?: string } {
  const lines = normal(expected).split('\n');
  const output = normal(actual);
  if (linesPattern(lines, true).test(output)) return { same: true };
  const at = lines.findIndex((_, i) => !linesPattern(lines.slice(0, i + 1), false).test(output));
  return { same: false, departs: `README line ${at + 1}: ${lines[at]}\ndemo output:\n${actual}` };
}

/** GitHub's anchor for a heading. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

describe('the README', () => {
  it('shows a demo session that the demo really prints', async () => {
    const transcript = blockAfter('demo transcript');
    const typed = transcript
      .split('\n')
      .filter((line) => line.startsWith('> '))
      .map((line) => line.slice(2));
    expect(typed.length).toBeGreaterThan(5);
    // In a pipe the demo prints no prompt: its output is the transcript without the typed lines.
    const expected = transcript
      .split('\n')
      .filter((line) => !line.startsWith('> '))
      .join('\n');
    // Typed all at once, faster than a person types: more in a row than RATE_LIMIT_BURST lets by.
    const bot = startBot({
      DATABASE_URL: join(dataDir, 'transcript.db'),
      DEMO_REQUEST_AFTER: '0',
      RATE_LIMIT_BURST: '20',
    });
    try {
      await bot.waitFor(/pending tasks/);
      for (const line of typed) bot.type(line);
      expect(await bot.exited).toBe(0);
      const { same, departs } = compare(expected, bot.stdout());
      expect(same, departs).toBe(true);
    } finally {
      bot.child.kill('SIGKILL');
    }
  });

  it('shows the pushed task the demo pushes, and approving it with its confirmation', async () => {
    const shown = blockAfter('demo push');
    const lines = shown.split('\n');
    const typed = lines.filter((line) => line.startsWith('> ')).map((line) => line.slice(2));
    const expected = lines.filter((line) => !line.startsWith('> ')).join('\n');
    // Every context line in time however busy the machine: the bound is not what is shown here.
    const bot = startBot({
      DATABASE_URL: join(dataDir, 'push.db'),
      DEMO_REQUEST_AFTER: '200ms',
      DECISION_CONTEXT_WAIT: '10m',
    });
    try {
      await bot.waitFor(/New task waiting for your decision\n(?:.+\n)+\n/);
      const from = bot.stdout().indexOf('New task waiting for your decision');
      const pushed = bot.stdout().slice(from);
      // The README's id and code stand for the ones this run shows.
      const idOf = (text: string) => /Task:\s+([0-9a-f]{8})/.exec(text)![1]!;
      const [readmeId, id] = [idOf(shown), idOf(pushed)];
      let code: string | undefined;
      for (const line of typed) {
        const mark = bot.stdout().length;
        const said = line.replace(readmeId, id).replace(/confirm [a-z2-9]{8}/, `confirm ${code}`);
        bot.type(said);
        const answer = await bot.waitFor(/[\s\S]*?\n\n/, mark);
        code ??= /confirm ([a-z2-9]{8})/.exec(answer)?.[1];
      }
      bot.type('quit');
      expect(await bot.exited).toBe(0);
      const { same, departs } = compare(expected, bot.stdout().slice(from));
      expect(same, departs).toBe(true);
    } finally {
      bot.child.kill('SIGKILL');
    }
  });

  it('sends readers to the table of every setting, and names what production requires', () => {
    const section = readme.slice(readme.indexOf('## Configure'));
    expect(section).toContain('](docs/configuration.md)');
    for (const name of ['`ACCESS_API_URL`', '`DATABASE_URL`', '`NODE_ENV=production`']) {
      expect(section).toContain(name);
    }
    expect(readme.slice(readme.indexOf('## Connect Teams'))).toContain('`TEAMS_ALLOWED_TENANTS`');
  });

  it('names every one of its sections in its contents', () => {
    const contents = readme.slice(readme.indexOf('**Contents:**'), readme.indexOf('\n## '));
    const linked = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
    const sections = [...readme.matchAll(/^## (.+)$/gm)].map((m) => slug(m[1]!));
    expect(linked).toEqual(sections);
  });

  it('shows the flags teams:package needs, and only those, as needed', () => {
    const shown = /`npm run teams:package -- ([^`]+)`/.exec(readme)![1]!.replace(/\s+/g, ' ');
    const values: Record<string, string> = {
      '--app-id': '4f2a9c1e-8b3d-4e5f-9a6b-7c8d9e0f1a2b',
      '--developer-name': 'Corp IT',
      '--domain': 'accessbot.corp.dev',
    };
    const flags = [...shown.matchAll(/(--[\w-]+) <[^>]+>/g)].map((m) => m[1]!);
    const args = flags.flatMap((flag) => [flag, values[flag] ?? `https://corp.dev/${flag}`]);
    const pack = (given: string[]) =>
      spawnSync(
        process.execPath,
        ['scripts/teams-package.ts', ...given, '--out', join(dataDir, 'teams.zip')],
        {
          cwd: new URL('../../', import.meta.url),
          env: childEnv(),
          encoding: 'utf8',
        },
      );
    expect(pack(args).status).toBe(0);
    flags.forEach((flag, i) => {
      const without = [...args.slice(0, 2 * i), ...args.slice(2 * i + 2)];
      expect({ flag, packed: pack(without).status === 0 }).toEqual({ flag, packed: false });
    });
  });
});

describe('the README and docs/', () => {
  const root = new URL('../../', import.meta.url);
  const docs = readdirSync(new URL('docs/', root)).filter((f) => f.endsWith('.md'));
  const files = ['README.md', ...docs.map((f) => `docs/${f}`)];
  const anchorsOf = (file: string) =>
    [...readFileSync(new URL(file, root), 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!));

  it('link only to files and headings that exist', () => {
    for (const file of files) {
      const text = readFileSync(new URL(file, root), 'utf8');
      for (const [, target] of text.matchAll(/\]\(((?!https?:)[^)\s]+)\)/g)) {
        const [path, anchor] = target!.split('#');
        const linked = path ? new URL(path, new URL(file, root)) : new URL(file, root);
        expect(existsSync(linked), `${file} → ${target}`).toBe(true);
        if (anchor) {
          const relative = linked.pathname.slice(root.pathname.length);
          expect(anchorsOf(relative), `${file} → ${target}`).toContain(anchor);
        }
      }
    }
  });

  /** Shell lines of the code blocks (continuations joined) and inline `npm …` or `node …`. */
  const commandsIn = (text: string) => [
    ...[...text.matchAll(/```(?:sh|bash|console)\n([\s\S]*?)```/g)].flatMap((m) =>
      m[1]!.replace(/\\\n\s*/g, ' ').split('\n'),
    ),
    ...[...text.matchAll(/`((?:npm|node) [^`]+)`/g)].map((m) => m[1]!.replace(/\s+/g, ' ')),
  ];
  const scripts = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).scripts;

  it('run only scripts and files that exist, and accessbot as npm start runs it', () => {
    for (const file of files) {
      for (const line of commandsIn(readFileSync(new URL(file, root), 'utf8'))) {
        const where = `${file}: ${line}`;
        for (const [, script] of line.matchAll(/\bnpm run ([\w:-]+)/g)) {
          expect(Object.keys(scripts), where).toContain(script);
        }
        // A path the command creates need not exist yet.
        if (/^mkdir /.test(line)) continue;
        for (const [, path] of line.matchAll(
          /(?:^|[\s=])((?:src|scripts|bin|bench|deploy|manifest|adapters|docs|test)\/[\w./-]*)/g,
        )) {
          expect(existsSync(new URL(path!, root)), where).toBe(true);
        }
        // Through the entry that checks the Node version, never the TypeScript file itself.
        expect(line, where).not.toMatch(/\bnode\b.*src\/app\/main\.ts/);
        if (line.includes(entry)) expect(line, where).toContain(`${heapFlags.join(' ')} ${entry}`);
      }
    }
  });

  it('run no sentence on into the next one', () => {
    for (const file of files) {
      const lines = readFileSync(new URL(file, root), 'utf8')
        .replace(/```[\s\S]*?```/g, '')
        .split('\n');
      lines.forEach((line, i) => {
        // A line that starts in lower case, right after one that ended a sentence.
        const broken = /^[a-z]/.test(line) && /[.!?]$/.test(lines[i - 1]?.trim() ?? '');
        expect(broken ? `${file}:${i + 1}: ${line}` : undefined).toBeUndefined();
      });
    }
  });

  it('list every page of docs/ in docs/README.md, each on one line', () => {
    const index = readFileSync(new URL('docs/README.md', root), 'utf8').split('\n');
    for (const page of docs.filter((f) => f !== 'README.md')) {
      expect({ page, lines: index.filter((l) => l.includes(`](${page})`)).length }).toEqual({
        page,
        lines: 1,
      });
    }
    expect(readme).toContain('](docs/README.md)');
  });

  it('name the entry point where it is', () => {
    for (const file of files) {
      expect(readFileSync(new URL(file, root), 'utf8'), file).not.toMatch(/\bsrc\/main\.ts/);
    }
  });
});
