/**
 * `npm run bench:confirm`: does one person's `confirm <code>` hold back everyone else's ack? The
 * person has BENCH_TASKS (2,000) pending tasks, all for a sensitive application, and each confirm
 * reads that whole list before it approves. The load benchmark's pieces: its world
 * (load-world.ts: the sandbox Access Service answering after a fixed latency, and Slack),
 * accessbot as `npm start` runs it (load-targets.ts) and its generator (load-generator.ts), which
 * sends the other people's `/access tasks`, `members` and Approve clicks at a fixed rate — once
 * alone (the baseline), then while the person confirms approvals back to back, one after another's
 * answer. The codes are asked for (`approve <task>`) before, so that only confirms overlap.
 *
 * Settings: BENCH_TASKS (2000), BENCH_CONFIRMS (100 codes at most), BENCH_RATE (the others'
 * requests a second, 20), BENCH_SECONDS (20), BENCH_PEOPLE (50), BENCH_LATENCY_MS (20),
 * BENCH_PAGE_SIZE (the Access Service's page, 500).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { signedHeaders } from '../test/fakes/slack-bot.ts';
import { commandBody } from '../test/fakes/slack-payloads.ts';
import { benchApp } from './bulk-seed.ts';
import type { Acked, GeneratorReport } from './load-generator.ts';
import { ACK_LIMIT_MS, planRequests, type RunPlan, SIGNING_SECRET } from './load-plan.ts';
import { quantile } from './load-stats.ts';
import { forkPinned, next, startAccessbot } from './load-targets.ts';
import type { WorldCommand, WorldReport } from './load-world.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const TASKS = num('BENCH_TASKS', 2_000);
const CONFIRMS = num('BENCH_CONFIRMS', 100);
const RATE = num('BENCH_RATE', 20);
const SECONDS = num('BENCH_SECONDS', 20);
const PEOPLE = num('BENCH_PEOPLE', 50);
const LATENCY_MS = num('BENCH_LATENCY_MS', 20);
const PAGE_SIZE = num('BENCH_PAGE_SIZE', 500);
/** load-world.ts seeds three pending tasks for everyone. */
const SEEDED = 3;

type Ready = Extract<WorldReport, { kind: 'ready' }>;
const here = (file: string) => new URL(file, import.meta.url);
const now = () => performance.timeOrigin + performance.now();

const world = forkPinned(here('./load-world.ts'), [
  JSON.stringify({ people: PEOPLE, latencyMs: LATENCY_MS, pageSize: PAGE_SIZE }),
]);
const ready = await next<'ready', Ready>(world, 'ready');
const [confirmer, ...others] = ready.people;
if (!confirmer || !others.length) throw new Error('BENCH_PEOPLE must be 2 or more');

async function tasksFor(assignees: string[]) {
  world.send({ kind: 'tasks', assignees } satisfies WorldCommand);
  return (await next<'tasks', Extract<WorldReport, { kind: 'tasks' }>>(world, 'tasks')).ids;
}
const theirs = await tasksFor(Array(TASKS - SEEDED).fill(confirmer.accessUserId));
// No per-person limit (RATE_LIMIT_PER_MINUTE, 30 by default in bursts of 10): the confirmer goes
// as fast as answers come, which no one can by default.
const bot = await startAccessbot(ready, {
  SENSITIVE_APPS: benchApp.name,
  RATE_LIMIT_PER_MINUTE: '0',
});

/** The confirmer's response_urls, here: answers are read for their codes and outcomes. */
const answers = new Map<number, (text: string) => void>();
const responses = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    answers.get(Number(req.url?.slice(1)))?.(Buffer.concat(chunks).toString('utf8'));
    res.end('ok');
  });
}).listen(0, '127.0.0.1');
await once(responses, 'listening');
const origin = `http://127.0.0.1:${(responses.address() as { port: number }).port}`;

let said = 0;
/** `/access <text>` from the confirmer; its answer, and how long it took, or undefined if busy. */
async function say(text: string) {
  const id = ++said;
  const answered = new Promise<string>((resolve) => answers.set(id, resolve));
  const body = commandBody(text, confirmer!.slackId, `${origin}/${id}`);
  const sentAt = now();
  const ack = await fetch(bot.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...signedHeaders(body, SIGNING_SECRET),
    },
    body,
  });
  if (/\bbusy\b/i.test(await ack.text())) return undefined;
  return { text: await answered, ms: now() - sentAt };
}

