/**
 * A real bot for the group and audit commands: the sandbox Access Service, an in-memory SQLite
 * store, a clock the test moves, the given group rules, and a recording notifier as the platform
 * that people added or removed are told on; the metrics given, if any.
 */
import type { AccessClient } from '../../src/access/client.ts';
import { AccessBot, type BotDeps } from '../../src/core/bot.ts';
import type { GroupRulesConfig } from '../../src/core/groups/rules.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import type { Reply } from '../../src/core/reply.ts';
import type { Metrics } from '../../src/metrics.ts';
import { users } from '../../src/sandbox/seed.ts';
import { openStore } from '../../src/store/open.ts';
import { RecordingNotifier } from '../poller/fakes.ts';
import { captureLog } from './bot.ts';
import { outboxNotices } from './outbox-notices.ts';

export type Who = keyof typeof users;

/** Security (Radia, Ken, Ada) administers every group; Margaret manages Design; Finance audits. */
export const RULES: GroupRulesConfig = {
  adminsGroup: 'Security',
  managers: { design: [users.margaret.email.toUpperCase()] },
  auditorsGroup: 'Finance',
};

export async function groupBot(
  client: AccessClient,
  groups: GroupRulesConfig | undefined = RULES,
  metrics?: Metrics,
  more: Partial<BotDeps> = {},
) {
  const store = await openStore('sqlite::memory:');
  const { log, lines } = captureLog();
  const { notices, register } = outboxNotices(store, log);
  const dms = new RecordingNotifier('slack');
  register(dms);
  const clock = { ms: Date.UTC(2026, 10, 20, 10) };
  const bot = new AccessBot({
    client,
    store,
    log,
    pendingStatus: 'Pending',
    groups,
    notices,
    now: () => new Date(clock.ms),
    metrics,
    ...more,
  });
  const as = (who: Who, platform: 'slack' | 'teams' = 'slack'): ChatActor => ({
    platform,
    chatUserId: `U-${who}`,
    email: async () => users[who].email,
  });
  const say = async (who: Who, text: string, place = {}) =>
    JSON.stringify(await bot.handle(as(who), text, place));
  /** The id a confirmation card shows, as a person would read it off the card. */
  const idOn = (reply: Reply | string) => {
    const text = typeof reply === 'string' ? reply : JSON.stringify(reply);
    const id = /confirm ([a-z2-9]{8})/.exec(text)?.[1];
    if (!id) throw new Error(`no confirmation id in ${text.slice(0, 300)}`);
    return id;
  };
  return {
    bot,
    store,
    logLines: lines,
    dms,
    clock,
    as,
    say,
    idOn,
    /** Asks for a change and returns the card's id. */
    ask: async (who: Who, text: string) => idOn(await bot.handle(as(who), text)),
  };
}
