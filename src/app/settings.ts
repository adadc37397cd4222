/**
 * Every setting accessbot reads, in groups (those of what it does in settings-behaviour.ts), each
 * with how it is read, its one-line meaning (Markdown, links relative to docs/) and its default.
 * The rules between them are in config.ts; `npm run env:example` writes the env example and
 * docs/configuration.md from here.
 */
import { z } from 'zod';
import { defaultLimits } from '../access/limits.ts';
import { LANGUAGES } from '../core/i18n/catalogs.ts';
import { languageOf } from '../core/i18n/voice.ts';
import {
  header,
  httpUrl,
  intIn,
  onOff,
  optional,
  secret,
  tenantList,
  withDefault,
} from './env-values.ts';
import { atLeastASecond, demo, notifications, people } from './settings-behaviour.ts';
import { teamsCloud } from './settings-cloud.ts';

/** The Bot Framework's app types, as botbuilder names them. */
const APP_TYPES = ['MultiTenant', 'SingleTenant', 'UserAssignedMSI'] as const;

/** The value of ACCESS_API_URL that asks for the embedded sandbox by name. */
export const SANDBOX = 'sandbox';
export const WEBHOOK_SECRET_MIN = 32;

const accessService = {
  ACCESS_API_URL: optional(
    z.union([z.literal(SANDBOX), httpUrl('ACCESS_API_URL')], {
      error:
        'ACCESS_API_URL must be an http(s) URL, e.g. https://access.example.com/api/v1 (or sandbox for the built-in sandbox)',
    }),
    'Access Service base URL with the version prefix, e.g. `https://access.example.com/api/v1`; `sandbox` runs the built-in sandbox',
    {
      unset:
        'the built-in sandbox for the demo; required with `NODE_ENV=production` or a chat platform',
      fill: true,
    },
  ),
  ACCESS_API_KEY: secret(
    'ACCESS_API_KEY',
    'the Access Service key, sent as `X-API-KEY` on every request',
    'required with `ACCESS_API_URL`',
  ),
  ACCESS_API_SECRET: secret(
    'ACCESS_API_SECRET',
    'the Access Service secret, sent as `X-API-SECRET` on every request',
    'required with `ACCESS_API_URL`',
  ),
  ACCESS_TASK_STATUS_PARAM: withDefault(
    z.string().regex(/^[A-Za-z_][\w.-]*$/, 'ACCESS_TASK_STATUS_PARAM must be a query name'),
    'status',
    'name of the query parameter that filters tasks by status',
  ),
  ACCESS_PENDING_STATUS: withDefault(
    z.string().min(1),
    'Pending',
    'the status value of a task waiting for a decision',
  ),
  ACCESS_TIMEOUT_SECONDS: withDefault(
    intIn('ACCESS_TIMEOUT_SECONDS', 1, 120),
    '10',
    'time limit of one Access Service request, in seconds (1–120)',
  ),
  ACCESS_MAX_PAGES: withDefault(
    intIn('ACCESS_MAX_PAGES', 1, 1_000_000),
    String(defaultLimits.maxPages),
    'pages (requests) one Access Service list may take; past it the command fails with a clear answer ([security](security.md))',
  ),
  ACCESS_MAX_ITEMS: withDefault(
    intIn('ACCESS_MAX_ITEMS', 1, 100_000_000),
    String(defaultLimits.maxItems),
    'items one Access Service list may hold',
  ),
  ACCESS_MAX_RESPONSE_BYTES: withDefault(
    intIn('ACCESS_MAX_RESPONSE_BYTES', 1_000, 2_000_000_000),
    String(defaultLimits.maxResponseBytes),
    'bytes of one Access Service response, cut off while it downloads',
  ),
  ACCESS_MAX_LIST_BYTES: withDefault(
    intIn('ACCESS_MAX_LIST_BYTES', 1_000, 100_000_000_000),
    String(defaultLimits.maxListBytes),
    'bytes of all the pages of one Access Service list',
  ),
};

