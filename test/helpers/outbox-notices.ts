/**
 * The bot's "tell this person" port as production builds it (through an outbox), for harnesses
 * that run the bot without a poller: notifiers are registered as their platforms start.
 */
import { Registry } from 'prom-client';
import { systemClock } from '../../src/core/clock.ts';
import { tellPerson } from '../../src/core/notices.ts';
import type { Notifier } from '../../src/core/notifier.ts';
import type { Logger } from '../../src/log.ts';
import { tellers } from '../../src/poller/hooks.ts';
import { createPollerMetrics } from '../../src/poller/metrics.ts';
import { Outbox } from '../../src/poller/outbox.ts';
import type { Platform, Store } from '../../src/store/store.ts';

export function outboxNotices(store: Store, log: Logger) {
  const notifiers = new Map<Platform, Notifier>();
  const metrics = createPollerMetrics(new Registry());
  const ctx = { store, notifiers, clock: systemClock, log, metrics, owner: 'test-replica' };
  const settings = { deadAfterMs: 5_000, stuckAfterMs: 120_000, random: Math.random };
  const outbox = new Outbox(ctx, settings);
  return {
    notices: tellPerson(tellers({ store, outbox, notifiers })),
    register: (notifier: Notifier) => notifiers.set(notifier.platform, notifier),
  };
}
