/**
 * A task's card sent to an approver as the poller sends it: claimed in the store's outbox and
 * posted through the platform's notifier, so the outbox knows the message and edits it once the
 * task is settled. Resolves with the message's reference.
 */
import { Registry } from 'prom-client';
import { systemClock } from '../../src/core/clock.ts';
import { type Destination, MessageRef, type Notifier } from '../../src/core/notifier.ts';
import type { Reply } from '../../src/core/reply.ts';
import { createLogger } from '../../src/log.ts';
import { createPollerMetrics } from '../../src/poller/metrics.ts';
import { Outbox } from '../../src/poller/outbox.ts';
import { target } from '../../src/poller/targets.ts';
import type { Store } from '../../src/store/store.ts';

export async function sendCard(
  store: Store,
  notifier: Notifier,
  card: { to: Destination; accessUserId: string; taskId: string; message: Reply },
): Promise<MessageRef> {
  const ctx = {
    store,
    notifiers: new Map([[notifier.platform, notifier]]),
    clock: systemClock,
    log: createLogger({ level: 'silent' }),
    metrics: createPollerMetrics(new Registry()),
    owner: 'test-card-sender',
  };
  const outbox = new Outbox(ctx, {
    deadAfterMs: 5_000,
    stuckAfterMs: 120_000,
    random: Math.random,
  });
  const to = target(notifier.platform, card.to, 'approver');
  const { taskId, accessUserId, message } = card;
  await outbox.send({ event: taskId, target: to, accessUserId, message });
  const sent = (await store.listNotifications({ taskIds: [taskId] })).find(
    (n) => n.recipient === to.recipient,
  );
  return MessageRef.parse(sent?.messageRef);
}
