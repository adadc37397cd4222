/**
 * The environment, parsed once with zod: the settings of settings.ts, the rules between them, and
 * the shape the rest of accessbot reads. A wrong or missing setting stops start-up with one line
 * per problem that names the variable and what is expected, never echoing a secret's value.
 */
import { z } from 'zod';
import { ConfigError } from '../errors.ts';
import { escalates } from '../poller/rules.ts';
import { isLoopback } from '../server/loopback.ts';
import { CLOUD_SETTINGS, cloudMisfits, cloudOf } from './cloud-rules.ts';
import { SANDBOX, settings } from './settings.ts';
import { unknownSettings } from './unknown-settings.ts';

/** Where the terminal chat keeps its store against a real Access Service when DATABASE_URL is unset. */
export const DEFAULT_DATABASE_URL = 'sqlite:./data/accessbot.db';

const Env = z.object(settings).superRefine((env, ctx) => {
  // Each message starts with the name of the setting it is about.
  const need = (when: boolean, message: string) => {
    if (when) ctx.addIssue({ code: 'custom', path: [message.split(/[ =]/, 1)[0]!], message });
  };
  const real = !!env.ACCESS_API_URL && env.ACCESS_API_URL !== SANDBOX;
  // Production fails closed: no silent sandbox, no implicit store.
  const live = env.NODE_ENV?.toLowerCase() === 'production' ? 'NODE_ENV=production' : undefined;
  const anonymous = env.TEAMS_ANONYMOUS === '1';
  const serving =
    live ??
    (env.SLACK_BOT_TOKEN || env.MicrosoftAppId || anonymous
      ? 'a chat platform configured'
      : undefined);
  need(
    !!serving && !env.ACCESS_API_URL,
    `ACCESS_API_URL is required with ${serving}: the Access Service's base URL (or ACCESS_API_URL=sandbox for the built-in sandbox, to try accessbot out)`,
  );
  need(
    !!serving && env.ACCESS_API_URL !== SANDBOX && !env.DATABASE_URL,
    `DATABASE_URL is required with ${serving} (empty counts as unset): postgres://… for several replicas, or sqlite:PATH for one process`,
  );
  for (const name of ['ACCESS_API_KEY', 'ACCESS_API_SECRET'] as const) {
    need(real && !env[name], `${name} is required when ACCESS_API_URL is set`);
  }
  need(
    !!env.SLACK_BOT_TOKEN && !env.SLACK_APP_TOKEN && !env.SLACK_SIGNING_SECRET,
    'SLACK_SIGNING_SECRET is required with SLACK_BOT_TOKEN (or set SLACK_APP_TOKEN for Socket Mode)',
  );
  need(
    !env.SLACK_BOT_TOKEN && (!!env.SLACK_APP_TOKEN || !!env.SLACK_SIGNING_SECRET),
    'SLACK_BOT_TOKEN is required when SLACK_SIGNING_SECRET or SLACK_APP_TOKEN is set',
  );
  need(
    env.HEALTH_PORT !== undefined && env.HEALTH_PORT !== 0 && env.HEALTH_PORT === env.PORT,
    'HEALTH_PORT must differ from PORT: probes need a port the public cannot flood',
  );
  // `development` or `test` in any case, on loopback: the only place Teams may run unauthenticated.
  const local = /^(development|test)$/i.test(env.NODE_ENV ?? '') && isLoopback(env.HOST);
  need(
    anonymous && !local,
    `TEAMS_ANONYMOUS=1 turns off Bot Framework authentication: it needs NODE_ENV=development or test and HOST=127.0.0.1 (or ::1, localhost); here NODE_ENV is ${env.NODE_ENV ? `"${env.NODE_ENV}"` : 'unset'} and HOST is ${env.HOST ? `"${env.HOST}"` : 'unset (every interface)'}`,
  );
  const appType = env.MicrosoftAppId && env.MicrosoftAppType;
  // Single-tenant apps and managed identities are told to set their tenant id, which serves here too.
  const ownTenant = appType === 'SingleTenant' || appType === 'UserAssignedMSI';
  need(
    !!env.MicrosoftAppId && !env.TEAMS_ALLOWED_TENANTS && !env.MicrosoftAppTenantId && !ownTenant,
    'TEAMS_ALLOWED_TENANTS is required with MicrosoftAppId: the tenant ids accessbot serves, separated by commas (defaults to MicrosoftAppTenantId when that is set)',
  );
  need(
    anonymous && !!env.MicrosoftAppId,
    'TEAMS_ANONYMOUS=1 cannot be combined with MicrosoftAppId; unset one of them',
  );
  need(
    !!env.MicrosoftAppId && !env.MicrosoftAppType,
    'MicrosoftAppType is required with MicrosoftAppId: SingleTenant (with MicrosoftAppTenantId) for a bot created since August 2025, UserAssignedMSI for a managed identity, MultiTenant only for an older multi-tenant bot — as the Azure Bot’s Configuration page shows',
  );
  need(
    (appType === 'SingleTenant' || appType === 'MultiTenant') && !env.MicrosoftAppPassword,
    'MicrosoftAppPassword is required when MicrosoftAppId is set (a client secret of the app), unless MicrosoftAppType is UserAssignedMSI',
  );
  need(
    appType === 'UserAssignedMSI' && !!env.MicrosoftAppPassword,
    'MicrosoftAppPassword must be unset with MicrosoftAppType=UserAssignedMSI: a managed identity has no client secret',
  );
  need(
    env.ESCALATE_AFTER > 0 && !(env.NOTIFY_RULES && escalates(env.NOTIFY_RULES)),
    'ESCALATE_AFTER needs a channel to escalate to: add "escalations" or "defaultEscalation" to NOTIFY_RULES (or set ESCALATE_AFTER=0)',
  );
  need(
    ownTenant && !env.MicrosoftAppTenantId,
    `MicrosoftAppTenantId is required when MicrosoftAppType is ${appType}: the tenant id of the app (Azure Bot → Configuration → App Tenant ID)`,
  );
});

