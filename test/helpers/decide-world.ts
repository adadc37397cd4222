/**
 * What the tests of deciding well share: a clock on which a card waits for its context exactly as
 * long as a test says (all of it, or none: never a time), a new access request for Ada to decide,
 * and, for each platform, Ada's chat with the real poller sending her cards through that
 * platform's real notifier over HTTP.
 */

import { randomUUID } from 'node:crypto';
import type { AccessClient } from '../../src/access/client.ts';
import type { SensitivityConfig } from '../../src/core/apps/sensitivity.ts';
import type { Notifier } from '../../src/core/notifier.ts';
import { DecisionContext } from '../../src/core/tasks/decision-context.ts';
import type { Poller } from '../../src/poller/poller.ts';
import type { NotifyRules } from '../../src/poller/rules.ts';
import { policies, type SeedUser, users, workApps } from '../../src/sandbox/seed.ts';
import type { Sandbox } from '../../src/sandbox/server.ts';
import { openStore } from '../../src/store/open.ts';
import type { Platform, Store } from '../../src/store/store.ts';
import type { Sandbox as FakedSandbox } from '../fakes/sandbox-faults.ts';
import { FakeClock, nextSweep, testPoller } from '../poller/fakes.ts';
import { botFor, captureLog } from './bot.ts';

/** As configured by default (SENSITIVE_FIELD): the sandbox marks the AWS Console with it. */
export const SENSITIVE: SensitivityConfig = { field: 'Sensitive' };

/**
 * Time as the fake clock keeps it; a card waits for its context until every look-up has answered
 * (`patient`), or not at all.
 */
export class GateClock extends FakeClock {
  patient = true;
  readonly #waits = new Set<() => void>();

  override sleep(_ms: number, signal?: AbortSignal): Promise<void> {
    if (!this.patient || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const end = () => {
        this.#waits.delete(end);
        resolve();
      };
      this.#waits.add(end);
      signal?.addEventListener('abort', end, { once: true });
    });
  }

  /** Ends the waits under way, e.g. the poller's own when it stops. */
  release(): void {
    for (const end of [...this.#waits]) end();
  }
}

/** A new access request of `who` for `level` of `app`; Ada's task for it. */
export function openRequest(
  sandbox: Sandbox,
  who: SeedUser,
  app: keyof typeof workApps,
  level: string,
): string {
  const levels: Record<string, { id: string }> = workApps[app].levels;
  const access = sandbox.state.createAccessRequest({
    workAppId: workApps[app].id,
    userId: users[who].id,
    permissionLevelId: levels[level]!.id,
    justification: 'for the on-call rota',
  });
  const task = sandbox.state
    .tasksFor(users.ada.id, 'Pending')
    .find((t) => t.metadata.accessId === access.id);
  if (!task) throw new Error(`Ada approves no ${app} ${level} request`);
  return task.id;
}

/**
 * A sensitive application whose every name (its own, its level's, the requester's) is hostile
 * text, and Ada's task for that person's request; `field` is the marking field's value.
 */
export function hostileRequest(sandbox: Sandbox, text: string, field: string | null = 'yes') {
  const { state } = sandbox;
  const [appId, levelId, userId] = [randomUUID(), randomUUID(), randomUUID()];
  state.addUser({ id: userId, email: `${userId}@example.com`, displayName: text, jobTitle: text });
  state.addWorkApp(
    { id: appId, name: `${text} app`, description: text },
    [{ id: levelId, name: `${text} level`, description: text }],
    [{ id: randomUUID(), name: 'Sensitive', value: field }],
  );
  state.assignPolicy(appId, null, 'AccessRequest', policies.cloudOwners.id);
  return state.createAccessRequest({ workAppId: appId, userId, permissionLevelId: levelId })
    .taskIds[0]!;
}

/** The decision context the bot or a poller works with, on `clock`. */
export function contextFor(
  client: AccessClient,
  store: Store,
  clock: FakeClock,
  sensitive: SensitivityConfig = SENSITIVE,
) {
  const { log } = captureLog();
  return new DecisionContext({ client, store, log, clock, sensitive, waitMs: 1_000 });
}

/** A bot like the composition root's: sensitive applications and the decision context on. */
export function decidingBot(client: AccessClient) {
  return botFor(client, (store) => ({ context: contextFor(client, store, new GateClock()) }));
}

export interface PollerWiring {
  client: AccessClient;
  /** The bot's store: where the decisions counted on cards are. */
  botStore: Store;
  notifier: Notifier;
  /** Ada on this platform. */
  link: { platform: Platform; chatUserId: string };
  clock: GateClock;
  sensitive?: SensitivityConfig;
  rules?: NotifyRules;
}

/**
 * A poller sending Ada's cards through `notifier`, with a store of its own (it shares no
 * heartbeat with the bot's poller) and a decision context that starts empty.
 */
export async function approverPoller(w: PollerWiring) {
  const store = await openStore('sqlite::memory:');
  await store.saveLink({
    ...w.link,
    accessUserId: users.ada.id,
    email: users.ada.email,
    displayName: users.ada.displayName,
    linkedAt: new Date(0),
  });
  const context = contextFor(w.client, w.botStore, w.clock, w.sensitive);
  const { poller } = testPoller({
    client: w.client,
    store,
    notifiers: [w.notifier],
    clock: w.clock,
    context,
    ...(w.rules && { rules: w.rules }),
  });
  return {
    poller,
    /** One sweep of every user (with the waits it makes). */
    sweep: () => nextSweep(poller, w.clock),
    stop: async () => {
      w.clock.release();
      await poller.stop();
      await store.close();
    },
  } satisfies { poller: Poller; sweep: () => Promise<unknown>; stop: () => Promise<void> };
}

/** A request for a sensitive application, which Tim and Margaret (design leads) may approve. */
export function sensitiveRequest(sandbox: FakedSandbox): string[] {
  const id = randomUUID();
  const level = { id: randomUUID(), name: 'Member', description: 'member' };
  sandbox.state.addWorkApp(
    { id, name: `Payroll ${id.slice(0, 4)}`, description: 'pay' },
    [level],
    [{ id: randomUUID(), name: 'Sensitive', value: 'yes' }],
  );
  sandbox.state.assignPolicy(id, null, 'AccessRequest', policies.designLeads.id);
  return sandbox.state.createAccessRequest({
    workAppId: id,
    userId: users.grace.id,
    permissionLevelId: level.id,
  }).taskIds;
}

export const approvals = (sandbox: FakedSandbox, taskId: string) =>
  sandbox.requests.filter(
    (r) => r.method === 'POST' && r.path.endsWith(`/Tasks/${taskId}/Approve`),
  );
