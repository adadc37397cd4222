/**
 * Builds the Teams app package an admin uploads: `manifest/teams/manifest.json` with the bot's
 * Microsoft App ID filled in (as the app id and the bot id) and the bot's host added to
 * `validDomains`, zipped with the two icons at the root, as Teams expects.
 *
 *   npm run teams:package -- --app-id <MicrosoftAppId> --domain bot.example.com [--out file.zip]
 *
 * `--app-id` defaults to `MicrosoftAppId` from the environment.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { zipSync } from 'fflate';
import { z } from 'zod';

const manifestDir = new URL('../manifest/teams/', import.meta.url);

const Options = z.object({
  appId: z.uuid({
    error: '--app-id (or MicrosoftAppId) must be the bot’s Microsoft App ID, a GUID',
  }),
  domain: z
    .string()
    .regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/i, {
      error: '--domain must be the host name accessbot is reached at, e.g. bot.example.com',
    })
    .optional(),
  out: z.string().min(1),
});
export type PackageOptions = z.infer<typeof Options>;

/** The manifest with this deployment's ids and domain, as a JSON object. */
export function fillManifest(template: Record<string, unknown>, options: PackageOptions) {
  const bots = (template.bots as Record<string, unknown>[]).map((bot) => ({
    ...bot,
    botId: options.appId,
  }));
  const domains = new Set([
    ...((template.validDomains as string[]) ?? []),
    ...(options.domain ? [options.domain] : []),
  ]);
  return { ...template, id: options.appId, bots, validDomains: [...domains] };
}

export function buildPackage(options: PackageOptions): Uint8Array {
  const read = (name: string) => readFileSync(new URL(name, manifestDir));
  const manifest = fillManifest(JSON.parse(read('manifest.json').toString('utf8')), options);
  return zipSync({
    'manifest.json': new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`),
    'color.png': read('color.png'),
    'outline.png': read('outline.png'),
  });
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { 'app-id': { type: 'string' }, domain: { type: 'string' }, out: { type: 'string' } },
  });
  const parsed = Options.safeParse({
    appId: values['app-id'] ?? process.env.MicrosoftAppId,
    domain: values.domain,
    out: values.out ?? 'manifest/teams/accessbot-teams.zip',
  });
  if (!parsed.success) {
    console.error(`teams:package: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
    process.exit(2);
  }
  const out = resolve(parsed.data.out);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, buildPackage(parsed.data));
  console.log(`wrote ${out}: upload it in Teams (Apps → Manage your apps → Upload an app)`);
}
