/**
 * The benchmark's Access Service: the sandbox with a bulk-seeded organisation, in a process of
 * its own (as the real service is another machine), so that neither its CPU nor its memory is
 * charged to the poller. Driven by the benchmark over IPC.
 */
import { z } from 'zod';
import { sendWebhooks, type WebhookSender } from '../src/sandbox/webhooks.ts';
import { startSandbox } from '../test/fakes/sandbox-faults.ts';
import { addPendingTask, bulkSeed } from './bulk-seed.ts';

const Setup = z.object({
  users: z.number().int(),
  tasks: z.number().int(),
  pending: z.number().int(),
  latencyMs: z.number(),
});

export type SandboxCommand =
  | { kind: 'webhooks'; url: string; secret: string }
  | { kind: 'webhooks-off' }
  | { kind: 'create'; count: number; overMs: number };

export type SandboxReport =
  | { kind: 'ready'; url: string; apiKey: string; apiSecret: string; userIds: string[] }
  | { kind: 'created'; tasks: Array<{ id: string; assigneeId: string; createdAt: number }> };

const setup = Setup.parse(JSON.parse(process.argv[2] ?? '{}'));
const sandbox = await startSandbox({ seed: false, pageSize: 50 });
const userIds = bulkSeed(sandbox.state, { ...setup, now: new Date() });
sandbox.faults.latency(setup.latencyMs);
let webhooks: WebhookSender | undefined;

const report = (message: SandboxReport) => process.send?.(message);

process.on('message', async (command: SandboxCommand) => {
  switch (command.kind) {
    case 'webhooks':
      webhooks = sendWebhooks(sandbox.state, command);
      return;
    case 'webhooks-off':
      await webhooks?.close();
      webhooks = undefined;
      return;
    case 'create': {
      // At random moments over `overMs`, each for a random person.
      const at = Array.from({ length: command.count }, () => Math.random() * command.overMs).sort(
        (a, b) => a - b,
      );
      const start = Date.now();
      const tasks = [];
      for (const offset of at) {
        const wait = start + offset - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const assigneeId = userIds[Math.floor(Math.random() * userIds.length)]!;
        const task = addPendingTask(sandbox.state, assigneeId, new Date());
        tasks.push({ id: task.id, assigneeId, createdAt: Date.parse(task.metadata.createdAt) });
      }
      report({ kind: 'created', tasks });
    }
  }
});
process.on('disconnect', () => void sandbox.close().then(() => process.exit(0)));

report({
  kind: 'ready',
  url: sandbox.url,
  apiKey: sandbox.apiKey,
  apiSecret: sandbox.apiSecret,
  userIds,
});