const codes: string[] = [];
for (const taskId of theirs.slice(0, CONFIRMS)) {
  const code = new RegExp(`${taskId}:([a-z2-9]{8})`).exec(
    (await say(`approve ${taskId}`))?.text ?? '',
  );
  if (code) codes.push(code[1]!);
}
process.stderr.write(`${codes.length} codes asked for; measuring\n`);

/**
 * The others' requests at RATE for SECONDS, from a fresh generator; the acks it timed. `started`
 * runs once the first is acked.
 */
async function othersAcks(started = () => {}): Promise<Acked[]> {
  const requests = planRequests(Math.round(RATE * SECONDS), others.length, 'all');
  const clicked = requests.filter((r) => r.kind === 'click');
  const ids = await tasksFor(clicked.map((r) => others[r.person]!.accessUserId));
  for (const [i, r] of clicked.entries()) r.taskId = ids[i];
  const plan: RunPlan = {
    url: bot.url,
    slackOrigin: ready.slackOrigin,
    rate: RATE,
    requests,
    people: others,
    healthzEveryMs: 0,
    markAfter: 1,
  };
  const generator = forkPinned(here('./load-generator.ts'));
  generator.on('message', (m: { kind: string }) => m.kind === 'mark' && started());
  generator.send(plan);
  return (await next<'report', GeneratorReport & { kind: 'report' }>(generator, 'report')).acked;
}

const baseline = await othersAcks();
let running = true;
const confirmed: number[] = [];
let approved = 0;
let busy = 0;
let loopStart = Number.POSITIVE_INFINITY;
let loopEnd = loopStart;
/** Confirms back to back, each after the last one's answer, until the generator is done. */
async function confirmAll() {
  loopStart = now();
  for (const code of codes) {
    if (!running) break;
    const answer = await say(`confirm ${code}`);
    if (!answer) busy++;
    else confirmed.push(answer.ms);
    if (answer?.text.includes('You approved')) approved++;
    loopEnd = now();
  }
}
let confirming = Promise.resolve();
const acked = await othersAcks(() => {
  confirming = confirmAll();
});
running = false;
await confirming;
// Only the others' requests sent while a confirm was under way.
const during = acked.filter((a) => a.sentAt >= loopStart && a.sentAt <= loopEnd);

await bot.stop();
responses.close();
world.disconnect();

const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const stats = (acked: Acked[]) => {
  const acks = acked.filter((a) => a.status === 200).map((a) => a.ackMs);
  return {
    sent: acked.length,
    p50: quantile(acks, 0.5),
    p99: quantile(acks, 0.99),
    max: acks.length ? Math.max(...acks) : Number.NaN,
    late: acked.filter((a) => a.status !== 200 || a.ackMs >= ACK_LIMIT_MS).length,
    // Answered "busy" at once: a fast ack, but no work done.
    busy: acked.filter((a) => a.busy).length,
  };
};
const [alone, loaded] = [stats(baseline), stats(during)];
console.log(
  `Confirm benchmark: node ${process.version}, ${availableParallelism()} CPUs, load ${loadavg()[0]!.toFixed(2)}; ` +
    `one person with ${TASKS} pending tasks (pages of ${PAGE_SIZE}, Access Service latency ${LATENCY_MS} ms), ` +
    `${others.length} others at ${RATE} requests a second for ${SECONDS} s.\n`,
);
console.log(
  '| the others’ acks | sent | p50 (ms) | p99 (ms) | max (ms) | ≥ 3 s or failed | busy |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const [name, s] of [
  ['baseline: no confirms', alone],
  ['while confirms run', loaded],
] as const) {
  console.log(
    `| ${name} | ${s.sent} | ${f(s.p50)} | ${f(s.p99)} | ${f(s.max)} | ${s.late} | ${s.busy} |`,
  );
}
const ratio = (key: 'p50' | 'p99' | 'max') => `${(loaded[key] / alone[key]).toFixed(2)}×`;
console.log(`| ratio | | ${ratio('p50')} | ${ratio('p99')} | ${ratio('max')} | | |`);
console.log(
  `\nconfirms: ${confirmed.length + busy} over ${((loopEnd - loopStart) / 1000).toFixed(1)} s, ${approved} approved, ${busy} busy; ` +
    `each answered in p50 ${f(quantile(confirmed, 0.5))} ms, max ${f(Math.max(...confirmed))} ms`,
);
const met = loaded.late === 0 && loaded.sent > 0;
console.log(
  `${met ? 'met' : 'NOT met'}: every other person's ack within 3 s while confirms run (max ${f(loaded.max)} ms; ${loaded.busy} answered busy)`,
);