export type Config = ReturnType<typeof toConfig> & {
  /** Outside production: a line per setting ignored (unknown, Teams without an app id) or at odds. */
  ignoredSettings: string[];
};

/** Teams credentials set without MicrosoftAppId: Teams stays off, which they say it should not. */
function teamsWithoutAppId(env: NodeJS.ProcessEnv): string[] {
  // Anonymous mode reads the tenant id as the tenant it serves.
  const more = env.TEAMS_ANONYMOUS === '1' ? [] : ['MicrosoftAppTenantId', ...CLOUD_SETTINGS];
  const set = ['MicrosoftAppPassword', ...more].filter((name) => env[name]);
  if (env.MicrosoftAppId || !set.length) return [];
  const names = set.join(' and ');
  return [
    `${names} ${set.length > 1 ? 'are' : 'is'} set but MicrosoftAppId is not, so Teams is off: set MicrosoftAppId to the Azure Bot’s Microsoft App ID (Azure Bot → Configuration), or unset ${names}`,
  ];
}

function toConfig(env: z.infer<typeof Env>) {
  const url = env.ACCESS_API_URL !== SANDBOX && env.ACCESS_API_URL;
  const { ACCESS_API_KEY: apiKey, ACCESS_API_SECRET: apiSecret } = env;
  const access = url
    ? { url: url.replace(/\/?$/, '/'), apiKey: apiKey!, apiSecret: apiSecret! }
    : undefined;
  const anonymous = env.TEAMS_ANONYMOUS === '1';
  const tenant = env.MicrosoftAppTenantId?.toLowerCase();
  return {
    /** Unset → the embedded sandbox is started (the demo, or ACCESS_API_URL=sandbox). */
    access,
    tasks: { statusParam: env.ACCESS_TASK_STATUS_PARAM, pendingStatus: env.ACCESS_PENDING_STATUS },
    allowSelfApproval: env.ALLOW_SELF_APPROVAL === '1',
    reviewDueDays: env.REVIEW_DUE_DAYS,
    sensitive: {
      field: env.SENSITIVE_FIELD,
      apps: env.SENSITIVE_APPS ?? [],
      checkWithinMs: env.SENSITIVE_CHECK_TIMEOUT,
    },
    contextWaitMs: env.DECISION_CONTEXT_WAIT,
    /** Who may manage groups from chat and read others' history; nobody when all are unset. */
    groups: {
      adminsGroup: env.GROUP_ADMINS_GROUP,
      onBehalfGroup: env.REQUEST_ON_BEHALF_GROUP,
      managers: env.GROUP_MANAGERS,
      auditorsGroup: env.AUDITORS_GROUP,
      privileged: env.PRIVILEGED_GROUPS,
    },
    apps: {
      ownersField: env.APP_OWNERS_FIELD,
      owners: env.APP_OWNERS,
      secretFields: env.APP_SECRET_FIELDS ?? [],
      sensitiveField: env.SENSITIVE_FIELD,
    },
    /** 0: for ever. */
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    auditHeadChannel: env.AUDIT_HEAD_CHANNEL,
    reportMaxRows: env.REPORT_MAX_ROWS,
    /** For people whose platform names no language or zone accessbot can use, and channels. */
    voices: { locale: env.DEFAULT_LOCALE, timeZone: env.DEFAULT_TIME_ZONE },
    /** perMinute 0: no limit. */
    rateLimit: { perMinute: env.RATE_LIMIT_PER_MINUTE, burst: env.RATE_LIMIT_BURST },
    accessTimeoutMs: env.ACCESS_TIMEOUT_SECONDS * 1000,
    accessLimits: {
      maxPages: env.ACCESS_MAX_PAGES,
      maxItems: env.ACCESS_MAX_ITEMS,
      maxResponseBytes: env.ACCESS_MAX_RESPONSE_BYTES,
      maxListBytes: env.ACCESS_MAX_LIST_BYTES,
    },
    slack: env.SLACK_BOT_TOKEN
      ? {
          botToken: env.SLACK_BOT_TOKEN,
          signingSecret: env.SLACK_SIGNING_SECRET,
          appToken: env.SLACK_APP_TOKEN,
          apiUrl: env.SLACK_API_URL,
          command: env.SLACK_COMMAND,
        }
      : undefined,
    teams:
      env.MicrosoftAppId || anonymous
        ? {
            appId: env.MicrosoftAppId ?? '',
            appPassword: env.MicrosoftAppPassword,
            // Anonymous mode only gets here without one.
            appType: env.MicrosoftAppType ?? 'MultiTenant',
            tenantId: env.MicrosoftAppTenantId,
            anonymous,
            /** Lower-cased ids, or `*`; only anonymous mode gets here with neither variable. */
            allowedTenants: env.TEAMS_ALLOWED_TENANTS ?? (tenant ? [tenant] : ('*' as const)),
            cloud: cloudOf(env),
          }
        : undefined,
    port: env.PORT,
    healthPort: env.HEALTH_PORT ?? (env.PORT ? (env.PORT + 1) % 65_536 : 0),
    host: env.HOST,
    // The embedded sandbox starts from its seed every time: a store kept from an earlier run
    // would speak of tasks it never had.
    databaseUrl: env.DATABASE_URL ?? (access ? DEFAULT_DATABASE_URL : 'sqlite::memory:'),
    poll: {
      intervalMs: env.POLL_INTERVAL_SECONDS * 1000,
      quietIntervalMs: env.POLL_QUIET_INTERVAL,
      /** 0: no bound. */
      maxRps: env.POLL_MAX_RPS || undefined,
      remindAfterMs: env.REMIND_AFTER,
      /** 0: never escalate. */
      escalateAfterMs: env.ESCALATE_AFTER,
      hours: { quiet: env.QUIET_HOURS, days: env.WORKING_DAYS, defaultZone: env.DEFAULT_TIME_ZONE },
    },
    pollConcurrency: env.POLL_CONCURRENCY,
    notifyRules: env.NOTIFY_RULES,
    /** 0: never sync the chat directories. */
    directorySyncMs: env.DIRECTORY_SYNC_INTERVAL,
    webhookSecret: env.ACCESS_WEBHOOK_SECRET,
    webhook: {
      signatureHeader: env.ACCESS_WEBHOOK_SIGNATURE_HEADER,
      timestampHeader: env.ACCESS_WEBHOOK_TIMESTAMP_HEADER,
      toleranceMs: env.ACCESS_WEBHOOK_TOLERANCE_SECONDS * 1000,
      safetySweepMs: env.ACCESS_WEBHOOK_SAFETY_SWEEP,
      silenceMs: env.ACCESS_WEBHOOK_SILENCE,
    },
    logLevel: env.LOG_LEVEL,
    logFile: env.LOG_FILE,
    shellUserEmail: env.SHELL_USER_EMAIL,
    sandboxEmailMap: env.SANDBOX_EMAIL_MAP,
    /** 0: never. */
    demoRequestAfterMs: env.DEMO_REQUEST_AFTER,
  };
}

