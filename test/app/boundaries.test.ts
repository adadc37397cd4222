/** The architecture, enforced: core is platform-neutral and only src/access knows the service. */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/**
 * Every module `file` imports: `import`, `import type`, `export … from`, a bare `import '…'` and
 * `import('…')`.
 */
const importsOf = (file: string) =>
  [
    ...readFileSync(join(root, file), 'utf8').matchAll(
      /^\s*(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm,
    ),
  ].map((m) => (m[1] ?? m[2] ?? m[3])!);

/** What a file imports from this repository, as paths from its root (e.g. `src/core/bot.ts`). */
const localImportsOf = (file: string) =>
  importsOf(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => relative(root, join(root, dirname(file), spec)));

const offending = (dirs: string[], allowed: (file: string, target: string) => boolean) =>
  dirs.flatMap(sources).flatMap((file) =>
    localImportsOf(file)
      .filter((target) => !allowed(file, target))
      .map((target) => `${file} imports ${target}`),
  );

/** Each import circle among `files`, once, as the files in it from the first one back to it. */
function circles(files: string[]): string[] {
  const graph = new Map(files.map((file) => [file, localImportsOf(file)]));
  const found: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) found.push([...path.slice(at), next].join(' → '));
      else if (!done.has(next)) visit(next);
    }
    path.pop();
    done.add(file);
  };
  for (const file of files) if (!done.has(file)) visit(file);
  return found;
}

/**
 * What every layer may use: the error base, the logger, the metrics, src/net, and the server's
 * route, its count of refused requests and what a loopback address is.
 */
const shared = [
  'src/errors.ts',
  'src/log.ts',
  'src/metrics.ts',
  'src/server/route.ts',
  'src/server/refusals.ts',
  'src/server/loopback.ts',
];
const isShared = (target: string) => shared.includes(target) || target.startsWith('src/net/');

