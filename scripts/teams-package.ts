/**
 * Builds the Teams app package an admin uploads: the manifest with this deployment's values,
 * zipped with the two icons. A value still at the template's placeholder stops it with one line
 * naming what to set: Teams would show the placeholder to everyone.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { zipSync } from 'fflate';
import { z } from 'zod';

const manifestDir = new URL('../manifest/teams/', import.meta.url);

const USAGE = `usage: npm run teams:package -- --app-id <Microsoft App ID>
    --developer-name <your organisation> --website-url <https://…> --privacy-url <https://…>
    --terms-url <https://…> [--domain <accessbot's host>] [--out manifest/teams/accessbot-teams.zip]

Each flag may come from the environment instead: MicrosoftAppId, TEAMS_BOT_DOMAIN,
TEAMS_DEVELOPER_NAME, TEAMS_WEBSITE_URL, TEAMS_PRIVACY_URL, TEAMS_TERMS_URL. The Microsoft App
ID is the GUID of your Azure Bot (Configuration → Microsoft App ID), such as
4f2a9c1e-8b3d-4e5f-9a6b-7c8d9e0f1a2b.`;

const https = (flag: string) =>
  z.url({ protocol: /^https$/, error: `${flag} must be an https:// URL` }).optional();

const Options = z.object({
  appId: z.guid({
    error:
      '--app-id (or MicrosoftAppId) must be the bot’s Microsoft App ID, a GUID such as 4f2a9c1e-8b3d-4e5f-9a6b-7c8d9e0f1a2b (Azure Bot → Configuration)',
  }),
  domain: z
    .string()
    .regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/i, {
      error: '--domain must be the host name accessbot is reached at, e.g. bot.example.com',
    })
    .optional(),
  developerName: z
    .string()
    .trim()
    .min(1)
    .max(32, '--developer-name must be at most 32 characters (a Teams limit)')
    .optional(),
  websiteUrl: https('--website-url'),
  privacyUrl: https('--privacy-url'),
  termsOfUseUrl: https('--terms-url'),
  out: z.string().min(1),
});
export type PackageOptions = z.infer<typeof Options>;

type Manifest = Record<string, unknown> & {
  id: string;
  developer: Record<string, string>;
  validDomains?: string[];
};

export function fillManifest(template: Record<string, unknown>, options: PackageOptions): Manifest {
  const bots = (template.bots as Record<string, unknown>[]).map((bot) => ({
    ...bot,
    botId: options.appId,
  }));
  const domains = new Set([
    ...((template.validDomains as string[]) ?? []),
    ...(options.domain ? [options.domain] : []),
  ]);
  const given = {
    name: options.developerName,
    websiteUrl: options.websiteUrl,
    privacyUrl: options.privacyUrl,
    termsOfUseUrl: options.termsOfUseUrl,
  };
  const developer = { ...(template.developer as Record<string, string>) };
  for (const [key, value] of Object.entries(given)) if (value !== undefined) developer[key] = value;
  return { ...template, id: options.appId, developer, bots, validDomains: [...domains] };
}

/** Where a filled-in manifest still holds one of the template's own placeholders. */
export function placeholdersIn(manifest: Manifest, template: Record<string, unknown>): string[] {
  const placeholder = template.developer as Record<string, string>;
  const fields = [
    ['name', 'developer name (--developer-name or TEAMS_DEVELOPER_NAME)'],
    ['websiteUrl', 'website URL (--website-url or TEAMS_WEBSITE_URL)'],
    ['privacyUrl', 'privacy URL (--privacy-url or TEAMS_PRIVACY_URL)'],
    ['termsOfUseUrl', 'terms of use URL (--terms-url or TEAMS_TERMS_URL)'],
  ] as const;
  return [
    ...(manifest.id === template.id ? ['app id (--app-id or MicrosoftAppId)'] : []),
    ...fields.flatMap(([key, what]) =>
      manifest.developer[key] === placeholder[key] ? [what] : [],
    ),
  ];
}

const readTemplate = () =>
  JSON.parse(readFileSync(new URL('manifest.json', manifestDir), 'utf8')) as Record<
    string,
    unknown
  >;

export function buildPackage(options: PackageOptions): Uint8Array {
  const read = (name: string) => readFileSync(new URL(name, manifestDir));
  const manifest = fillManifest(readTemplate(), options);
  return zipSync({
    'manifest.json': new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`),
    'color.png': read('color.png'),
    'outline.png': read('outline.png'),
  });
}

function fail(message: string): never {
  console.error(`teams:package: ${message}`);
  process.exit(2);
}

if (import.meta.main) {
  const flag = { type: 'string' } as const;
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        'app-id': flag,
        domain: flag,
        'developer-name': flag,
        'website-url': flag,
        'privacy-url': flag,
        'terms-url': flag,
        out: flag,
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    fail(`${(error as Error).message} (--help lists the options)`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const env = (name: string) => process.env[name] || undefined;
  const template = readTemplate();
  // Unset values keep the template's, so one line can name every placeholder left.
  const parsed = Options.safeParse({
    appId: values['app-id'] ?? env('MicrosoftAppId') ?? template.id,
    domain: values.domain ?? env('TEAMS_BOT_DOMAIN'),
    developerName: values['developer-name'] ?? env('TEAMS_DEVELOPER_NAME'),
    websiteUrl: values['website-url'] ?? env('TEAMS_WEBSITE_URL'),
    privacyUrl: values['privacy-url'] ?? env('TEAMS_PRIVACY_URL'),
    termsOfUseUrl: values['terms-url'] ?? env('TEAMS_TERMS_URL'),
    out: values.out ?? 'manifest/teams/accessbot-teams.zip',
  });
  if (!parsed.success) fail(parsed.error.issues.map((i) => i.message).join('; '));
  const placeholders = placeholdersIn(fillManifest(template, parsed.data), template);
  if (placeholders.length) fail(`still a placeholder, set: ${placeholders.join(', ')}`);
  const out = resolve(parsed.data.out);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, buildPackage(parsed.data));
  console.log(`wrote ${out}: upload it in Teams (Apps → Manage your apps → Upload an app)`);
}
