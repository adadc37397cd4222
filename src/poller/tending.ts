/**
 * The outbox on a timer of its own, so that a long sweep never delays the heartbeat nor a
 * takeover: each turn renews this replica's heartbeat, takes its share of POLL_MAX_RPS, and
 * carries out the intents due here.
 */
import type { PollerContext } from './context.ts';
import { asPollerWork, type Pace } from './pace.ts';

export function outboxTending(ctx: PollerContext, pace: Pace | undefined, deadAfterMs: number) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> | undefined;
  let turning: Promise<void> | undefined;

  /**
   * POLL_MAX_RPS is the deployment's: the replicas alive (those not yet taken for dead) split it.
   * Unread, the share stays as it was.
   */
  const shareBudget = async () => {
    if (!pace) return;
    const since = new Date(ctx.clock.now().getTime() - deadAfterMs);
    try {
      pace.share(await ctx.store.liveReplicas(since));
    } catch (error) {
      ctx.log.warn({ err: error }, 'could not count the replicas; the budget share stays');
    }
  };

  /**
   * One turn at a time. The beat does not wait for a turn: a turn of slow sends must not make
   * this replica look dead, or another would take its sends over and send them again.
   */
  const turn = (): Promise<void> => {
    beating ??= ctx.outbox
      .beat()
      .then(shareBudget)
      .finally(() => {
        beating = undefined;
      });
    const beat = beating;
    turning ??= (async () => {
      await beat;
      if (!stopped) await ctx.outbox.recover();
    })().finally(() => {
      turning = undefined;
    });
    return turning;
  };

  return {
    turn,
    /** A turn now, and one every `everyMs` from now on. */
    start(everyMs: number): Promise<void> {
      const tend = () => asPollerWork(pace, turn);
      timer ??= setInterval(() => void tend(), everyMs);
      timer.unref();
      return tend();
    },
    /** No more turns; resolves once the one in flight is done. */
    stop(): Promise<unknown> {
      stopped = true;
      clearInterval(timer);
      return Promise.all([turning, beating]);
    },
  };
}
