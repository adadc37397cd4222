/**
 * Bolt's and the WebClient's log lines into accessbot's pino logger, so they get the same JSON
 * lines, level and secret scrubbing as everything else. At debug level Bolt and the WebClient
 * write whole request bodies: a `response_url` (anyone holding it may answer the person for half
 * an hour) and confirmation codes (in a button's value, a form's metadata, a `confirm <code>`
 * line) are masked in every line before it is written.
 */
import { LogLevel, type Logger as SlackLogger } from '@slack/bolt';
import type { Logger } from '../../src/log.ts';

const MASK = '[REDACTED]';

/**
 * What is masked, in JSON as written and as nested (escaped) in a JSON string: the value of a
 * `response_url` or `responseUrl`, of a `code` or `confirmation`, any URL on Slack's hooks host,
 * a task id's `:code` in a button value, and the code of a `confirm <code>` or `cancel <code>`
 * line.
 */
const masks: Array<[RegExp, string]> = [
  [/((?:response_url|responseUrl)\\*"\s*:\s*\\*")[^"\\]*/g, `$1${MASK}`],
  [/((?:code|confirmation)\\*"\s*:\s*\\*")[a-z0-9]{4,64}(?=\\*")/gi, `$1${MASK}`],
  [/https:\/\/hooks\.slack\.com\/[^\s"'\\]*/g, MASK],
  [/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):[a-z2-9]{8}\b/gi, `$1:${MASK}`],
  [/\b((?:confirm|cancel)\s+)[a-z0-9]{4,64}\b/gi, `$1${MASK}`],
];

/** A line with its response_urls and confirmation codes masked. */
export function masked(line: string): string {
  return masks.reduce((text, [pattern, by]) => text.replace(pattern, by), line);
}

const text = (parts: unknown[]) =>
  masked(
    parts
      .map((p) => (typeof p === 'string' ? p : p instanceof Error ? p.message : JSON.stringify(p)))
      .join(' '),
  );

export function slackLogger(log: Logger, name = 'bolt'): SlackLogger {
  let child = log.child({ component: name });
  return {
    // Bolt logs several debug lines per request: format only what will be written.
    debug: (...msg) => child.isLevelEnabled('debug') && child.debug(text(msg)),
    info: (...msg) => child.isLevelEnabled('info') && child.info(text(msg)),
    warn: (...msg) => child.warn(text(msg)),
    error: (...msg) => child.error(text(msg)),
    // The level is pino's (LOG_LEVEL); Bolt only asks for it to decide what to format.
    setLevel: () => {},
    getLevel: () => {
      const level = child.level;
      if (level === 'trace' || level === 'debug') return LogLevel.DEBUG;
      if (level === 'info') return LogLevel.INFO;
      if (level === 'warn') return LogLevel.WARN;
      return LogLevel.ERROR;
    },
    setName: (next) => {
      child = log.child({ component: next });
    },
  };
}
