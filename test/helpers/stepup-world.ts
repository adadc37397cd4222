/**
 * What the passkey step-up tests share: a bot with STEP_UP=passkey over the sandbox and an
 * in-memory store (Security administers every group), its page served on the one HTTP server at http://localhost:PORT (a valid RP
 * ID, unlike an IP address), a clock the test moves, and a new sensitive request for Tim and
 * Margaret to decide.
 */
import type { AccessClient } from '../../src/access/client.ts';
import { mountStepUp } from '../../src/core/stepup/index.ts';
import { createMetrics } from '../../src/metrics.ts';
import { HttpServer } from '../../src/server/http-server.ts';
import { botFor, captureLog } from './bot.ts';
import { contextFor, GateClock } from './decide-world.ts';
import { RULES } from './group-bot.ts';

export { approvals, sensitiveRequest } from './decide-world.ts';

/** The step-up link a reply carries, if any. */
export const linkIn = (reply: { blocks: readonly { kind: string; url?: string }[] }) =>
  reply.blocks.find((b) => b.kind === 'link')?.url;

export async function stepUpWorld(client: AccessClient) {
  const clock = { now: new Date('2026-03-02T09:00:00Z') };
  const { log: httpLog } = captureLog();
  const http = new HttpServer({ log: httpLog, metrics: createMetrics(), readiness: [] });
  const port = await http.listen(0, 'localhost');
  const origin = `http://localhost:${port}`;
  const { bot, store, logLines } = await botFor(client, (s) => ({
    context: contextFor(client, s, new GateClock()),
    now: () => clock.now,
    stepUp: { publicUrl: origin },
    groups: RULES,
  }));
  mountStepUp(http, bot.stepUp!, bot.voiceOf({}));
  const close = async () => {
    await http.close();
    await store.close();
  };
  return { bot, store, origin, clock, logLines, close };
}
