/**
 * What the crash test and the soak run share: a sandbox and the platform's fake (the Slack Web API
 * or the Bot Connector) in this process, a store for replicas (SQLite file or a fresh PostgreSQL
 * schema), replicas as child processes, and what was sent: every message each conversation got,
 * as it now stands, so a test can count them per event.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { users } from '../../src/sandbox/seed.ts';
import { openStore } from '../../src/store/open.ts';
import type { Store } from '../../src/store/store.ts';
import { type FakeBotConnector, startFakeBotConnector } from '../fakes/bot-connector.ts';
import { cardsOf } from '../fakes/bot-connector-cards.ts';
import { type Sandbox, startSandbox } from '../fakes/sandbox-faults.ts';
import { FakeSlack } from '../fakes/slack-api.ts';
import { childEnv } from './child-env.ts';
import { emptySchema } from './postgres.ts';
import { replicaBundle } from './replica-bundle.ts';

export type Person = keyof typeof users;
export type ChatPlatform = 'slack' | 'teams';
/** A person's chat id on each platform (`U-ADA`, `29:ada`). */
export const chatIdOf = (platform: ChatPlatform, person: Person) =>
  platform === 'slack' ? `U-${person.toUpperCase()}` : `29:${person}`;
/** The conversation a person's messages land in (Slack's DM channel, Teams' personal chat). */
export const dmOf = (platform: ChatPlatform, person: Person) =>
  platform === 'slack' ? `D-${chatIdOf(platform, person)}` : `a:dm-${person}`;
/** The channel escalations go to, by platform. */
export const ESCALATION_CHANNEL = 'C-ESCALATIONS';

/** One message as it now stands: where it is, what it shows, whether it is a follow-up. */
export interface Shown {
  conversation: string;
  /** Its text and content as JSON, for finding what it is about. */
  content: string;
  /** Slack: a reply in a thread. Teams has none: a follow-up is a message after the card. */
  threaded: boolean;
  postedAt: number;
}

export interface DeliveryWorld {
  sandbox: Sandbox;
  platform: ChatPlatform;
  slack: FakeSlack;
  teams: FakeBotConnector;
  databaseUrl: string;
  /** Every message sent, on the world's platform, as it now stands. */
  shown(): Shown[];
  /** Every edit that landed: the message and what it was made to show. */
  edits(): string[];
  /** The replicas' store as this process sees it, open until `close()`. */
  store: Store;
  start(replica: string, env?: Record<string, string>): Replica;
  close(): Promise<void>;
}

export interface Replica {
  /** Its REPLICA: the owner of its heartbeat and intents in the store. */
  name: string;
  process: ChildProcess;
  /** Resolves once its poller runs (and stops cleanly on SIGTERM). */
  started: Promise<void>;
  exited: Promise<number | null>;
  stderr: () => string;
  stdout: () => string;
}

/**
 * Migrated PostgreSQL schemas of worlds closed with no replica left running, emptied (and so as
 * a new one) when the next world takes one: a new schema's migrations and its drop cost
 * PostgreSQL a tenth of a CPU second per world, emptying it a hundredth.
 */
const spareSchemas: string[] = [];

/** Drops the spare schemas: after the last world of a test file. */
export async function dropSpareSchemas(): Promise<void> {
  if (!spareSchemas.length) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    for (const schema of spareSchemas.splice(0)) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  } finally {
    await admin.end();
  }
}