const webhooks = {
  // Anyone who guesses it can make every user due for a poll: too short to guess offline.
  ACCESS_WEBHOOK_SECRET: optional(
    z.string().min(WEBHOOK_SECRET_MIN, {
      error: `ACCESS_WEBHOOK_SECRET must be at least ${WEBHOOK_SECRET_MIN} characters: make one with \`openssl rand -base64 32\` and set the same in the Access Service`,
    }),
    `secret that signs the Access Service’s webhook deliveries to \`/webhooks/access\`, at least ${WEBHOOK_SECRET_MIN} characters`,
    { unset: 'webhooks refused, polling only', fill: true },
  ),
  ACCESS_WEBHOOK_SIGNATURE_HEADER: withDefault(
    header('ACCESS_WEBHOOK_SIGNATURE_HEADER'),
    'X-Access-Signature',
    'name of the webhook header that carries the signature',
  ),
  ACCESS_WEBHOOK_TIMESTAMP_HEADER: withDefault(
    header('ACCESS_WEBHOOK_TIMESTAMP_HEADER'),
    'X-Access-Timestamp',
    'name of the webhook header that carries the timestamp',
  ),
  ACCESS_WEBHOOK_TOLERANCE_SECONDS: withDefault(
    intIn('ACCESS_WEBHOOK_TOLERANCE_SECONDS', 1, 86_400),
    '300',
    'how far a webhook timestamp may be from now, in seconds (1–86400); also how soon after its creation a task must have come through a delivery, or one counts as missed',
  ),
  ACCESS_WEBHOOK_SAFETY_SWEEP: withDefault(
    atLeastASecond('ACCESS_WEBHOOK_SAFETY_SWEEP', '30m'),
    '30m',
    'while webhook deliveries arrive, how often everyone is polled anyway (people a delivery names are polled at once) ([notifications](notifications.md#how-often-people-are-polled))',
  ),
  ACCESS_WEBHOOK_SILENCE: withDefault(
    atLeastASecond('ACCESS_WEBHOOK_SILENCE', '2h'),
    '2h',
    'no signed delivery for this long: webhooks count as silent and polling takes over at full cadence until one arrives; a delivery found missing does so at once',
  ),
};

const store = {
  DATABASE_URL: optional(
    z.string().min(1),
    'the store: `postgres://…` for PostgreSQL (several replicas); `sqlite:PATH` or a plain path for SQLite (one process)',
    {
      unset:
        'required with `NODE_ENV=production` or a chat platform; the demo and the sandbox: in memory; the terminal chat: `sqlite:./data/accessbot.db`',
    },
  ),
};

const slack = {
  SLACK_BOT_TOKEN: optional(
    z.string().startsWith('xoxb-', 'SLACK_BOT_TOKEN must be a bot token starting with xoxb-'),
    'the Slack app’s Bot User OAuth Token (`xoxb-…`)',
    { unset: 'Slack off', fill: true },
  ),
  SLACK_SIGNING_SECRET: secret(
    'SLACK_SIGNING_SECRET',
    'the Slack app’s Signing Secret (HTTP mode)',
    'required with `SLACK_BOT_TOKEN`, unless Socket Mode',
  ),
  SLACK_APP_TOKEN: optional(
    z.string().startsWith('xapp-', 'SLACK_APP_TOKEN must be an app-level token (xapp-…)'),
    'an app-level token (`xapp-…`): Socket Mode instead of HTTP',
    { unset: 'HTTP on `/slack/events`', fill: true },
  ),
  SLACK_API_URL: withDefault(
    httpUrl('SLACK_API_URL'),
    'https://slack.com/api/',
    'Slack Web API base URL (tests point it at a local fake)',
  ),
  SLACK_COMMAND: withDefault(
    z
      .string()
      .regex(
        /^\/[a-z0-9_-]{1,31}$/,
        'SLACK_COMMAND must be a slash command such as /access (lower case, no spaces)',
      ),
    '/access',
    'the slash command’s name, as in the Slack manifest',
  ),
};

const teams = {
  MicrosoftAppId: optional(
    z.guid({
      error:
        'MicrosoftAppId must be the Azure Bot’s Microsoft App ID, a GUID such as 4f2a9c1e-8b3d-4e5f-9a6b-7c8d9e0f1a2b (Azure Bot → Configuration)',
    }),
    'the Azure Bot’s Microsoft App ID (a GUID); at start accessbot gets one token with it and logs `Teams connected`, or stops with one line naming the setting',
    { unset: 'Teams off', fill: true },
  ),
  MicrosoftAppPassword: secret(
    'MicrosoftAppPassword',
    'the client secret of that app',
    'required with `MicrosoftAppId`, unless `UserAssignedMSI` (then it must stay unset)',
  ),
  MicrosoftAppType: optional(
    // In any case, as botbuilder reads it: `singletenant` is `SingleTenant`.
    z.preprocess(
      (value) =>
        APP_TYPES.find((type) => type.toLowerCase() === String(value).trim().toLowerCase()) ??
        value,
      z.enum(APP_TYPES, {
        error: 'MicrosoftAppType must be SingleTenant, UserAssignedMSI or MultiTenant',
      }),
    ),
    'the app’s type, as the Azure Bot shows it (in any case): `SingleTenant` (every bot created since August 2025; needs `MicrosoftAppTenantId`), `UserAssignedMSI` (a managed identity; needs `MicrosoftAppTenantId`, no password) or `MultiTenant` (older bots only)',
    { unset: 'required with `MicrosoftAppId`', fill: true },
  ),
  MicrosoftAppTenantId: optional(
    z.guid({
      error:
        'MicrosoftAppTenantId must be the tenant id of the app, a GUID (Azure Bot → Configuration → App Tenant ID)',
    }),
    'the Microsoft 365 tenant id (a GUID) of a single-tenant app or a managed identity',
    { fill: true },
  ),
  TEAMS_ALLOWED_TENANTS: optional(
    tenantList,
    'the Microsoft 365 tenant ids whose people may use the bot, separated by commas (`*` is refused: one organisation only); required with `MicrosoftAppId`',
    { unset: '`MicrosoftAppTenantId`', fill: true },
  ),
  TEAMS_ANONYMOUS: optional(
    onOff('TEAMS_ANONYMOUS'),
    'with `1`, Teams is served without Bot Framework authentication — local emulators and tests only: accepted only with `NODE_ENV` `development` or `test` and a loopback `HOST`, never with `MicrosoftAppId`',
  ),
};

