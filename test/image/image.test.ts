/**
 * The container image as an admin runs it: two containers of the image built from the
 * repository's own Dockerfile (.ci/image builds it with podman and names it in ACCESSBOT_IMAGE),
 * read-only, with every capability dropped and no new privileges, on one PostgreSQL database,
 * against the sandbox and a fake of Slack's Web API. They run as uid 1000, become ready, answer a
 * signed slash command, send each pending task's direct message once between them, pass the
 * image's HEALTHCHECK, and stop on SIGTERM with exit code 0 well within the grace period.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/sandbox/seed.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.ts';
import { FakeSlack } from '../fakes/slack-api.ts';
import { BOT_TOKEN, SIGNING_SECRET } from '../fakes/slack-bot.ts';
import { sendCommand } from '../fakes/slack-payloads.ts';
import { usePostgresSchema } from '../helpers/postgres.ts';
import { type Watched, watch } from '../helpers/watch.ts';

const image = process.env.ACCESSBOT_IMAGE;
const databaseUrl = process.env.TEST_DATABASE_URL;
/** compose.yaml's stop_grace_period: podman kills a container still running after it. */
const GRACE_SECONDS = 20;

/** tini's and node's command line and status in a container (the image has no ps), blank-line separated. */
const PROCESSES = `for p in /proc/[0-9]*; do
  cmd=$(tr '\\0' ' ' <$p/cmdline)
  case $cmd in /usr/bin/tini*|node*) echo "Cmd: $cmd"; cat $p/status; echo;; esac
done`;

const podman = (...args: string[]) => spawnSync('podman', args, { encoding: 'utf8' });