describe('architecture boundaries', () => {
  it('src/core imports no adapter, no chat SDK and no HTTP client', () => {
    const offenders = sources('src/core').flatMap((file) =>
      importsOf(file)
        .filter((spec) => /adapters\/|@slack\/|botbuilder|^got$|sandbox\//.test(spec))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the core is the adapters' only door: they import src/core and nothing else of ours", () => {
    const offenders = offending(['adapters'], (file, target) => {
      const own = file.split('/').slice(0, 2).join('/');
      return target.startsWith(`${own}/`) || target.startsWith('src/core/') || isShared(target);
    });
    expect(offenders).toEqual([]);
  });

  it('src/net (back-off, Retry-After, the response_url post) stands on its own', () => {
    const offenders = offending(['src/net'], (_file, target) => target.startsWith('src/net/'));
    expect(offenders).toEqual([]);
  });

  it('only src/access and src/net import got', () => {
    const offenders = ['src', 'adapters', 'scripts']
      .flatMap(sources)
      .filter((file) => !file.startsWith('src/access/') && !file.startsWith('src/net/'))
      .filter((file) => importsOf(file).includes('got'));
    expect(offenders).toEqual([]);
  });

  it('src/core leans on the service client and the store only, never on the poller or the wiring', () => {
    const offenders = offending(
      ['src/core'],
      (_file, target) =>
        ['src/core/', 'src/access/', 'src/store/'].some((dir) => target.startsWith(dir)) ||
        isShared(target),
    );
    expect(offenders).toEqual([]);
  });

  it('nothing below the composition root imports it, and only it starts the sandbox', () => {
    const below = [
      'src/access',
      'src/core',
      'src/poller',
      'src/store',
      'src/server',
      'src/webhooks',
    ];
    const upward = offending(
      [...below, 'adapters'],
      (_file, target) => !target.startsWith('src/app/'),
    );
    const sandbox = offending(
      [...below, 'adapters'],
      (_file, target) => !target.startsWith('src/sandbox/'),
    );
    expect([...upward, ...sandbox]).toEqual([]);
  });

  it("one folder per feature: features meet through the kernel and each other's index.ts only", () => {
    // A folder of src/core is a feature (i18n, the voice, is kernel); its files are its own.
    const featureOf = (file: string) => {
      const [, , folder, ...rest] = file.split('/');
      return rest.length && folder !== 'i18n' ? folder : undefined;
    };
    // The router (bot, command table, help) wires features together; nothing else of the kernel
    // may lean on one.
    const router = [
      'bot.ts',
      'bot-deps.ts',
      'commands.ts',
      'help.ts',
      'read.ts',
      'confirmations.ts',
    ].map((name) => `src/core/${name}`);
    const allowed = (file: string, target: string) => {
      const to = featureOf(target);
      if (!to || !target.startsWith('src/core/')) return true;
      const from = featureOf(file);
      if (from === to || router.includes(file)) return true;
      return from !== undefined && target === `src/core/${to}/index.ts`;
    };
    const offenders = sources('src/core').flatMap((file) =>
      localImportsOf(file)
        .filter((target) => !allowed(file, target))
        .map((target) => `${file} imports ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no file imports itself through others: no import circle, type-only ones included', () => {
    expect(circles(['src', 'adapters', 'scripts'].flatMap(sources))).toEqual([]);
  });

  it('finds a circle of type-only imports and re-exports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'accessbot-circle-'));
    const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
    write('a.ts', "import type {\n  B,\n} from './b.ts';\nexport const a = 1;\n");
    write('b.ts', "export * from './c.ts';\n");
    write('c.ts', "export { a as C } from './a.ts';\nexport type B = number;\n");
    write('d.ts', "import { a } from './a.ts';\n");
    const files = ['a.ts', 'b.ts', 'c.ts', 'd.ts'].map((name) => relative(root, join(dir, name)));
    expect(circles(files)).toEqual([[...files.slice(0, 3), files[0]].join(' → ')]);
  });

  it('only the composition root imports the poller', () => {
    const offenders = offending(
      [
        'src/access',
        'src/core',
        'src/store',
        'src/server',
        'src/webhooks',
        'src/sandbox',
        'adapters',
      ],
      (_f, target) => !target.startsWith('src/poller/'),
    );
    expect(offenders).toEqual([]);
  });

  it('the webhook receiver leans on the service client, the core, the server and the store', () => {
    const offenders = offending(
      ['src/webhooks'],
      (_file, target) =>
        ['src/webhooks/', 'src/access/', 'src/core/', 'src/server/', 'src/store/'].some((dir) =>
          target.startsWith(dir),
        ) || isShared(target),
    );
    expect(offenders).toEqual([]);
  });

  it('only src/access (and the sandbox that simulates it) names Access Service paths', () => {
    const pathLiteral =
      /['"`]\/?(?:api\/v1\/)?(?:Tasks|WorkApps|UsersGroups|Policies\/CompatiblePolicies)\b/;
    const offenders = ['src', 'adapters']
      .flatMap(sources)
      .filter((file) => !file.startsWith('src/access/') && !file.startsWith('src/sandbox/'))
      .filter((file) => pathLiteral.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the audit trail is written, read, pruned and exported in src/core/audit alone', () => {
    const auditCall =
      /\.(?:appendAudit|listAudit|readAuditLog|countDecisions|decisionWaits|pruneAudit)\(/;
    const offenders = ['src', 'adapters', 'scripts']
      .flatMap(sources)
      .filter((file) => !file.startsWith('src/core/audit/') && !file.startsWith('src/store/'))
      .filter((file) => auditCall.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('only adapters/slack imports Bolt and only adapters/teams imports botbuilder', () => {
    const offenders = ['src', 'adapters'].flatMap(sources).flatMap((file) =>
      importsOf(file)
        .filter(
          (spec) =>
            (spec.startsWith('@slack/') && !file.startsWith('adapters/slack/')) ||
            (spec.startsWith('botbuilder') && !file.startsWith('adapters/teams/')),
        )
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });
});
