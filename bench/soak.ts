/**
 * `npm run soak [-- --seconds N --replicas N]`: replicas of the real poller (child processes, as
 * in the crash test) on one store — PostgreSQL at TEST_DATABASE_URL when set, else SQLite —
 * against the sandbox and the Slack fake, while access requests arrive through the bot (so their
 * requesters hear the outcome), tasks are decided, group changes are confirmed on a random
 * replica (so the person changed is told), and a random replica is killed (SIGKILL) and replaced
 * every few seconds. At the end it waits for the replicas to settle and prints, for task cards,
 * requester outcomes and group notes, duplicates, lost (and stale cards) and late messages, and
 * the time from a task's creation to its message (p50 / p99). Polling every second, no webhooks.
 */
import { parseArgs } from 'node:util';
import { users, workApps } from '../src/sandbox/seed.ts';
import {
  census,
  deliveryWorld,
  dmOf,
  dropSpareSchemas,
  type Person,
  type Replica,
  showsButtons,
} from '../test/helpers/delivery-world.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '180' },
    replicas: { type: 'string', default: '2' },
  },
});
const seconds = Number(values.seconds);
const replicaCount = Number(values.replicas);
const LATE_MS = 10_000;
const POLL_MS = 1_000;

const people = Object.keys(users) as Person[];
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
const world = await deliveryWorld(kind, people);
const { sandbox } = world;
const store = world.store;
const env = { POLL_INTERVAL_MS: String(POLL_MS) };
let born = 0;
const replicas: Replica[] = [];
const spawnOne = () => replicas.push(world.start(`soak-${born++}`, env));
for (let n = 0; n < replicaCount; n++) spawnOne();

const createdAt = new Map<string, number>();
/** Requests made through the bot: the first task's id, by requester. */
const requested: Array<{ person: Person; taskId: string }> = [];
/** Group changes confirmed: the group, by the person told. */
const changed: Array<{ person: Person; group: string }> = [];
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
const apps = Object.values(workApps);
let kills = 0;
let decisions = 0;
const end = Date.now() + seconds * 1000;
let nextKill = Date.now() + 3_000 + Math.random() * 5_000;
console.log(`soak: ${seconds} s, ${replicaCount} replicas on ${kind}`);
while (Date.now() < end) {
  const requester = pick(people);
  try {
    const access = sandbox.state.createAccessRequest({
      workAppId: pick(apps).id,
      userId: users[requester].id,
    });
    for (const id of access.taskIds ?? []) createdAt.set(id, Date.now());
    const [taskId] = access.taskIds ?? [];
    if (taskId) {
      await store.recordRequest({
        accessId: access.id,
        accessUserId: users[requester].id,
        workAppId: access.workAppId,
        taskIds: access.taskIds ?? [],
        requestedAt: new Date(),
      });
      requested.push({ person: requester, taskId });
    }
  } catch {
    // A request the sandbox refuses (e.g. one already open): the next one will do.
  }
  if (Math.random() < 0.2) {
    const person = pick(people);
    const group = `G${changed.length + 1}`;
    const text = `Radia Perlman added you to the group ${group} (through accessbot).`;
    const line = { accessUserId: users[person].id, event: `change-${group}`, text };
    pick(replicas).process.stdin?.write(`${JSON.stringify(line)}\n`);
    changed.push({ person, group });
  }
  const pending = [...sandbox.state.tasks.values()].filter((t) => t.status === 'Pending');
  if (Math.random() < 0.3 && pending.length) {
    const task = pick(pending);
    sandbox.state.decideTask(task.id, pick(['Approved', 'Declined'] as const), task.assigneeId);
    decisions++;
  }
  if (Date.now() > nextKill) {
    const victim = replicas.splice(Math.floor(Math.random() * replicas.length), 1)[0];
    victim?.process.kill('SIGKILL');
    kills++;
    spawnOne();
    nextKill = Date.now() + 3_000 + Math.random() * 5_000;
  }
  await new Promise((r) => setTimeout(r, 250));
}

const dm = (accessUserId: string) => {
  const person = people.find((p) => users[p].id === accessUserId);
  return person && dmOf('slack', person);
};
const tasks = () => [...sandbox.state.tasks.values()];
const statusOf = (taskId: string) => sandbox.state.tasks.get(taskId)?.status;
const pendingKeys = () =>
  tasks()
    .filter((t) => t.status === 'Pending')
    .map((t) => `${dm(t.assigneeId)} task:${t.id}`);
const staleKeys = () => {
  const sent = census(world);
  return tasks()
    .filter((t) => t.status !== 'Pending')
    .map((t) => `${dm(t.assigneeId)} task:${t.id}`)
    .filter((key) => sent.get(key)?.some(showsButtons));
};
const outcomeKeys = () =>
  requested
    .filter((r) => statusOf(r.taskId) !== 'Pending')
    .map((r) => `${dmOf('slack', r.person)} requester:${r.taskId}`);
// A note is owed once a replica claimed it: one killed before it read the click never did.
let claimedNotes = new Set<string>();
const readClaimedNotes = async () => {
  const events = changed.map((c) => `change-${c.group}`);
  claimedNotes = new Set((await store.listNotifications({ taskIds: events })).map((n) => n.taskId));
};
const noteKeys = () =>
  changed
    .filter((c) => claimedNotes.has(`change-${c.group}`))
    .map((c) => `${dmOf('slack', c.person)} member:${c.group}`);
// The replicas settle, or 30 s pass: what is still missing then is reported as lost or stale.
const settled = () => {
  const sent = census(world);
  const owed = [...pendingKeys(), ...outcomeKeys(), ...noteKeys()];
  return owed.every((k) => sent.has(k)) && staleKeys().length === 0;
};
for (const giveUpAt = Date.now() + 30_000; Date.now() < giveUpAt; ) {
  await readClaimedNotes();
  if (settled()) break;
  await new Promise((r) => setTimeout(r, 100));
}

const sent = census(world);
const of = (about: string) => [...sent].filter(([key]) => key.includes(` ${about}:`));
const tally = (about: string, owed: string[]) => ({
  owed: owed.length,
  messages: of(about).length,
  duplicates: of(about).filter(([, list]) => list.length > 1).length,
  lost: owed.filter((k) => !sent.has(k)).length,
});
const cards = { ...tally('task', pendingKeys()), stale: staleKeys().length };
const outcomes = tally('requester', outcomeKeys());
const notes = { confirmed: changed.length, ...tally('member', noteKeys()) };
const delays = of('task')
  .map(([key, [m]]) => (m?.postedAt ?? 0) - (createdAt.get(key.split(':')[1] ?? '') ?? Number.NaN))
  .filter(Number.isFinite)
  .sort((a, b) => a - b);
const late = delays.filter((d) => d > LATE_MS).length;
const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? 0;
console.log(
  JSON.stringify(
    {
      seconds,
      store: kind,
      replicas: replicaCount,
      kills,
      tasksCreated: createdAt.size,
      decisions,
      cards: { ...cards, late },
      requesterOutcomes: outcomes,
      groupNotes: notes,
      creationToMessageMs: { p50: at(0.5), p99: at(0.99), max: delays.at(-1) ?? 0 },
    },
    null,
    2,
  ),
);
await world.close();
await dropSpareSchemas();
const bad = [cards, outcomes, notes].some((t) => t.duplicates || t.lost) || cards.stale;
process.exit(bad ? 1 : 0);