const server = {
  NODE_ENV: optional(
    z.string().regex(/^(production|development|test)$/i, {
      error: (issue) =>
        `NODE_ENV must be production, development or test (got "${String(issue.input)}")`,
    }),
    'what kind of environment this is: `production`, `development` or `test`. `production` requires `ACCESS_API_URL` and `DATABASE_URL` and refuses unknown settings in accessbot’s namespaces (elsewhere they are warned about); only `development` or `test` allow `TEAMS_ANONYMOUS`',
  ),
  PORT: withDefault(
    intIn('PORT', 0, 65535),
    '3000',
    'the one HTTP server: `/slack/events`, `/api/messages`, `/webhooks/access`, `/passkey` (with `STEP_UP=passkey`), `/healthz`, `/readyz`, `/metrics`',
  ),
  HEALTH_PORT: optional(
    intIn('HEALTH_PORT', 0, 65535),
    'the operator’s port: `/healthz`, `/readyz` and `/metrics` alone, answered while `PORT` is flooded; probe here, never publish it ([security](security.md#slow-clients-and-floods))',
    { unset: 'the port after `PORT` (3001); any free port with `PORT=0`' },
  ),
  HOST: optional(
    z.union([z.ipv4(), z.ipv6(), z.hostname()], {
      error: 'HOST must be an IP address or host name to listen on, e.g. 127.0.0.1 or 0.0.0.0',
    }),
    'the address that server listens on',
    { unset: 'every interface' },
  ),
  PUBLIC_URL: optional(
    httpUrl('PUBLIC_URL'),
    'the address people’s browsers reach accessbot at, e.g. `https://accessbot.example.com`: the passkey page of `STEP_UP=passkey` is served under it (`/passkey`), and its host name is the passkeys’ relying party; `https`, or `http://localhost` to try it out',
    { unset: 'no page is served' },
  ),
  LOG_LEVEL: withDefault(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    }),
    'info',
    'how much to log: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent` (the terminal chat: `warn` unless set)',
  ),
  LOG_FILE: optional(z.string(), 'append the logs to this file instead of stderr', {
    unset: 'stderr (the terminal chat on a terminal: `data/accessbot.log`)',
  }),
};

const language = {
  DEFAULT_LOCALE: withDefault(
    z.string().refine((tag) => languageOf(tag) !== undefined, {
      error: `DEFAULT_LOCALE must be a locale accessbot has messages for (${LANGUAGES.join(', ')}), e.g. en-GB, de-DE or ja-JP`,
    }),
    'en',
    'the language of everyone whose platform names none accessbot speaks, and of every channel: `en`, `de` or `ja`, with a region for the form of dates and numbers (`en-GB`, `de-CH`); each person otherwise hears their own ([language](language.md))',
  ),
};

/** The groups in the order the env example and the configuration table show them. */
export const settingGroups = {
  'The Access Service': accessService,
  'Webhooks from the Access Service': webhooks,
  'The store': store,
  Slack: slack,
  'Microsoft Teams': teams,
  'Microsoft Teams in a sovereign cloud': teamsCloud,
  'The server and its logs': server,
  Language: language,
  'Notifications and the poller': notifications,
  'People, groups and the audit log': people,
  'The demo and the terminal chat': demo,
};

export const settings = {
  ...accessService,
  ...webhooks,
  ...store,
  ...slack,
  ...teams,
  ...teamsCloud,
  ...server,
  ...language,
  ...notifications,
  ...people,
  ...demo,
};
