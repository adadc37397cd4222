/**
 * Every call accessbot makes to Slack, timed, counted, its failures typed (errors.ts), its answer
 * parsed. The WebClient's defaults (ten retries over half an hour, no timeout) would stall a person
 * or the poller, so they are set here: a client that may repeat a call waits out a 429 and
 * repeats; one that may not (the poller's) fails at once with the Retry-After. Bolt's and the
 * WebClient's log lines go into accessbot's logger, for the same level and secret scrubbing: at
 * debug level they write whole request bodies (src/log.ts masks them).
 */
// Bolt's logger is the same interface; importing it from Bolt would load all of Bolt (Express,
// OAuth, Socket Mode) where only the Web API is used: the notifier alone, as the crash tests run it.
import {
  LogLevel,
  type Logger as SlackLogger,
  WebClient,
  WebClientEvent,
  type WebClientOptions,
} from '@slack/web-api';
import type { z } from 'zod';
import { PlatformUnavailableError, RecipientGoneError } from '../../src/core/notifier.ts';
import type { Logger } from '../../src/log.ts';
import type { Metrics } from '../../src/metrics.ts';
import { type PostAnswer, postJson } from '../../src/net/post-json.ts';
import { parseRetryAfter } from '../../src/net/retry.ts';
import { mapSlackError, SlackApiError } from './errors.ts';

export interface SlackApiOptions {
  token: string;
  /** `SLACK_API_URL`, ending in `/`. */
  apiUrl: string;
  log: Logger;
  metrics: Metrics;
  /** 0 where a repeat could post twice, or the caller has a schedule of its own. */
  retries: number;
  timeoutMs: number;
}

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

/** For every WebClient, Bolt's too; a fresh object, since Bolt and Socket Mode write into it. */
export function webClientOptions(
  o: Pick<SlackApiOptions, 'apiUrl' | 'log' | 'retries' | 'timeoutMs'>,
): WebClientOptions {
  return {
    slackApiUrl: o.apiUrl,
    logger: slackLogger(o.log, 'slack-web-api'),
    timeout: o.timeoutMs,
    retryConfig: { retries: o.retries, factor: 2, minTimeout: 250, maxTimeout: 1_000 },
    // Without a retry to wait for, a 429 is handed back at once, with its Retry-After.
    rejectRateLimitedCalls: o.retries === 0,
  };
}

type Outcome = 'ok' | 'rate_limited' | 'unavailable' | 'gone' | 'error';

function outcomeOf(error: Error): Outcome {
  if (error instanceof PlatformUnavailableError) {
    return error.retryAfterMs !== undefined ? 'rate_limited' : 'unavailable';
  }
  return error instanceof RecipientGoneError ? 'gone' : 'error';
}

const HOOKS_HOST = 'hooks.slack.com';

export class SlackApi {
  readonly client: WebClient;
  readonly #o: SlackApiOptions;
  /** Only Slack's hooks host, unless SLACK_API_URL sends the Web API elsewhere (tests). */
  readonly #hooksOnly: boolean;

  constructor(options: SlackApiOptions) {
    this.#o = options;
    this.client = new WebClient(options.token, webClientOptions(options));
    this.client.on(WebClientEvent.RATE_LIMITED, (retryAfterSeconds: number) => {
      options.log.warn({ retryAfterSeconds }, 'Slack asked to slow down');
    });
    this.#hooksOnly = URL.parse(options.apiUrl)?.hostname === 'slack.com';
  }

  async call<T extends z.ZodType>(
    method: string,
    args: Record<string, unknown>,
    schema: T,
  ): Promise<z.infer<T>> {
    const result = await this.#timed(method, () => this.client.apiCall(method, args));
    const parsed = schema.safeParse(result);
    if (!parsed.success) throw new SlackApiError(method, 'unexpected_response');
    return parsed.data;
  }

  /**
   * Posts once: the caller decides on another try. A URL off Slack's hooks host is refused unless
   * the Web API is redirected (tests): a person's answer goes to Slack, nowhere else.
   */
  async respond(url: string, body: Record<string, unknown>): Promise<void> {
    await this.#timed('response_url', async () => {
      const target = URL.parse(url);
      if (target?.protocol !== 'https:' && target?.protocol !== 'http:') {
        throw new SlackApiError('response_url', 'invalid_url');
      }
      if (this.#hooksOnly && (target.protocol !== 'https:' || target.hostname !== HOOKS_HOST)) {
        this.#o.log.warn(
          { host: target.host, protocol: target.protocol },
          `refused a response_url off ${HOOKS_HOST}`,
        );
        throw new SlackApiError('response_url', 'foreign_host');
      }
      let answer: PostAnswer;
      try {
        answer = await postJson(target, body, this.#o.timeoutMs);
      } catch (error) {
        throw new PlatformUnavailableError('the response_url did not answer', { cause: error });
      }
      const { status, retryAfter } = answer;
      if (status >= 200 && status < 300) return;
      if (status === 429 || status >= 500) {
        throw new PlatformUnavailableError(`the response_url answered HTTP ${status}`, {
          retryAfterMs: parseRetryAfter(retryAfter),
        });
      }
      // 404 and friends: the response_url expired (30 minutes, 5 uses) or never existed.
      throw new SlackApiError('response_url', `http_${status}`);
    });
  }

  async #timed<R>(method: string, fn: () => Promise<R>): Promise<R> {
    const { metrics } = this.#o;
    const started = performance.now();
    let outcome: Outcome = 'ok';
    try {
      return await fn();
    } catch (error) {
      const mapped = mapSlackError(error, method);
      outcome = outcomeOf(mapped);
      throw mapped;
    } finally {
      metrics.platformCalls.inc({ platform: 'slack', method, outcome });
      metrics.platformSeconds.observe(
        { platform: 'slack', method },
        (performance.now() - started) / 1000,
      );
    }
  }
}
