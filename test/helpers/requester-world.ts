/**
 * The requester's side end to end on one platform: the real bot with the platform's real
 * adapter over real HTTP (Slack's Web API and Teams' Bot Connector are fakes; the terminal runs
 * over streams), the real poller sending through that platform's real notifier, and one sandbox,
 * store and fake clock under all of them. Grace requests; Ada and Alan approve GitHub; the three
 * are linked. Nothing waits on time: the clock moves when a test moves it.
 */

import { afterEach } from 'vitest';
import { renderReply } from '../../adapters/shell/render.ts';
import { startSlack } from '../../adapters/slack/start.ts';
import { AccessBot, type BotDeps } from '../../src/core/bot.ts';
import type { StepCompleter } from '../../src/core/completer.ts';
import { type Voice, voiceFor } from '../../src/core/i18n/voice.ts';
import type { Destination, MessageRef, Notifier } from '../../src/core/notifier.ts';
import type { Reply } from '../../src/core/reply.ts';
import { createMetrics } from '../../src/metrics.ts';
import type { Poller } from '../../src/poller/poller.ts';
import { anyTime, type WorkingHours } from '../../src/poller/working-hours.ts';
import { users, workApps } from '../../src/sandbox/seed.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.ts';
import { HttpServer } from '../../src/server/http-server.ts';
import { openStore } from '../../src/store/open.ts';
import type { Platform, Store } from '../../src/store/store.ts';
import { type Harness, startHarness, teamsKey } from '../fakes/bot-connector-harness.ts';
import { slackSay, slackUserOf, teamsSay } from '../fakes/chat-drivers.ts';
import { FakeSlack } from '../fakes/slack-api.ts';
import { BOT_TOKEN, SIGNING_SECRET } from '../fakes/slack-bot.ts';
import { clickPayload, sendInteraction } from '../fakes/slack-payloads.ts';
import { FakeClock, nextSweep, testPoller } from '../poller/fakes.ts';
import { captureLog } from './bot.ts';
import { idleLoop } from './idle-loop.ts';
import { clientFor } from './sandbox.ts';
import { openTerminalChat, type TerminalChat } from './terminal-chat.ts';

export type Person = 'ada' | 'alan' | 'grace';
export const PEOPLE: Person[] = ['ada', 'alan', 'grace'];
export const DAY_MS = 24 * 3_600_000;

export interface WorldOptions {
  /** When nudges may go out; default: any time, in `America/New_York` where no zone is told. */
  hours?: WorkingHours;
  /** On the terminal: who types (everyone's messages show in the one terminal). */
  typist?: Person;
  /** Under everything; default: one that stands still until a test moves it. */
  clock?: FakeClock;
  /** The bot's settings beyond the world's, e.g. who may request for others. */
  bot?: Partial<BotDeps>;
}

export interface RequesterWorld {
  sandbox: Sandbox;
  store: Store;
  clock: FakeClock;
  poller: Poller;
  /** What `who` is shown for a typed command (as JSON, or the terminal's text). */
  say(who: Person, text: string): Promise<string>;
  /** `who` presses "Looking at it" on their card of `taskId`; what they are told. */
  look(who: Person, taskId: string): Promise<string>;
  /** An interval passes and every linked person is polled; what falls due is sent. */
  sweep(): Promise<void>;
  /** Every message sent to `who`, as it now stands (after its edits). */
  messages(who: Person): string[];
  /** The first message to `who`, as it now stands, that `probe` accepts, once there is one. */
  waitFor(who: Person, probe: (message: string) => boolean): Promise<string>;
  /** How `who` is told times: English, in the zone their platform gives (else the default). */
  voiceOf(who: Person): Voice;
  /** Another bot on the same store, poller and service (someone acting elsewhere). */
  bot(): AccessBot;
  close(): Promise<void>;
}

