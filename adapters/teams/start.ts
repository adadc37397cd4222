/**
 * Teams in server mode: the bot's credentials checked with one token (credentials.ts), then
 * botbuilder's `CloudAdapter` on `/api/messages`, each activity through the tenant check, the
 * replay guard and the turn handler over the core; and the notifier for proactive messages.
 */
import type { PlatformAdapter, PlatformContext } from '../../src/core/platform.ts';
import { type ConnectorRetry, defaultRetry } from './api.ts';
import type { TeamsContext } from './context.ts';
import { checkCredentials, credentialsFactory } from './credentials.ts';
import { TeamsNotifier } from './notifier.ts';
import { TeamsMembers } from './people.ts';
import { createAdapter, messagesHandler, onlyOnce } from './receiver.ts';
import { ConversationRef, type ConversationReferences } from './references.ts';
import { teamsRefusals } from './refusals.ts';
import type { TeamsSettings } from './settings.ts';
import { onlyAllowedTenants } from './tenant.ts';
import { turnHandler } from './turns.ts';

export const MESSAGES_PATH = '/api/messages';

export interface TeamsOptions {
  retry?: ConnectorRetry;
  /** The clock of the replay guard and the member cache; tests move it. */
  now?: () => Date;
}

export interface TeamsAdapter extends PlatformAdapter {
  notifier: TeamsNotifier;
  references: ConversationReferences;
}

export async function startTeams(
  ctx: PlatformContext<TeamsSettings>,
  options: TeamsOptions = {},
): Promise<TeamsAdapter> {
  const { settings, bot, metrics, routes, replays } = ctx;
  const log = ctx.log.child({ platform: 'teams' });
  const credentials = credentialsFactory(settings);
  if (settings.anonymous) {
    log.warn('TEAMS_ANONYMOUS=1: Bot Framework authentication is OFF; for local tests only');
  } else {
    await checkCredentials(credentials, settings);
    const { appId, appType, tenantId } = settings;
    log.info({ appId, appType, tenantId }, 'Teams connected');
  }
  const adapter = createAdapter(settings, credentials);
  const now = options.now ?? (() => new Date());
  const retry = options.retry ?? defaultRetry;
  const deps: TeamsContext = {
    bot,
    log,
    metrics,
    adapter,
    appId: settings.appId,
    references: bot.conversations('teams', ConversationRef),
    members: new TeamsMembers({ log, metrics, retry }, () => now().getTime()),
    retry,
  };
  adapter.onTurnError = async (_context, error) => {
    // Last resort: handlers answer their own failures, so this is a bug or a connector outage.
    log.error({ err: error }, 'Teams turn failed');
    metrics.errors.inc({ kind: 'teams_turn' });
  };
  const voiceOf = (person: { locale?: string }) => ctx.bot.voiceOf(person);
  const once = onlyOnce({ replays, now, log, voiceOf }, turnHandler(deps));
  routes.mount(
    MESSAGES_PATH,
    messagesHandler(adapter, onlyAllowedTenants(settings.allowedTenants, once, log), log, {
      anonymous: settings.anonymous,
      refusals: teamsRefusals(routes.refusals),
      metrics,
    }),
  );
  return {
    notifier: new TeamsNotifier(deps),
    references: deps.references,
    // The HTTP server stops taking requests and waits for those in flight; nothing else to close.
    stop: async () => {},
  };
}
