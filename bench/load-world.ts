/**
 * The load benchmark's outside world, in a process of its own so that none of its work is
 * charged to the bot: the sandbox Access Service (a bulk-seeded organisation, every answer after
 * a fixed latency) and the benchmark's Slack (load-slack.ts). Driven over IPC by load.ts.
 *
 *   node bench/load-world.ts '{"people":200,"latencyMs":20}'   (optional: "pageSize")
 */
import { z } from 'zod';
import { nameUuid } from '../src/sandbox/ids.ts';
import { startSandbox } from '../test/fakes/sandbox-faults.ts';
import { addPendingTask, bulkSeed } from './bulk-seed.ts';
import { GROUP_NAME, type Person } from './load-plan.ts';
import { type Answered, startBenchSlack } from './load-slack.ts';

const Setup = z.object({
  people: z.number().int().min(1),
  latencyMs: z.number().min(0),
  /** The sandbox's own (25) when unset. */
  pageSize: z.number().int().min(1).optional(),
});

export type WorldCommand =
  | { kind: 'tasks'; assignees: string[] }
  | { kind: 'collect' }
  | { kind: 'reset' };

export type WorldReport =
  | {
      kind: 'ready';
      access: { url: string; apiKey: string; apiSecret: string };
      slackOrigin: string;
      slackApiUrl: string;
      people: Person[];
    }
  | { kind: 'tasks'; ids: string[] }
  | { kind: 'collected'; answered: Array<[number, Answered]>; calls: Record<string, number> };

/** Busy answers say so in words; the bench only needs to tell them from real answers. */
const isBusy = (text: string) => /\bbusy\b/i.test(text);

const setup = Setup.parse(JSON.parse(process.argv[2] ?? '{}'));
const sandbox = await startSandbox({ seed: false, pageSize: setup.pageSize });
const ids = bulkSeed(sandbox.state, {
  users: setup.people,
  tasks: 3 * setup.people,
  pending: 3 * setup.people,
  now: new Date(),
});
const members = ids.slice(0, 12);
sandbox.state.addGroup(
  { id: nameUuid('bench/group/engineering'), name: GROUP_NAME, description: '' },
  { memberIds: members },
);
sandbox.state.addGroup(
  { id: nameUuid('bench/group/finance'), name: 'Finance', description: '' },
  { memberIds: ids.slice(12, 20) },
);
sandbox.faults.latency(setup.latencyMs);
const people: Person[] = ids.map((accessUserId, n) => ({
  slackId: `UB${n}`,
  accessUserId,
  email: `user${n}@bench.example`,
}));
const slack = await startBenchSlack(people, isBusy);

const report = (message: WorldReport) => process.send?.(message);

process.on('message', (command: WorldCommand) => {
  switch (command.kind) {
    case 'tasks': {
      const now = new Date();
      const created = command.assignees.map((id) => addPendingTask(sandbox.state, id, now).id);
      report({ kind: 'tasks', ids: created });
      return;
    }
    case 'collect':
      report({ kind: 'collected', answered: [...slack.answered], calls: { ...slack.calls } });
      return;
    case 'reset':
      slack.answered.clear();
      for (const key of Object.keys(slack.calls)) delete slack.calls[key];
  }
});
process.on('disconnect', () => {
  slack.close();
  void sandbox.close().then(() => process.exit(0));
});

report({
  kind: 'ready',
  access: { url: sandbox.url, apiKey: sandbox.apiKey, apiSecret: sandbox.apiSecret },
  slackOrigin: slack.origin,
  slackApiUrl: slack.apiUrl,
  people,
});
