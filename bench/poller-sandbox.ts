/**
 * The benchmark's Access Service: the sandbox with a bulk-seeded organisation, in a process of
 * its own (as the real service is another machine), so that neither its CPU nor its memory is
 * charged to the poller. Every API request is answered after the benchmark's latency and
 * counted (request-count.ts). Driven by the benchmark over IPC.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { send } from '../src/sandbox/http.ts';
import { type ApiExchange, startSandbox } from '../src/sandbox/server.ts';
import { sendWebhooks, type WebhookSender } from '../src/sandbox/webhooks.ts';
import { addPendingTask, bulkSeed } from './bulk-seed.ts';
import { type CountReport, RequestCount } from './request-count.ts';

const Setup = z.object({
  users: z.number().int(),
  tasks: z.number().int(),
  pending: z.number().int(),
  latencyMs: z.number(),
});

/** Who a created task is for: anyone, someone active already, or someone who is not. */
export type Assignees = 'anyone' | 'active' | 'quiet';

export type SandboxCommand =
  | { kind: 'webhooks'; url: string; secret: string }
  | { kind: 'webhooks-off' }
  | { kind: 'create'; label: string; count: number; overMs: number; who: Assignees }
  | { kind: 'count-window' }
  | { kind: 'count-rate' }
  | { kind: 'count' };

export type CreatedTask = { id: string; assigneeId: string; createdAt: number };

export type SandboxReport =
  | { kind: 'ready'; url: string; apiKey: string; apiSecret: string; seedMs: number }
  | { kind: 'created'; label: string; tasks: CreatedTask[] }
  | { kind: 'count'; report: CountReport };

const setup = Setup.parse(JSON.parse(process.argv[2] ?? '{}'));
const seedStarted = performance.now();
// Active: those with a pending task, and anyone given one during the run.
const active = new Set<string>();
const count = new RequestCount(setup.users, active);
const around = async ({ res, url, answer }: ApiExchange) => {
  count.record(url.searchParams.get('userId'));
  await sleep(setup.latencyMs);
  send(res, answer());
};
const sandbox = await startSandbox({ seed: false, pageSize: 50, around });
const userIds = bulkSeed(sandbox.state, { ...setup, now: new Date() });
for (const task of sandbox.state.tasks.values()) {
  if (task.status === 'Pending') active.add(task.assigneeId);
}
sandbox.state.on('taskCreated', (task) => active.add(task.assigneeId));
const quiet = userIds.filter((id) => !active.has(id));
let webhooks: WebhookSender | undefined;

const report = (message: SandboxReport) => process.send?.(message);
const pick = (ids: readonly string[]) => ids[Math.floor(Math.random() * ids.length)]!;
const among = {
  anyone: () => pick(userIds),
  active: () => pick([...active]),
  quiet: () => pick(quiet),
};

/** At random moments over `overMs`, each for a random person among `who`. */
async function create(command: Extract<SandboxCommand, { kind: 'create' }>) {
  const at = Array.from({ length: command.count }, () => Math.random() * command.overMs).sort(
    (a, b) => a - b,
  );
  // Chosen first: a task created for someone quiet makes them active.
  const assignees = at.map(() => among[command.who]());
  const start = Date.now();
  const tasks: CreatedTask[] = [];
  for (const [i, offset] of at.entries()) {
    const wait = start + offset - Date.now();
    if (wait > 0) await sleep(wait);
    const task = addPendingTask(sandbox.state, assignees[i]!, new Date());
    const createdAt = Date.parse(task.metadata.createdAt);
    tasks.push({ id: task.id, assigneeId: task.assigneeId, createdAt });
  }
  report({ kind: 'created', label: command.label, tasks });
}

process.on('message', async (command: SandboxCommand) => {
  switch (command.kind) {
    case 'webhooks':
      webhooks = sendWebhooks(sandbox.state, command);
      return;
    case 'webhooks-off':
      await webhooks?.close();
      webhooks = undefined;
      return;
    case 'create':
      return create(command);
    case 'count-window':
      return count.startWindow();
    case 'count-rate':
      return count.startRate();
    case 'count':
      report({ kind: 'count', report: count.report() });
  }
});
process.on('disconnect', () => void sandbox.close().then(() => process.exit(0)));

report({
  kind: 'ready',
  url: sandbox.url,
  apiKey: sandbox.apiKey,
  apiSecret: sandbox.apiSecret,
  seedMs: Math.round(performance.now() - seedStarted),
});
