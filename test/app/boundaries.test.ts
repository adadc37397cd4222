/** The architecture, enforced: core is platform-neutral and only src/access knows the service. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

const importsOf = (file: string) =>
  [
    ...readFileSync(join(root, file), 'utf8').matchAll(
      /^\s*(?:import|export)\b[^'"]*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm,
    ),
  ].map((m) => (m[1] ?? m[2])!);

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

/** What every layer may use: the error base, the logger, the metrics and src/net. */
const shared = ['src/errors.ts', 'src/log.ts', 'src/metrics.ts'];
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

  it('only the composition root imports the poller', () => {
    const offenders = offending(
      ['src/access', 'src/core', 'src/store', 'adapters'],
      (_f, target) => !target.startsWith('src/poller/'),
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
    const auditCall = /\.(?:appendAudit|listAudit|readAuditLog|countDecisions|pruneAudit)\(/;
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
