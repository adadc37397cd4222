/** What every Teams turn handler needs: the core and the Bot Framework side. */
import type { CloudAdapter } from 'botbuilder';
import type { AccessBot } from '../../src/core/bot.ts';
import type { Logger } from '../../src/log.ts';
import type { Metrics } from '../../src/metrics.ts';
import type { ConnectorRetry } from './api.ts';
import type { TeamsMembers } from './people.ts';
import type { ConversationReferences } from './references.ts';

export interface TeamsContext {
  bot: AccessBot;
  log: Logger;
  metrics: Metrics;
  adapter: CloudAdapter;
  /** `''` in anonymous mode. */
  appId: string;
  references: ConversationReferences;
  /** Who a Teams user is, as the Bot Connector says. */
  members: TeamsMembers;
  retry: ConnectorRetry;
}

/** The body of an invoke response (`adaptiveCard/action`, `application/search`). */
export interface InvokeBody {
  statusCode: number;
  type: string;
  value: unknown;
}