/** A port nothing listens on now: the containers share the host's network. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Container extends Watched {
  name: string;
  base: string;
}

describe.skipIf(!image || !databaseUrl)(
  `the image (${image}), two containers on one PostgreSQL`,
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'accessbot-image-'));
    const store = usePostgresSchema('image');
    const containers: Container[] = [];
    let sandbox: Sandbox;
    let slack: FakeSlack;

    /** `podman run` in the foreground, as hardened as compose.yaml and the Kubernetes example. */
    async function run(n: number, envFile: string): Promise<Container> {
      const name = `accessbot-test-${process.pid}-${n}`;
      const port = await freePort();
      // Host networking: each container needs its own health listener as well.
      const healthPort = await freePort();
      const child = spawn(
        'podman',
        [
          'run',
          `--name=${name}`,
          '--network=host',
          '--read-only',
          '--tmpfs=/tmp',
          '--cap-drop=ALL',
          '--security-opt=no-new-privileges',
          `--env-file=${envFile}`,
          `--env=PORT=${port}`,
          `--env=HEALTH_PORT=${healthPort}`,
          // No systemd here to run the HEALTHCHECK on a timer: the test runs it itself.
          '--health-interval=disable',
          image!,
        ],
        { stdio: 'pipe' },
      ) as ChildProcessWithoutNullStreams;
      return { name, base: `http://127.0.0.1:${port}`, ...watch(child) };
    }

    beforeAll(async () => {
      sandbox = await startSandbox();
      slack = await FakeSlack.start();
      const envFile = join(dir, 'accessbot.env');
      const settings = {
        ACCESS_API_URL: sandbox.url,
        ACCESS_API_KEY: sandbox.apiKey,
        ACCESS_API_SECRET: sandbox.apiSecret,
        DATABASE_URL: store.url,
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_API_URL: slack.apiUrl,
        POLL_INTERVAL_SECONDS: '2',
        LOG_LEVEL: 'info',
      };
      const lines = Object.entries(settings).map(([name, value]) => `${name}=${value}\n`);
      writeFileSync(envFile, lines.join(''));
      containers.push(await run(1, envFile), await run(2, envFile));
      await Promise.all(containers.map((c) => c.waitForLog(/"msg":"listening"/)));
    }, 120_000);

    afterAll(async () => {
      for (const { name } of containers) podman('rm', '--force', '--ignore', name);
      await sandbox?.close();
      await slack?.close();
    });

    it('runs as uid 1000 without capabilities, and becomes ready', async () => {
      for (const { name, base } of containers) {
        // PID 1 is tini, node its child: both as the image's user, with no capabilities at all.
        const statuses = podman('exec', name, 'sh', '-c', PROCESSES).stdout.trim().split('\n\n');
        const commands = statuses.map((s) => /^Cmd: (\S+)/m.exec(s)?.[1]);
        expect(commands.sort()).toEqual(['/usr/bin/tini', 'node']);
        for (const status of statuses) {
          expect(/^Uid:\s+(\d+)/m.exec(status)?.[1], status).toBe('1000');
          expect(/^CapEff:\s+(\w+)/m.exec(status)?.[1], status).toMatch(/^0+$/);
          expect(/^NoNewPrivs:\s+(\d)/m.exec(status)?.[1], status).toBe('1');
        }
        expect((await fetch(`${base}/readyz`)).status).toBe(200);
        expect(podman('healthcheck', 'run', name).status, `${name} HEALTHCHECK`).toBe(0);
      }
    });

    it('answers a slash command signed as Slack signs it, on either container', async () => {
      for (const { base } of containers) {
        const responseUrl = slack.responseUrl();
        const sent = await sendCommand(`${base}/slack/events`, 'tasks', 'U-ADA', responseUrl);
        expect(sent.status).toBe(200);
        const answer = await slack.waitFor(() => slack.respondedTo(responseUrl)[0]);
        expect(String(answer.body.text)).toContain('3 pending tasks');
      }
    });

    it('sends each pending task’s direct message once between the two', async () => {
      /** Each container's polls of one person's tasks that went through. */
      const pollsOf = async ({ base }: Container) => {
        const metrics = await (await fetch(`${base}/metrics`)).text();
        const ok = /^accessbot_poller_user_polls_total\{outcome="ok"\} (\d+)$/m.exec(metrics);
        return Number(ok?.[1] ?? 0);
      };
      const polls = async () =>
        (await Promise.all(containers.map(pollsOf))).reduce((a, b) => a + b);
      const sentTo = (channel: string) =>
        [...slack.messages.values()]
          .filter((m) => m.channel === channel)
          .map((m) => m.metadata?.event_payload.task_id);
      // Ada's three tasks reach her; then two more rounds of polls of everyone, by either container.
      await slack.waitFor(() => (sentTo('D-U-ADA').length >= 3 ? true : undefined));
      const after = (await polls()) + 2 * Object.keys(users).length;
      await expect.poll(polls, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(after);

      // Both took part: the database splits the people between them.
      for (const container of containers) expect(await pollsOf(container)).toBeGreaterThan(0);
      expect(new Set(sentTo('D-U-ADA')).size).toBe(3);
      const sent = [...slack.messages.values()].map(
        (m) => `${m.channel} ${m.metadata?.event_payload.task_id}`,
      );
      expect(sent.length).toBeGreaterThan(3);
      expect(sent.filter((key, i) => sent.indexOf(key) !== i)).toEqual([]);
    }, 90_000);

    it(
      'stops each container on SIGTERM with exit code 0, within the grace period',
      async () => {
        for (const container of containers) {
          // podman stop sends the image's STOPSIGNAL and kills only after the grace period.
          const stop = podman('stop', `--time=${GRACE_SECONDS}`, container.name);
          expect(stop.status, stop.stderr).toBe(0);
          expect(await container.exited).toBe(0);
          // From the container's log: the attached client may miss the last lines.
          const logs = podman('logs', container.name);
          expect(logs.stderr).toMatch(/"why":"SIGTERM"[^\n]*"msg":"shutting down"/);
        }
      },
      2 * (GRACE_SECONDS + 10) * 1000,
    );
  },
);