/** A sandbox, the platform's fake and a store with `people` linked on `platform`. */
export async function deliveryWorld(
  kind: 'sqlite' | 'postgres',
  people: Person[],
  platform: ChatPlatform = 'slack',
): Promise<DeliveryWorld> {
  const child = await replicaBundle();
  const sandbox = await startSandbox({ pageSize: 5 });
  const slack = await FakeSlack.start();
  const teams = await startFakeBotConnector();
  let databaseUrl = `sqlite:${join(mkdtempSync(join(tmpdir(), 'accessbot-delivery-')), 'bot.db')}`;
  let putSchemaAway = async (_reusable: boolean) => {};
  if (kind === 'postgres') {
    const admin = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL });
    const spare = spareSchemas.pop();
    const schema = spare ?? `accessbot_delivery_${randomUUID().replaceAll('-', '')}`;
    if (spare) await emptySchema(admin, schema);
    else await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.href;
    putSchemaAway = async (reusable) => {
      if (reusable) spareSchemas.push(schema);
      else await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    };
  }
  const store = await openStore(databaseUrl);
  const reference = (conversation: string, user?: string) => ({
    channelId: 'msteams',
    serviceUrl: teams.url,
    conversation: { id: conversation },
    bot: { id: '28:accessbot' },
    ...(user && { user: { id: user } }),
  });
  for (const person of people) {
    const user = users[person];
    const chatUserId = chatIdOf(platform, person);
    await store.saveLink({
      platform,
      chatUserId,
      accessUserId: user.id,
      email: user.email,
      displayName: user.displayName,
      linkedAt: new Date(0),
    });
    const ref = reference(dmOf('teams', person), chatUserId);
    await store.saveConversationRef('teams', `user:${chatUserId}`, ref);
  }
  const escalations = reference(ESCALATION_CHANNEL);
  await store.saveConversationRef('teams', `channel:${ESCALATION_CHANNEL}`, escalations);
  const running = new Set<ChildProcess>();
  return {
    sandbox,
    platform,
    slack,
    teams,
    databaseUrl,
    shown: () => (platform === 'slack' ? slackShown(slack) : teamsShown(teams)),
    edits: () => (platform === 'slack' ? slackEdits(slack) : teamsEdits(teams)),
    store,
    start(replica, env = {}) {
      // Outside node_modules, Node warns of the punycode module botbuilder's URL parser loads. A
      // young generation big enough for the whole start: no collection while it loads (5 to 7
      // of them otherwise, for garbage that a replica living seconds never needs back).
      const flags = ['--disable-warning=DEP0040', '--min-semi-space-size=32'];
      const p = spawn(process.execPath, [...flags, child], {
        env: childEnv({
          DATABASE_URL: databaseUrl,
          SANDBOX_URL: sandbox.url,
          SANDBOX_API_KEY: sandbox.apiKey,
          SANDBOX_API_SECRET: sandbox.apiSecret,
          SLACK_API_URL: slack.apiUrl,
          PLATFORM: platform,
          REPLICA: replica,
          ...env,
        }),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      running.add(p);
      let err = '';
      let out = '';
      p.stderr?.on('data', (chunk) => {
        err += String(chunk);
      });
      const started = new Promise<void>((resolve) => {
        p.stdout?.on('data', (chunk) => {
          out += String(chunk);
          if (out.includes('started\n')) resolve();
        });
      });
      const exited = new Promise<number | null>((resolve) =>
        p.on('exit', (code) => {
          running.delete(p);
          resolve(code);
        }),
      );
      return { name: replica, process: p, started, exited, stderr: () => err, stdout: () => out };
    },
    async close() {
      // A replica still running here may have a write in flight: its schema is not used again.
      const reusable = running.size === 0;
      for (const p of running) p.kill('SIGKILL');
      await store.close();
      await slack.close();
      await teams.close();
      await sandbox.close();
      await putSchemaAway(reusable);
    },
  };
}

function slackShown(slack: FakeSlack): Shown[] {
  return [...slack.messages.values()].map((m) => ({
    conversation: m.channel,
    content: JSON.stringify({ text: m.text, blocks: m.blocks }),
    threaded: Boolean(m.thread_ts),
    postedAt: m.postedAt,
  }));
}

function slackEdits(slack: FakeSlack): string[] {
  return slack
    .callsOf('chat.update')
    .map((c) => JSON.stringify([c.args.channel, c.args.ts, c.args.blocks]));
}

function teamsEdits(teams: FakeBotConnector): string[] {
  return teams.calls
    .filter((c) => c.op === 'update' && c.status === 200)
    .map((c) => JSON.stringify([c.activityId, c.activity?.text, cardsOf(c.activity ?? {})]));
}

function teamsShown(teams: FakeBotConnector): Shown[] {
  return teams.calls
    .filter((c) => (c.op === 'send' || c.op === 'reply') && c.status === 200 && c.newId)
    .map((c) => ({
      conversation: c.conversationId,
      content: JSON.stringify(teams.message(c.newId ?? '')),
      threaded: false,
      postedAt: c.at,
    }));
}

/**
 * What a message is about: `task:<id>` (a card or an escalation), `follow-up:<title>`,
 * `requester:<task id>`, `member:<group>`, `nudge:<task id>`, `review:<app> (<level>)` (a review
 * card, whatever it shows), `question` (an approver's question,
 * as asked or answered), `answer` (the asker told the answer), `away:<task id>`, `digest` or
 * `note`.
 */
export function aboutOf(world: DeliveryWorld, m: Shown): string {
  const taskIn = () => [...world.sandbox.state.tasks.keys()].find((id) => m.content.includes(id));
  if (m.content.includes('Update: ')) return 'note';
  if (m.content.includes('Your daily digest')) return 'digest';
  if (m.content.includes('Your request for access')) return `requester:${taskIn()}`;
  if (m.content.includes('A nudge from')) return `nudge:${taskIn()}`;
  if (m.content.includes(' answered your question about')) return 'answer';
  if (/A question from|You answered|No answer is needed/.test(m.content)) return 'question';
  if (m.content.includes('waits for your decision too')) return `away:${taskIn()}`;
  const review = /Access reviews of ([^:"\\]+):/.exec(m.content);
  if (review) return `review:${review[1]}`;
  const group = /added you to the group (\S+) /.exec(m.content);
  if (group) return `member:${group[1]}`;
  const followUp = /\\"(.+?)\\" is still waiting for your decision since/.exec(m.content);
  if (followUp) return `follow-up:${followUp[1]}`;
  const task = taskIn();
  return task ? `task:${task}` : `unknown:${m.content.slice(0, 200)}`;
}

/** Every message sent, by `conversation about`. */
export function census(world: DeliveryWorld): Map<string, Shown[]> {
  return Map.groupBy(world.shown(), (m) => `${m.conversation} ${aboutOf(world, m)}`);
}

/** Whether a message shows Approve (a pending card) or not (the outcome). */
export const showsButtons = (m: Shown) => m.content.includes('"Approve"');
