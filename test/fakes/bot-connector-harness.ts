/**
 * Everything a Teams test needs, built in-process from the real parts: the sandbox Access
 * Service, a real `AccessBot` over an in-memory SQLite store, the one `HttpServer` on a loopback
 * port with `startTeams` mounted, and the fake Bot Connector the activities point back to.
 * `post` sends an activity to `/api/messages` as Teams would and checks any card it answers with.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startTeams, type TeamsAdapter, type TeamsOptions } from '../../adapters/teams/start.ts';
import { loadConfig } from '../../src/app/config.ts';
import { decisionContext, pollerFor } from '../../src/app/runtime.ts';
import { AccessBot, type BotDeps } from '../../src/core/bot.ts';
import { createMetrics } from '../../src/metrics.ts';
import { users, workApps } from '../../src/sandbox/seed.ts';
import type { Sandbox } from '../../src/sandbox/server.ts';
import { HttpServer } from '../../src/server/http-server.ts';
import { openStore } from '../../src/store/open.ts';
import type { Store } from '../../src/store/store.ts';
import { captureLog } from '../helpers/bot.ts';
import { clientFor, useSandbox } from '../helpers/sandbox.ts';
import { type Member, startFakeBotConnector } from './bot-connector.ts';
import { ADAPTIVE_CARD, cardProblems } from './bot-connector-cards.ts';

export const BOT = { id: '28:accessbot-app', name: 'accessbot' };
export const TENANT = 'tenant-1';

export type SeedKey = keyof typeof users;
type Who = SeedKey | 'stranger';
/** The `29:` id Teams gives a person for this bot. */
export const teamsId = (who: Who) => `29:${who}`;
/** Their Azure AD object id. */
export const aadId = (who: Who) => `aad-${who}`;
/** Who they are to accessbot: tenant and Azure AD object id. */
export const teamsKey = (who: Who) => `${TENANT}:${aadId(who)}`;

/** One person as Teams' member lookup answers for them. */
export const memberOf = (who: Who, name: string, addresses: Partial<Member>): Member => ({
  id: teamsId(who),
  name,
  objectId: aadId(who),
  tenantId: TENANT,
  userRole: 'user',
  ...addresses,
});

/** The roster Teams would answer with: seed users by e-mail; Grace only by UPN; a stranger. */
export function seedMembers(): Member[] {
  const members: Member[] = Object.entries(users).map(([key, u]) =>
    memberOf(
      key as SeedKey,
      u.displayName,
      key === 'grace' ? { userPrincipalName: u.email } : { email: u.email },
    ),
  );
  members.push(memberOf('stranger', 'Stranger', { email: 'stranger@elsewhere.test' }));
  return members;
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the answer field by field
  body: any;
}

export interface HarnessOptions extends TeamsOptions {
  env?: Record<string, string>;
  /** Another harness's store, to run as a second replica on it (it stays open at close). */
  store?: Store;
  /** The store as the bot and the platform see it, e.g. one that fails (failing-store.ts). */
  wrapStore?: (store: Store) => Store;
  /** More of the bot's dependencies, e.g. its clock and whom it nudges through. */
  bot?: Partial<BotDeps>;
}

