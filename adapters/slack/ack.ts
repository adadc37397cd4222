/**
 * Slack drops answers slower than 3 s, so every listener acknowledges before it works, and lets
 * the ack leave first: Node writes a response on the next tick, which would otherwise wait behind
 * everything the listener does synchronously after it.
 */
import { setImmediate } from 'node:timers/promises';

export async function ackFirst(ack: () => Promise<void>): Promise<void> {
  await ack();
  await setImmediate();
}