/** The world's parts any platform needs; `notifier` becomes known when the platform starts. */
async function common(options: WorldOptions) {
  const clock = options.clock ?? new FakeClock();
  const sandbox = await startSandbox({ pageSize: 2, now: () => clock.now() });
  const client = clientFor(sandbox);
  const store = await openStore('sqlite::memory:');
  const { log } = captureLog();
  const hours = options.hours ?? { ...anyTime, defaultZone: 'America/New_York' };
  const voices = { locale: 'en', timeZone: hours.defaultZone };
  const { poller } = testPoller({ client, store, notifiers: [], clock, hours, voices });
  const { approvers, asks, workflows } = poller;
  const botDeps = {
    now: () => clock.now(),
    approvers,
    asks,
    workflows,
    nudgeAfterMs: DAY_MS,
    voices,
    ...options.bot,
  };
  const bot = () =>
    new AccessBot({
      client,
      store,
      log,
      pendingStatus: 'Pending',
      ...botDeps,
    });
  const link = async (platform: Platform, chatUserId: (who: Person) => string) => {
    for (const who of PEOPLE) {
      const { id, email, displayName } = users[who];
      await store.saveLink({
        platform,
        chatUserId: chatUserId(who),
        accessUserId: id,
        email,
        displayName,
        linkedAt: clock.now(),
      });
    }
  };
  const pollerFor = (notifier: Notifier, completer?: StepCompleter) => {
    poller.serve(notifier, undefined, completer);
    return poller;
  };
  const close = async () => {
    await store.close();
    await sandbox.close();
  };
  const voiceOf = (_who: Person) => voiceFor('en', hours.defaultZone);
  return { clock, sandbox, store, log, bot, botDeps, link, pollerFor, close, voiceOf };
}

export async function slackWorld(options: WorldOptions = {}) {
  const c = await common(options);
  const fake = await FakeSlack.start();
  // Alan reads times in Tokyo; Ada and Grace in London.
  fake.timeZones.set('U-ALAN', 'Asia/Tokyo');
  const metrics = createMetrics();
  const http = new HttpServer({ log: c.log, metrics, readiness: [] });
  const settings = {
    botToken: BOT_TOKEN,
    signingSecret: SIGNING_SECRET,
    apiUrl: fake.apiUrl,
    command: '/access',
  };
  idleLoop();
  const ctx = { bot: c.bot(), routes: http, replays: c.store, log: c.log, metrics, settings };
  const slack = await startSlack(ctx);
  const url = `http://127.0.0.1:${await http.listen(0, '127.0.0.1')}/slack/events`;
  await c.link('slack', slackUserOf);
  const poller = c.pollerFor(slack.notifier, slack.completer);
  const messages = (who: Person) =>
    [...fake.messages.values()]
      .filter((m) => m.channel === `D-${slackUserOf(who)}`)
      .map((m) => JSON.stringify({ text: m.text, blocks: m.blocks }));
  const cardOf = (who: Person, taskId: string) =>
    [...fake.messages.values()].find(
      (m) => m.channel === `D-${slackUserOf(who)}` && JSON.stringify(m.blocks).includes(taskId),
    );
  /** Clicks `actionId` on `who`'s card of `taskId`; resolves with its response_url. */
  const click = async (who: Person, taskId: string, actionId: string) => {
    const card = cardOf(who, taskId);
    if (!card) throw new Error(`${who} has no card of ${taskId}`);
    const responseUrl = fake.responseUrl();
    const where = { kind: 'message' as const, channel: card.channel, ts: card.ts, responseUrl };
    await sendInteraction(url, clickPayload(card.blocks, actionId, slackUserOf(who), where));
    return responseUrl;
  };
  const world: RequesterWorld = {
    ...c,
    poller,
    voiceOf: (who) => voiceFor('en', fake.timeZones.get(slackUserOf(who))),
    say: (who, text) => slackSay(fake, url, who, text),
    look: async (who, taskId) => {
      const responseUrl = await click(who, taskId, 'accessbot.looking');
      return JSON.stringify(await fake.waitFor(() => fake.respondedTo(responseUrl)[0]?.body));
    },
    sweep: async () => void (await nextSweep(poller, c.clock)),
    messages,
    waitFor: (who, probe) => fake.waitFor(() => messages(who).find(probe)),
    close: async () => {
      await poller.stop();
      await http.close();
      await slack.stop();
      await fake.close();
      await c.close();
    },
  };
  /** Opens the decline form of `who`'s card of `taskId` (and leaves it open). */
  const openDecline = async (who: Person, taskId: string) => {
    const opened = fake.callsOf('views.open').length;
    await click(who, taskId, 'accessbot.decline');
    await fake.waitFor(() => fake.callsOf('views.open')[opened]);
  };
  return { ...world, fake, url, openDecline };
}

