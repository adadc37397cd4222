/**
 * The load benchmark's Slack sending requests: a process of its own (the bot must not share its
 * event loop or its core's time slices with the sender) that posts the planned signed requests
 * at a fixed arrival rate, each on a fresh connection as Slack's do, whatever the answers, and
 * times each ack. Meanwhile it asks `/healthz` at a fixed period. It only ever connects to
 * 127.0.0.1, sends exactly the planned count, gives each request at most REQUEST_TIMEOUT_MS and
 * exits once it has reported.
 *
 * Started by load.ts with the plan as IPC message; answers with one `GeneratorReport`.
 */
import { request } from 'node:http';
import { signedHeaders } from '../test/fakes/slack-bot.ts';
import { clickPayload, commandBody } from '../test/fakes/slack-payloads.ts';
import {
  clickTs,
  dmChannel,
  GROUP_NAME,
  type Kind,
  type Planned,
  REQUEST_TIMEOUT_MS,
  type RunPlan,
  SIGNING_SECRET,
} from './load-plan.ts';

export interface Acked {
  id: number;
  kind: Kind;
  /** HTTP status, or 0 when no answer came (refused, reset, timed out); then ackMs is -1. */
  status: number;
  /** When it was sent, absolute (timeOrigin + now) to compare with the world's times. */
  sentAt: number;
  ackMs: number;
  /** How late the generator sent it against the fixed schedule. */
  lagMs: number;
  busy: boolean;
}

export interface GeneratorReport {
  acked: Acked[];
  healthzMs: number[];
  /** Requests the plan did not get to send before the time limit. */
  unsent: number;
  /** The generator's own CPU time over the run, in ms. */
  cpuMs: number;
}

const now = () => performance.timeOrigin + performance.now();

function bodyOf(plan: RunPlan, r: Planned): string {
  const person = plan.people[r.person]!;
  const responseUrl = `${plan.slackOrigin}/respond/${r.id}`;
  if (r.kind === 'tasks') return commandBody('tasks', person.slackId, responseUrl);
  if (r.kind === 'members') {
    return commandBody(`members ${GROUP_NAME}`, person.slackId, responseUrl);
  }
  const blocks = [
    {
      type: 'actions',
      elements: [
        {
          type: 'button',
          action_id: 'accessbot.approve',
          value: r.taskId,
          text: { type: 'plain_text', text: 'Approve' },
        },
      ],
    },
  ];
  const where = {
    kind: 'message' as const,
    channel: dmChannel(person.slackId),
    ts: clickTs(r.id),
    responseUrl,
  };
  const payload = clickPayload(blocks, 'accessbot.approve', person.slackId, where);
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

/** One POST on its own connection; resolves with the status and the body, or status 0. */
function post(url: URL, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string }>((resolve) => {
    const req = request(url, {
      method: 'POST',
      agent: false,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      timeout: REQUEST_TIMEOUT_MS,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', () => resolve({ status: 0, text: '' }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(body);
  });
}

async function run(plan: RunPlan): Promise<GeneratorReport> {
  const cpu = process.cpuUsage();
  const url = new URL(plan.url);
  if (url.hostname !== '127.0.0.1') throw new Error('the load generator only targets 127.0.0.1');
  const bodies = plan.requests.map((r) => bodyOf(plan, r));
  const acked: Acked[] = [];
  const pending: Array<Promise<void>> = [];
  const healthzMs: number[] = [];
  const spanMs = (plan.requests.length / plan.rate) * 1000;
  const deadline = Date.now() + spanMs + 2 * REQUEST_TIMEOUT_MS;

  const healthz = new URL('/healthz', url);
  const probe = async () => {
    const started = now();
    await new Promise<void>((resolve) => {
      const req = request(healthz, { agent: false, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve());
      req.end();
    });
    healthzMs.push(now() - started);
  };
  const probes = plan.healthzEveryMs
    ? setInterval(() => void probe(), plan.healthzEveryMs)
    : undefined;

  const send = (i: number, scheduled: number) => {
    const r = plan.requests[i]!;
    const body = bodies[i]!;
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      ...signedHeaders(body, SIGNING_SECRET),
    };
    const sentAt = now();
    pending.push(
      post(url, body, headers).then(({ status, text }) => {
        const ackMs = status ? now() - sentAt : -1;
        const busy = /\bbusy\b/i.test(text);
        acked.push({
          id: r.id,
          kind: r.kind,
          status,
          sentAt,
          ackMs,
          lagMs: sentAt - scheduled,
          busy,
        });
        if (acked.length === plan.markAfter) process.send?.({ kind: 'mark' });
      }),
    );
  };

  // Fixed arrival rate: every request at start + i / rate, however the earlier ones fare.
  const start = now();
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(
        plan.requests.length,
        Math.floor(((now() - start) * plan.rate) / 1000) + 1,
      );
      while (next < due) {
        send(next, start + (next * 1000) / plan.rate);
        next++;
      }
      if (next >= plan.requests.length || Date.now() > deadline) return resolve();
      setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  if (probes) clearInterval(probes);
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  return { acked, healthzMs, unsent: plan.requests.length - next, cpuMs };
}

process.once('message', async (plan: RunPlan) => {
  const hardStop = setTimeout(() => process.exit(2), 10 * 60_000);
  const result = await run(plan);
  process.send?.({ kind: 'report', ...result }, () => {
    clearTimeout(hardStop);
    process.exit(0);
  });
});