export async function startHarness(sandbox: Sandbox, options: HarnessOptions = {}) {
  const connector = await startFakeBotConnector(seedMembers());
  const client = clientFor(sandbox);
  const opened: Store = options.store ?? (await openStore('sqlite::memory:'));
  const store = options.wrapStore?.(opened) ?? opened;
  const { log, lines } = captureLog();
  const metrics = createMetrics();
  // The bot's clock, ahead of the wall clock by `skewMs` (tests move it on to expire caches), or
  // stopped `at` a time when that is set.
  const time: { skewMs: number; at?: number } = { skewMs: 0 };
  const now = () => new Date(time.at ?? Date.now() + time.skewMs);
  // The sandbox by name: the harness hands the bot its own client for it.
  const config = loadConfig({
    ACCESS_API_URL: 'sandbox',
    ...(options.env ?? { TEAMS_ANONYMOUS: '1', NODE_ENV: 'test', HOST: '127.0.0.1' }),
  });
  const context = decisionContext(config, { client, store, log });
  // Not started: its outbox tells people and edits a settled task's messages.
  const poller = pollerFor(config, { client, store, log, metrics, context });
  const bot = new AccessBot({
    client,
    store,
    log,
    pendingStatus: 'Pending',
    now,
    groups: config.groups,
    apps: config.apps,
    notices: poller.notices,
    approvers: poller.approvers,
    context,
    stepUp: config.stepUp,
    ...options.bot,
  });
  const http = new HttpServer({ log, metrics, readiness: [], now: () => now().getTime() });
  const teams: TeamsAdapter = await startTeams(
    { bot, routes: http, replays: store, log, metrics, settings: config.teams! },
    {
      // Our own connector retries, a few milliseconds apart.
      retry: { limit: 2, baseDelayMs: 1, maxDelayMs: 4 },
      now,
      ...options,
    },
  );
  poller.serve(teams.notifier);
  const port = await http.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}/api/messages`;
  const invokeCardIssues: string[] = [];

  const post = async (activity: object, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(activity),
    });
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: parsed JSON, read field by field in tests
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // a plain-text answer stays text
    }
    if (body?.type === ADAPTIVE_CARD) invokeCardIssues.push(...cardProblems(body.value));
    return { status: res.status, body };
  };

  const activities = activityBuilder(connector.url);
  return {
    connector,
    teams,
    time,
    store,
    bot,
    client,
    context,
    metrics,
    logLines: lines,
    url,
    post,
    activities,
    /** Card problems in anything the bot produced so far, sent or answered. */
    cardIssues: () => [...connector.cardIssues, ...invokeCardIssues],
    close: async () => {
      await http.close();
      await poller.stop();
      await teams.stop();
      await connector.close();
      if (!options.store) await opened.close();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/**
 * A suite's sandbox and harness: started once, cleared before each test, and after each test
 * every card the bot produced must have parsed cleanly. Read `.h` and `.sandbox.current` in tests.
 */
export function useTeams(options: HarnessOptions = {}) {
  const sandbox = useSandbox({ pageSize: 2 });
  const suite = { sandbox } as { sandbox: typeof sandbox; h: Harness };
  beforeAll(async () => {
    suite.h = await startHarness(sandbox.current, options);
  });
  afterAll(async () => {
    await suite.h?.close();
  });
  beforeEach(() => {
    suite.h.connector.clear();
    sandbox.current.faults.reset();
  });
  afterEach(() => {
    expect(suite.h.cardIssues()).toEqual([]);
  });
  return suite;
}

type Scope = 'personal' | 'channel' | 'groupChat';

/** Activities shaped like the ones Teams sends, pointing back at the fake connector. */
export function activityBuilder(serviceUrl: string) {
  const base = (who: SeedKey | 'stranger', scope: Scope) => {
    const from = { id: teamsId(who), name: who, aadObjectId: aadId(who) };
    const conversation =
      scope === 'personal'
        ? { id: `a:personal-${who}`, conversationType: 'personal', tenantId: TENANT }
        : scope === 'channel'
          ? {
              id: '19:general@thread.tacv2',
              conversationType: 'channel',
              tenantId: TENANT,
              isGroup: true,
            }
          : {
              id: '19:group@thread.v2',
              conversationType: 'groupChat',
              tenantId: TENANT,
              isGroup: true,
            };
    return {
      id: randomUUID(),
      channelId: 'msteams',
      serviceUrl,
      timestamp: new Date().toISOString(),
      from,
      recipient: BOT,
      conversation,
      channelData: {
        tenant: { id: TENANT },
        ...(scope === 'channel'
          ? { team: { id: '19:team@thread.tacv2' }, channel: { id: conversation.id } }
          : {}),
      },
    };
  };
  return {
    message: (who: SeedKey | 'stranger', text: string, scope: Scope = 'personal') => {
      if (scope === 'personal') return { ...base(who, scope), type: 'message', text };
      const mention = `<at>${BOT.name}</at>`;
      return {
        ...base(who, scope),
        type: 'message',
        text: `${mention} ${text}`,
        entities: [{ type: 'mention', text: mention, mentioned: BOT }],
      };
    },
    cardAction: (
      who: SeedKey | 'stranger',
      verb: string,
      data: Record<string, unknown>,
      replyToId = 'msg-card',
    ) => ({
      ...base(who, 'personal'),
      type: 'invoke',
      name: 'adaptiveCard/action',
      replyToId,
      value: { action: { type: 'Action.Execute', verb, data }, trigger: 'manual' },
    }),
    invoke: (who: SeedKey | 'stranger', name: string, value: unknown) => ({
      ...base(who, 'personal'),
      type: 'invoke',
      name,
      value,
    }),
    installation: (
      who: SeedKey | 'stranger',
      action: 'add' | 'remove' = 'add',
      scope: Scope = 'personal',
    ) => ({
      ...base(who, scope),
      type: 'installationUpdate',
      action,
    }),
  };
}

/**
 * Opens a fresh GitHub access request (for the next person and level that has none pending) and
 * returns the new task of `approver`; GitHub's approvers are Ada and Alan, so both get one.
 */
export function openGithubTask(sandbox: Sandbox, approver: 'ada' | 'alan' = 'ada'): string {
  const subjects = Object.keys(users).filter((k) => k !== 'ada' && k !== 'alan') as SeedKey[];
  for (const subject of subjects) {
    for (const level of Object.values(workApps.github.levels)) {
      const userId = users[subject].id;
      const open = [...sandbox.state.accesses.values()].some(
        (a) => a.userId === userId && a.workAppId === workApps.github.id && a.status === 'Pending',
      );
      if (open) continue;
      try {
        const access = sandbox.state.createAccessRequest({
          workAppId: workApps.github.id,
          userId,
          permissionLevelId: level.id,
        });
        const task = sandbox.state
          .tasksFor(users[approver].id, 'Pending')
          .find((t) => t.metadata.accessId === access.id);
        if (task) return task.id;
      } catch {
        // this person already has this access or a request for it: try the next
      }
    }
  }
  throw new Error('no GitHub request left to open in this sandbox');
}

/** All text an activity shows: its text and every string inside its cards. */
export function shown(activity: unknown): string {
  return JSON.stringify(activity ?? null);
}