/** Parses the environment; throws a `ConfigError` whose message has one line per problem. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(source);
  // Production refuses what it would otherwise ignore; elsewhere `ignoredSettings` are warned of.
  const ignored = [
    ...unknownSettings(source),
    ...teamsWithoutAppId(source),
    ...(source.MicrosoftAppId ? cloudMisfits(source) : []),
  ];
  const production = source.NODE_ENV?.toLowerCase() === 'production';
  const problems = parsed.success ? [] : parsed.error.issues.map(lineOf);
  if (production) problems.push(...ignored);
  if (!parsed.success || problems.length) throw new ConfigError([...new Set(problems)].join('\n'));
  return { ...toConfig(parsed.data), ignoredSettings: production ? [] : ignored };
}

function lineOf(issue: z.core.$ZodIssue): string {
  const name = String(issue.path[0] ?? 'environment');
  return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
}

/** Every secret value of a config, so the logger can scrub them wherever they appear. */
export function secretsOf(config: Config): string[] {
  const values = [
    config.access?.apiSecret,
    config.slack?.botToken,
    config.slack?.signingSecret,
    config.slack?.appToken,
    config.teams?.appPassword,
    config.webhookSecret,
    config.databaseUrl && passwordIn(config.databaseUrl),
  ];
  return values.filter((v): v is string => typeof v === 'string' && v.length >= 4);
}

function passwordIn(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}