export async function teamsWorld(options: WorldOptions = {}) {
  const c = await common(options);
  const h: Harness = await startHarness(c.sandbox, { store: c.store, bot: c.botDeps });
  for (const who of PEOPLE) await h.post(h.activities.installation(who));
  await c.link('teams', teamsKey);
  const poller = c.pollerFor(h.teams.notifier);
  const messages = (who: Person) =>
    h.connector.calls
      .filter((call) => call.conversationId === `a:personal-${who}` && call.newId)
      .filter((call) => call.op === 'send' || call.op === 'reply')
      .map((call) => JSON.stringify(h.connector.message(call.newId!) ?? null));
  const world: RequesterWorld = {
    ...c,
    poller,
    say: (who, text) => teamsSay(h, who, text),
    look: async (who, taskId) => {
      const answer = await h.post(h.activities.cardAction(who, 'looking', { value: taskId }));
      return JSON.stringify(answer.body);
    },
    sweep: async () => void (await nextSweep(poller, c.clock)),
    messages,
    waitFor: (who, probe) => h.connector.waitFor(() => messages(who).find(probe)),
    close: async () => {
      await poller.stop();
      await h.close();
      await c.close();
    },
  };
  return { ...world, h };
}

/**
 * The terminal of `options.typist` (Grace unless told): every message the poller sends to any of
 * the three shows in it, as the demo's one terminal does; `messages(who)` tells them apart by
 * where the terminal's notifier was asked to send them.
 */
export async function terminalWorld(options: WorldOptions = {}) {
  const c = await common(options);
  const typist = options.typist ?? 'grace';
  await c.link('shell', (who) => users[who].email);
  const sent = new Map<unknown, { to: Destination; message: Reply }>();
  const changed = new Set<() => void>();
  const record = (key: unknown, to: Destination, message: Reply) => {
    sent.set(key, { to, message });
    for (const check of changed) check();
  };
  const started = Promise.withResolvers<Poller>();
  const chat: TerminalChat = await openTerminalChat({
    bot: c.bot(),
    email: users[typist].email,
    startNotifications: async (terminal) => {
      const recording: Notifier = {
        platform: terminal.platform,
        post: async (to: Destination, message: Reply) => {
          const ref = await terminal.post(to, message);
          record(ref.data.message, to, message);
          return ref;
        },
        update: async (ref: MessageRef, message: Reply) => {
          await terminal.update(ref, message);
          record(ref.data.message, ref.destination, message);
        },
        followUp: (...args) => terminal.followUp(...args),
        find: (...args) => terminal.find(...args),
        timeZoneOf: (chatUserId) => terminal.timeZoneOf(chatUserId),
        localeOf: (chatUserId) => terminal.localeOf(chatUserId),
      };
      const poller = c.pollerFor(recording);
      started.resolve(poller);
      return poller;
    },
  });
  const poller = await started.promise;
  const messages = (who: Person) =>
    [...sent.values()]
      .filter(({ to }) => to.kind === 'user' && to.chatUserId === users[who].email)
      .map(({ message }) => renderReply(message, { color: false }));
  const world: RequesterWorld = {
    ...c,
    poller,
    say: async (who, text) => {
      if (who !== typist) throw new Error(`${who} has no terminal here; ${typist} has`);
      return chat.ask(text);
    },
    look: async (who, taskId) => world.say(who, `looking ${taskId}`),
    sweep: async () => void (await nextSweep(poller, c.clock)),
    messages,
    waitFor: (who, probe) =>
      new Promise((resolve) => {
        const check = () => {
          const found = messages(who).find(probe);
          if (found === undefined) return;
          changed.delete(check);
          resolve(found);
        };
        changed.add(check);
        check();
      }),
    close: async () => {
      await chat.stop();
      await c.close();
    },
  };
  return { ...world, chat };
}

/** A world for each test, closed after it: the function returned starts it. */
export function eachWorld<W extends RequesterWorld>(start: (options?: WorldOptions) => Promise<W>) {
  let current: W | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (options?: WorldOptions) => {
    current = await start(options);
    return current;
  };
}

/** Grace's pending GitHub requests' task of `approver`, by level. */
export function graceTaskOf(
  w: RequesterWorld,
  level: keyof typeof workApps.github.levels,
  approver: Person,
) {
  const task = w.sandbox.state
    .tasksFor(users[approver].id)
    .find(
      (t) =>
        t.target.userId === users.grace.id &&
        t.target.permissionLevelId === workApps.github.levels[level].id,
    );
  if (!task) throw new Error(`no ${level} task of ${approver}`);
  return task.id;
}

/** Each platform by name, as the suites run them. */
export const PLATFORMS: Array<[string, (options?: WorldOptions) => Promise<RequesterWorld>]> = [
  ['Slack', slackWorld],
  ['Teams', teamsWorld],
  ['the terminal', terminalWorld],
];
