/**
 * JSON logs with pino. Secrets are kept out twice over: known header and field names are
 * redacted by path, and the finished line is scrubbed of every configured secret value and of
 * what is secret by its shape (`masks`), so a token that slips into an error message or a nested
 * object still never reaches the output.
 */
import { type DestinationStream, type Logger, pino } from 'pino';
import { preparePrivateFile } from './private-file.ts';

export type { Logger };

const REDACTED = '[REDACTED]';

const sensitiveKeys = [
  'x-api-secret',
  'X-API-SECRET',
  'authorization',
  'Authorization',
  'apiSecret',
  'password',
  'secret',
  'token',
  'botToken',
  'appToken',
  'signingSecret',
  'appPassword',
  'MicrosoftAppPassword',
  'ACCESS_API_SECRET',
  'SLACK_BOT_TOKEN',
  'SLACK_SIGNING_SECRET',
  'SLACK_APP_TOKEN',
  'ACCESS_WEBHOOK_SECRET',
];
const redactPaths = sensitiveKeys.flatMap((key) => {
  const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const dot = k.startsWith('[') ? '' : '.';
  return [k, `*${dot}${k}`, `*.*${dot}${k}`, `*.*.*${dot}${k}`];
});

/**
 * Only the parts of an error worth reading; never a got `options` object with headers. An
 * outage of the Access Service is no bug: its lines say what failed, without stack traces.
 */
function serializeError(error: unknown, stacks = true): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const out: Record<string, unknown> = { type: error.name, message: error.message };
  for (const key of ['code', 'endpoint', 'status', 'detail'] as const) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  const stack = stacks && out.code !== 'ACCESS_UNAVAILABLE';
  if (error.stack && stack) out.stack = error.stack;
  if (error.cause !== undefined && error.cause !== error) {
    out.cause = serializeError(error.cause, stack);
  }
  return out;
}

/**
 * What JSON leaves raw but a person's terminal or viewer would act on: C1 controls (a lone CSI
 * or OSC), bidi overrides and other invisible format characters. C0 controls are JSON-escaped.
 */
const unshown = /[\u0080-\u009f\p{Cf}]/gu;

/**
 * What is secret by its shape, wherever it is: a Slack `response_url` (anyone holding it may
 * answer the person for half an hour) and a confirmation code. At debug level Bolt and the
 * WebClient write whole bodies as strings, where no redact path reaches: these are masked in
 * JSON as written and as nested (escaped) in a JSON string — the value of a `response_url` or
 * `responseUrl`, of a `code` or `confirmation`, any URL on Slack's hooks host, a task id's
 * `:code` in a button value, and the code of a `confirm <code>` or `cancel <code>` line.
 */
const masks: Array<[RegExp, string]> = [
  [/((?:response_url|responseUrl)\\*"\s*:\s*\\*")[^"\\]*/g, `$1${REDACTED}`],
  [/((?:code|confirmation)\\*"\s*:\s*\\*")[a-z2-9]{8}(?=\\*")/g, `$1${REDACTED}`],
  [/https:\/\/hooks\.slack\.com\/[^\s"'\\]*/g, REDACTED],
  [
    /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):[a-z2-9]{8}\b/gi,
    `$1:${REDACTED}`,
  ],
  [/\b((?:confirm|cancel)\s+)[a-z0-9]{4,64}\b/gi, `$1${REDACTED}`],
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the terminal chat logs on an interactive terminal when `LOG_FILE` is unset. */
export const TERMINAL_CHAT_LOG_FILE = 'data/accessbot.log';

/**
 * The file a process logs to, or undefined for stderr: `LOG_FILE` when set; otherwise stderr,
 * except in the terminal chat on an interactive terminal, whose screen is the conversation — a
 * log line there would cut into what the person reads and types, so it goes to a file.
 */
export function logFileFor(options: {
  logFile: string | undefined;
  terminalChat: boolean;
  interactive: boolean;
}): string | undefined {
  if (options.logFile) return options.logFile;
  return options.terminalChat && options.interactive ? TERMINAL_CHAT_LOG_FILE : undefined;
}

export function createLogger(
  options: { level?: string; secrets?: readonly string[]; name?: string; file?: string },
  destination?: DestinationStream,
): Logger {
  const secrets = [...new Set(options.secrets ?? [])].filter((s) => s.length >= 4);
  // JSON-escaped forms too: a secret with a quote or backslash is written escaped.
  const forms = secrets.flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]);
  const scrubs: typeof masks = forms.length
    ? [...masks, [new RegExp([...new Set(forms)].map(escapeRegExp).join('|'), 'g'), REDACTED]]
    : masks;
  if (options.file && !destination) preparePrivateFile(options.file);
  return pino(
    {
      level: options.level ?? 'info',
      name: options.name ?? 'accessbot',
      redact: { paths: redactPaths, censor: REDACTED },
      serializers: { err: serializeError, error: serializeError },
      hooks: {
        streamWrite: (line) =>
          scrubs.reduce((text, [mask, by]) => text.replace(mask, by), line.replace(unshown, '')),
      },
    },
    destination ??
      pino.destination(options.file ? { dest: options.file, sync: true } : { dest: 2, sync: true }),
  );
}
