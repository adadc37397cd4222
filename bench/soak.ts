/**
 * `npm run soak [-- --seconds N --replicas N]`: replicas of the real poller (child processes, as
 * in the crash test) on one store — PostgreSQL at TEST_DATABASE_URL when set, else SQLite —
 * against the sandbox and the Slack fake, while access requests arrive and tasks are decided,
 * and a random replica is killed (SIGKILL) and replaced every few seconds. At the end it waits
 * for the replicas to settle and prints duplicates, lost, stale and late messages, and the time
 * from a task's creation to its message (p50 / p99). Polling every second, no webhooks.
 */
import { parseArgs } from 'node:util';
import { users, workApps } from '../src/sandbox/seed.ts';
import {
  deliveryWorld,
  type Person,
  type Replica,
  showsButtons,
  slackId,
  taskMessages,
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
const { sandbox, slack } = world;
const env = { POLL_INTERVAL_MS: String(POLL_MS) };
let born = 0;
const replicas: Replica[] = [];
const spawnOne = () => replicas.push(world.start(`soak-${born++}`, env));
for (let n = 0; n < replicaCount; n++) spawnOne();

const createdAt = new Map<string, number>();
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
const apps = Object.values(workApps);
let kills = 0;
let decisions = 0;
const end = Date.now() + seconds * 1000;
let nextKill = Date.now() + 3_000 + Math.random() * 5_000;
console.log(`soak: ${seconds} s, ${replicaCount} replicas on ${kind}`);
while (Date.now() < end) {
  try {
    const access = sandbox.state.createAccessRequest({
      workAppId: pick(apps).id,
      userId: users[pick(people)].id,
    });
    for (const id of access.taskIds ?? []) createdAt.set(id, Date.now());
  } catch {
    // A request the sandbox refuses (e.g. one already open): the next one will do.
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

const assigneeChannel = (assigneeId: string) => {
  const person = people.find((p) => users[p].id === assigneeId);
  return person && `D-${slackId(person)}`;
};
const tasks = () => [...sandbox.state.tasks.values()];
const pendingKeys = () =>
  tasks()
    .filter((t) => t.status === 'Pending')
    .map((t) => `${assigneeChannel(t.assigneeId)} ${t.id}`);
const staleKeys = () =>
  tasks()
    .filter((t) => t.status !== 'Pending')
    .map((t) => `${assigneeChannel(t.assigneeId)} ${t.id}`)
    .filter((key) => taskMessages(slack).get(key)?.some(showsButtons));
// The replicas settle, or 30 s pass: what is still missing then is reported as lost or stale.
const settled = () =>
  pendingKeys().every((k) => taskMessages(slack).has(k)) && staleKeys().length === 0;
for (const giveUpAt = Date.now() + 30_000; !settled() && Date.now() < giveUpAt; ) {
  await new Promise((r) => setTimeout(r, 100));
}

const sent = taskMessages(slack);
const duplicates = [...sent.values()].filter((list) => list.length > 1).length;
const lost = pendingKeys().filter((k) => !sent.has(k)).length;
const stale = staleKeys().length;
const delays = [...sent]
  .map(([key, [m]]) => (m?.postedAt ?? 0) - (createdAt.get(key.split(' ')[1] ?? '') ?? Number.NaN))
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
      messages: sent.size,
      duplicates,
      lost,
      stale,
      late,
      creationToMessageMs: { p50: at(0.5), p99: at(0.99), max: delays.at(-1) ?? 0 },
    },
    null,
    2,
  ),
);
await world.close();
process.exit(duplicates || lost || stale ? 1 : 0);
