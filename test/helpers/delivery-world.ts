/**
 * What the crash test and the soak run share: a sandbox and a Slack fake in this process, a
 * store for replicas (SQLite file or a fresh PostgreSQL schema), replicas as child processes,
 * and the checks: one top-level message per task and approver, every decided task's messages
 * updated, no follow-up twice.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { users } from '../../src/sandbox/seed.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.ts';
import { openStore } from '../../src/store/open.ts';
import { FakeSlack, type PostedMessage } from '../fakes/slack-api.ts';

const child = fileURLToPath(new URL('./poller-child.ts', import.meta.url));

export type Person = keyof typeof users;
export const slackId = (person: Person) => `U-${person.toUpperCase()}`;

export interface DeliveryWorld {
  sandbox: Sandbox;
  slack: FakeSlack;
  databaseUrl: string;
  start(replica: string, env?: Record<string, string>): Replica;
  close(): Promise<void>;
}

export interface Replica {
  process: ChildProcess;
  /** Resolves once its poller runs (and stops cleanly on SIGTERM). */
  started: Promise<void>;
  exited: Promise<number | null>;
  stderr: () => string;
}

/** A sandbox, a Slack fake and a store with `people` linked on Slack. */
export async function deliveryWorld(
  kind: 'sqlite' | 'postgres',
  people: Person[],
): Promise<DeliveryWorld> {
  const sandbox = await startSandbox({ pageSize: 5 });
  const slack = await FakeSlack.start();
  let databaseUrl = `sqlite:${join(mkdtempSync(join(tmpdir(), 'accessbot-delivery-')), 'bot.db')}`;
  let dropSchema = async () => {};
  if (kind === 'postgres') {
    const admin = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL });
    const schema = `accessbot_delivery_${randomUUID().replaceAll('-', '')}`;
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.href;
    dropSchema = async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    };
  }
  const store = await openStore(databaseUrl);
  for (const person of people) {
    const user = users[person];
    await store.saveLink({
      platform: 'slack',
      chatUserId: slackId(person),
      accessUserId: user.id,
      email: user.email,
      displayName: user.displayName,
      linkedAt: new Date(0),
    });
  }
  await store.close();
  const running = new Set<ChildProcess>();
  return {
    sandbox,
    slack,
    databaseUrl,
    start(replica, env = {}) {
      const p = spawn(process.execPath, [child], {
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: databaseUrl,
          SANDBOX_URL: sandbox.url,
          SANDBOX_API_KEY: sandbox.apiKey,
          SANDBOX_API_SECRET: sandbox.apiSecret,
          SLACK_API_URL: slack.apiUrl,
          REPLICA: replica,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      running.add(p);
      let err = '';
      p.stderr?.on('data', (chunk) => {
        err += String(chunk);
      });
      const started = new Promise<void>((resolve) => {
        let out = '';
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
      return { process: p, started, exited, stderr: () => err };
    },
    async close() {
      for (const p of running) p.kill('SIGKILL');
      await slack.close();
      await sandbox.close();
      await dropSchema();
    },
  };
}

const payloadOf = (m: PostedMessage) =>
  m.metadata?.event_payload as { delivery_id?: string; task_id?: string } | undefined;

/** Top-level task messages, by `channel task` (a DM channel is `D-<slack id>`). */
export function taskMessages(slack: FakeSlack): Map<string, PostedMessage[]> {
  const byKey = new Map<string, PostedMessage[]>();
  for (const m of slack.messages.values()) {
    const task = payloadOf(m)?.task_id;
    if (m.thread_ts || !task) continue;
    const key = `${m.channel} ${task}`;
    byKey.set(key, [...(byKey.get(key) ?? []), m]);
  }
  return byKey;
}

/** Follow-ups posted twice for the same reminder. */
export function repeatedFollowUps(slack: FakeSlack): string[] {
  const seen = new Map<string, number>();
  for (const m of slack.messages.values()) {
    const id = payloadOf(m)?.delivery_id;
    if (m.thread_ts && id) seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
}

/** Whether a task message shows buttons (a pending card) or not (the outcome). */
export const showsButtons = (m: PostedMessage) =>
  JSON.stringify(m.blocks).includes('"type":"actions"');
