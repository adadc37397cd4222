/**
 * The Teams app package: the manifest validates against Microsoft's Teams manifest JSON schema
 * (shipped in the `@microsoft/app-manifest` npm package, validated offline), its command lists
 * match the bot's commands, the icons are the sizes and colours Teams asks for, and
 * `teams:package` builds an uploadable zip.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { AppManifestUtils } from '@microsoft/app-manifest';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildPackage, fillManifest } from '../../scripts/teams-package.ts';
import { HELP_COMMANDS } from '../../src/core/commands.ts';

const require = createRequire(import.meta.url);
const schemas = join(dirname(require.resolve('@microsoft/app-manifest')), 'json-schemas', 'teams');
const read = (name: string) =>
  readFileSync(new URL(`../../manifest/teams/${name}`, import.meta.url));
const manifest = JSON.parse(read('manifest.json').toString('utf8'));
const APP_ID = '4f2a9c1e-8b3d-4e5f-9a6b-7c8d9e0f1a2b';

async function schemaErrors(json: unknown): Promise<string[]> {
  const version = (json as { manifestVersion: string }).manifestVersion;
  const schema = JSON.parse(
    readFileSync(join(schemas, `v${version}`, 'MicrosoftTeams.schema.json'), 'utf8'),
  );
  return AppManifestUtils.validateAgainstSchema(json as never, schema);
}

describe('manifest.json', () => {
  it('uses the newest released Teams manifest schema', () => {
    const released = readdirSync(schemas)
      .filter((v) => /^v\d+\.\d+$/.test(v))
      .map((v) => v.slice(1))
      .sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]));
    expect(manifest.manifestVersion).toBe(released.at(-1));
    expect(manifest.$schema).toContain(`/v${manifest.manifestVersion}/`);
  });

  it('validates against the Teams manifest schema, as checked in and as packaged', async () => {
    expect(await schemaErrors(manifest)).toEqual([]);
    expect(
      await schemaErrors(
        fillManifest(manifest, { appId: APP_ID, domain: 'bot.example.com', out: 'x' }),
      ),
    ).toEqual([]);
  });

  it('is a bot for personal chats, teams and group chats, listing ten of our commands', () => {
    const [bot] = manifest.bots;
    expect(bot.scopes.sort()).toEqual(['groupChat', 'personal', 'team']);
    const scopes = bot.commandLists.flatMap((l: { scopes: string[] }) => l.scopes).sort();
    expect(scopes).toEqual(['groupChat', 'personal', 'team']);
    // Teams lists ten at most: `groups` gives its place to `requests`; `nudge`, `answer`,
    // `looking` and `ask` follow from `requests` and from a card's button, `away` and `back`
    // are typed, `app` follows from `apps`. `help` lists them all.
    // And the settings a person changes now and then; access reviews come in campaigns, typed;
    // a receipt is looked up with the code its reply showed.
    const settings = ['away', 'back', 'digest'];
    const reviews = ['reviews', 'review'];
    const unlisted = [
      'groups',
      'nudge',
      'looking',
      'ask',
      'answer',
      'app',
      ...settings,
      ...reviews,
      'receipt',
    ];
    for (const list of bot.commandLists) {
      expect(list.commands.map((c: { title: string }) => c.title).sort()).toEqual(
        HELP_COMMANDS.filter((name) => !unlisted.includes(name)).sort(),
      );
    }
  });
});

/** Width, height and RGBA pixels of an 8-bit RGBA, non-interlaced PNG with filter 0 rows. */
function decodePng(file: Buffer) {
  const width = file.readUInt32BE(16);
  const height = file.readUInt32BE(20);
  expect([...file.subarray(24, 29)]).toEqual([8, 6, 0, 0, 0]);
  const idat: Buffer[] = [];
  for (let at = 8; at < file.length; ) {
    const length = file.readUInt32BE(at);
    if (file.toString('ascii', at + 4, at + 8) === 'IDAT')
      idat.push(file.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const rows = inflateSync(Buffer.concat(idat));
  const pixels: number[][] = [];
  for (let y = 0; y < height; y++) {
    expect(rows[y * (width * 4 + 1)]).toBe(0);
    for (let x = 0; x < width; x++) {
      const i = y * (width * 4 + 1) + 1 + x * 4;
      pixels.push([rows[i]!, rows[i + 1]!, rows[i + 2]!, rows[i + 3]!]);
    }
  }
  return { width, height, pixels };
}

describe('icons', () => {
  it('color.png is 192×192 and opaque', () => {
    const { width, height, pixels } = decodePng(read('color.png'));
    expect([width, height]).toEqual([192, 192]);
    expect(pixels.every((p) => p[3] === 255)).toBe(true);
  });

  it('outline.png is 32×32, white on transparent', () => {
    const { width, height, pixels } = decodePng(read('outline.png'));
    expect([width, height]).toEqual([32, 32]);
    expect(pixels.every(([r, g, b, a]) => a === 0 || (r === 255 && g === 255 && b === 255))).toBe(
      true,
    );
    expect(pixels.some((p) => p[3] === 255)).toBe(true);
    expect(pixels.some((p) => p[3] === 0)).toBe(true);
  });
});

describe('teams:package', () => {
  it('zips the filled-in manifest and both icons at the root', () => {
    const files = unzipSync(buildPackage({ appId: APP_ID, domain: 'bot.example.com', out: 'x' }));
    expect(Object.keys(files).sort()).toEqual(['color.png', 'manifest.json', 'outline.png']);
    const packed = JSON.parse(new TextDecoder().decode(files['manifest.json']));
    expect(packed.id).toBe(APP_ID);
    expect(packed.bots[0].botId).toBe(APP_ID);
    expect(packed.validDomains).toContain('bot.example.com');
    expect(Buffer.from(files['color.png']!)).toEqual(read('color.png'));
  });
});
