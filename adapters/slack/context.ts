/** What every Slack handler works with; built once by `startSlack`. */
import type { AccessBot } from '../../src/core/bot.ts';
import type { Logger } from '../../src/log.ts';
import type { Metrics } from '../../src/metrics.ts';
import type { SlackApi } from './api.ts';
import type { SlackPeople } from './people.ts';

export interface SlackContext {
  bot: AccessBot;
  /** For answers to people: short retries, a short wait on 429. */
  api: SlackApi;
  log: Logger;
  metrics: Metrics;
  /** Each person's language and time zone, shared with the notifier. */
  people: SlackPeople;
}
