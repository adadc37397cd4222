/**
 * Bolt's and the WebClient's log lines into accessbot's logger, for the same level and secret
 * scrubbing: at debug level they write whole request bodies (src/log.ts masks them).
 */
// Bolt's is the same interface; importing it from Bolt would load all of Bolt (Express, OAuth,
// Socket Mode) where only the Web API is used: the notifier alone, as the crash tests run it.
import { LogLevel, type Logger as SlackLogger } from '@slack/web-api';
import type { Logger } from '../../src/log.ts';

const text = (parts: unknown[]) =>
  parts
    .map((p) => (typeof p === 'string' ? p : p instanceof Error ? p.message : JSON.stringify(p)))
    .join(' ');

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
