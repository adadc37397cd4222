/**
 * Work that goes on after Slack has been acknowledged. The HTTP server's close only waits for
 * open requests, and ours are answered at once; stopping waits for this work instead.
 */
import { setImmediate } from 'node:timers/promises';

export class Inflight {
  readonly #running = new Set<Promise<unknown>>();

  track(work: Promise<unknown>): Promise<void> {
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    this.#running.add(done);
    void done.then(() => this.#running.delete(done));
    return done;
  }

  async idle(): Promise<void> {
    while (this.#running.size) await Promise.all(this.#running);
  }
}

/** The `ack` Bolt is given for a request that admission has acknowledged already. */
export const acknowledged = async (): Promise<void> => {};

/**
 * Acknowledges, then lets the ack leave before any work starts: Node writes an HTTP response on
 * the next tick, which would otherwise wait behind everything the handler does synchronously.
 * A request admitted to the work queue was acknowledged before its work was queued.
 */
export async function ackFirst(ack: () => Promise<void>): Promise<void> {
  if (ack === acknowledged) return;
  await ack();
  await setImmediate();
}
