/** The architecture, enforced: core is platform-neutral and only src/access knows the service. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

const importsOf = (file: string) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/^\s*import[^'"]*['"]([^'"]+)['"]/gm)].map(
    (m) => m[1]!,
  );

describe('architecture boundaries', () => {
  it('src/core imports no adapter, no chat SDK and no HTTP client', () => {
    const offenders = sources('src/core').flatMap((file) =>
      importsOf(file)
        .filter((spec) => /adapters\/|@slack\/|botbuilder|^got$|sandbox\//.test(spec))
        .map((spec) => `${file} imports ${spec}`),
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
