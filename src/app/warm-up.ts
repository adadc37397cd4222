/**
 * What the first requests would otherwise pay for, paid before the server listens: the store's
 * connections (a PostgreSQL pool opens them one at a time, on demand) and a kept-alive
 * connection to the Access Service (DNS, TCP, TLS) with the first run of its transport and
 * schemas. Nothing here stops the start: whatever is not done within the limit is left to the
 * first requests, and /healthz tells how the Access Service is.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { AccessClient } from '../access/client.ts';
import type { Logger } from '../log.ts';
import type { Runtime } from './runtime.ts';

const WARM_UP_LIMIT_MS = 5_000;
/** Connections opened at once: the commands arriving first each need one. */
const STORE_CONNECTIONS = 4;

/** The first page of WorkApps and no more: the cheapest request that shows the service answers. */
export async function firstWorkApp(client: AccessClient): Promise<void> {
  for await (const _ of client.listWorkApps()) break;
}

export async function warmUp(
  runtime: Pick<Runtime, 'store' | 'client'>,
  log: Logger,
  limitMs = WARM_UP_LIMIT_MS,
) {
  const started = performance.now();
  const work = Promise.allSettled([
    ...Array.from({ length: STORE_CONNECTIONS }, () => runtime.store.ping()),
    firstWorkApp(runtime.client),
  ]);
  const timer = new AbortController();
  const late = delay(limitMs, 'late' as const, { signal: timer.signal }).catch(() => 'done');
  const outcome = await Promise.race([work, late]);
  timer.abort();
  const ms = Math.round(performance.now() - started);
  if (typeof outcome === 'string') {
    log.warn({ ms }, 'warm-up not done in time; the first requests will finish it');
    return;
  }
  const failed = outcome.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
  if (failed.length) {
    log.warn({ err: failed[0], ms }, 'warm-up failed; the first requests will try again');
    return;
  }
  log.debug({ ms }, 'warmed up');
}
