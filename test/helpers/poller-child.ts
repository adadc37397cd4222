/**
 * A replica for the crash and soak runs: the real Poller with the real Slack notifier (or, with
 * PLATFORM=teams, the real Teams notifier through botbuilder), against the sandbox and the
 * platform's fake named in its environment, on the store DATABASE_URL names. CRASH_AT makes it
 * kill itself at one step of a delivery (below). TELL (JSON: accessUserId, event,
 * text) makes it tell a person of a group change first, as a confirmed change does, and so does
 * each such line on its stdin; NUDGE (JSON: taskId, approver, text) makes it nudge an approver
 * first, as a requester's `nudge` does; ASK (JSON: a question as the store keeps it) makes it ask
 * the requester first, as an approver's `ask` does, and ANSWER (the same, with its answer) tell
 * the answer; a line `{"answer": …}` on stdin answers the question ASK asked, and a line
 * `{"decide": taskId, "chatUserId", "email"}` approves the task as that person clicking it does
 * (through a bot whose outbox is this replica's); WORKFLOW (JSON) runs Slack's workflow step first,
 * as its event does; NOTIFY_RULES
 * and ESCALATE_AFTER_MS turn escalations on. On SIGTERM it stops cleanly and prints the time from
 * the platform's answers to the stored references (`window <sum s> <count>`).
 */
import { createInterface } from 'node:readline';
import { Registry } from 'prom-client';
import { AccessClient } from '../../src/access/client.ts';
import { answeredMessage, answerNote, questionMessage } from '../../src/core/asks/messages.ts';
import type { AccessBot } from '../../src/core/bot.ts';
import type { StepCompleter } from '../../src/core/completer.ts';
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { Notifier } from '../../src/core/notifier.ts';
import { info } from '../../src/core/reply.ts';
import { createLogger } from '../../src/log.ts';
import { createMetrics } from '../../src/metrics.ts';
import { createPollerMetrics } from '../../src/poller/metrics.ts';
import { Poller } from '../../src/poller/poller.ts';
import { parseNotifyRules } from '../../src/poller/rules.ts';
import { kindOf } from '../../src/poller/targets.ts';
import { openStore } from '../../src/store/open.ts';
import { NewTaskQuestion, type Store } from '../../src/store/store.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const ms = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const log = createLogger({ level: process.env.LOG_LEVEL ?? 'warn' });
const metrics = createMetrics();
const store = await openStore(env('DATABASE_URL'), { poolSize: 4 });
const client = new AccessClient({
  baseUrl: env('SANDBOX_URL'),
  apiKey: env('SANDBOX_API_KEY'),
  apiSecret: env('SANDBOX_API_SECRET'),
  timeoutMs: 5_000,
  retry: { limit: 2, baseDelayMs: 50, maxDelayMs: 200, maxRetryAfterMs: 1_000 },
});

/** Only the platform's own SDK is loaded: the other one would only slow every replica's start. */
async function notifier(): Promise<Notifier & { completer?: StepCompleter }> {
  if (process.env.PLATFORM === 'teams') {
    const { startTeams } = await import('../../adapters/teams/start.ts');
    const { Refusals } = await import('../../src/server/refusals.ts');
    const { AccessBot } = await import('../../src/core/bot.ts');
    const bot = new AccessBot({ client, store, log, pendingStatus: 'Pending' });
    const settings = {
      appId: '',
      appType: 'MultiTenant',
      anonymous: true,
      allowedTenants: '*',
      cloud: {},
    };
    const teams = await startTeams(
      {
        bot,
        routes: { mount: () => {}, refusals: new Refusals(log, Date.now) },
        replays: store,
        log,
        metrics,
        settings,
      } as never,
      // One try per call, as the Slack client here: a failure is the outbox's to retry.
      { retry: { limit: 0, baseDelayMs: 10, maxDelayMs: 10 } },
    );
    return teams.notifier;
  }
  const { SlackApi } = await import('../../adapters/slack/api.ts');
  const { SlackNotifier } = await import('../../adapters/slack/notifier.ts');
  const { SlackStepCompleter } = await import('../../adapters/slack/workflow-step.ts');
  const api = new SlackApi({
    token: 'xoxb-crash-test',
    apiUrl: env('SLACK_API_URL'),
    log,
    metrics,
    retries: 0,
    timeoutMs: 5_000,
  });
  return Object.assign(new SlackNotifier(api), { completer: new SlackStepCompleter(api) });
}

/**
 * CRASH_AT=<step>:<kind> kills this replica (SIGKILL) the first time a message of that kind
 * (targets.ts) reaches that step: the record that its post started (`claimed` before it, `tried`
 * after), the record of its reference (`posted` before it, `saved` after), an edit (before it
 * `outcome-requested` or `reminder-requested`, after it `updated` or `reminder-updated`: the
 * case's settings make it a decision's or a reminder's; a review card's, `card-requested` and
 * `card-updated`), a reminder's follow-up (`followed-up`
 * after it), a click's decision (`decided`: the Access Service decided, the audit entry is not
 * completed and the outbox not told yet), a workflow step's run (`filed`: its request filed and
 * recorded; `completed`: Slack answered its completion, the intent not completed yet).
 */
function crashing(
  store: Store,
  notifier: Notifier & { completer?: StepCompleter },
  [step, kind] = process.env.CRASH_AT!.split(':'),
) {
  const at = (steps: string[], recipient?: string) => {
    if (steps.includes(step!) && (!recipient || kindOf(recipient) === kind)) {
      process.kill(process.pid, 'SIGKILL');
    }
  };
  const { approveTask } = client;
  client.approveTask = async (...args) => {
    const approved = await approveTask.apply(client, args);
    at(['decided']);
    return approved;
  };
  const { markPostTried, markNotificationSent, noteWorkflowFiled } = store;
  store.noteWorkflowFiled = async (...args) => {
    await noteWorkflowFiled.apply(store, args);
    at(['filed']);
  };
  if (notifier.completer) {
    const { completer } = notifier;
    const { complete } = completer;
    completer.complete = async (...args) => {
      await complete.apply(completer, args);
      at(['completed']);
    };
  }
  store.markPostTried = async (key, ...rest) => {
    at(['claimed'], key.recipient);
    const tried = await markPostTried.call(store, key, ...rest);
    if (tried) at(['tried'], key.recipient);
    return tried;
  };
  store.markNotificationSent = async (key, ...rest) => {
    at(['posted'], key.recipient);
    const saved = await markNotificationSent.call(store, key, ...rest);
    at(['saved'], key.recipient);
    return saved;
  };
  const { update, followUp } = notifier;
  notifier.update = async (...args) => {
    // An outcome's step is its edit to the outcome: not an edit of the card while it still waits
    // (context come late, another approver looking), which may come first on a busy machine.
    // A review card's edit (its progress) is a step of its own.
    const said = JSON.stringify(args[1]);
    const waiting = said.includes('"action":"approve"');
    const card = said.includes('Access reviews of ');
    const steps = (outcome: string, reminder: string) =>
      card ? [`card-${outcome.split('-')[1] ?? 'updated'}`] : waiting ? [reminder] : [outcome];
    at(steps('outcome-requested', 'reminder-requested'));
    await update.apply(notifier, args);
    at(steps('updated', 'reminder-updated'));
  };
  notifier.followUp = async (...args) => {
    await followUp.apply(notifier, args);
    at(['followed-up']);
  };
}

const platform = await notifier();
if (process.env.CRASH_AT) crashing(store, platform);
const pollerMetrics = createPollerMetrics(new Registry());
const poller = new Poller({
  client,
  store,
  notifiers: [platform],
  log,
  metrics: pollerMetrics,
  owner: env('REPLICA'),
  pendingStatus: 'Pending',
  intervalMs: ms('POLL_INTERVAL_MS', 500),
  concurrency: 4,
  remindAfterMs: ms('REMIND_AFTER_MS', 0),
  escalateAfterMs: ms('ESCALATE_AFTER_MS', 0),
  rules: process.env.NOTIFY_RULES ? parseNotifyRules(process.env.NOTIFY_RULES) : undefined,
  directorySyncMs: 0,
  heartbeatMs: ms('HEARTBEAT_MS', 200),
  deadAfterMs: ms('DEAD_AFTER_MS', 1_500),
  retryAfterMs: ms('RETRY_AFTER_MS', 120_000),
});
poller.serve(platform, undefined, platform.completer);
const tell = async (line: string) => {
  const { accessUserId, event, text } = JSON.parse(line) as Record<string, string>;
  await poller.notices.tell(accessUserId!, event!, (v) => info(v, text!));
};
if (process.env.TELL) await tell(process.env.TELL);
if (process.env.NUDGE) {
  const { taskId, approver, text } = JSON.parse(process.env.NUDGE) as Record<string, string>;
  const message = (v: Voice) => info(v, text!);
  await poller.approvers.nudge({ taskId: taskId!, approvers: [approver!], round: '1', message });
}
/** The question of ASK or ANSWER, kept (once) and asked through the outbox. */
const ask = async (json: string) => {
  const q = NewTaskQuestion.parse({ ...JSON.parse(json), askedAt: new Date() });
  await store.putTaskQuestion(q);
  const asked = (await store.getTaskQuestion(q.id))!;
  const task = await client.getTask(q.taskId);
  await poller.asks.ask(asked, (v) => questionMessage(v, asked, task));
  return asked;
};
/** The answer to a question asked, told through the outbox. */
const answer = async (id: string, text: string) => {
  const q =
    (await store.answerTaskQuestion(id, text, new Date())) ?? (await store.getTaskQuestion(id))!;
  const task = await client.getTask(q.taskId);
  await poller.asks.answered(
    q,
    (v) => answeredMessage(v, q, task),
    (v) => answerNote(v, q, task),
  );
};
const asked = process.env.ASK ? await ask(process.env.ASK) : undefined;
if (process.env.ANSWER) {
  const { answer: text, ...question } = JSON.parse(process.env.ANSWER) as Record<string, string>;
  await answer((await ask(JSON.stringify(question))).id, text!);
}
if (process.env.WORKFLOW) await runStep(process.env.WORKFLOW);
await poller.start();
process.stdout.write('started\n');
process.on('SIGTERM', () => {
  void poller.stop().then(async () => {
    const [sum, count] = ['sum', 'count'].map((name) =>
      pollerMetrics.unrecordedSeconds
        .get()
        .then((m) => m.values.find((v) => v.metricName?.endsWith(`_${name}`))?.value ?? 0),
    );
    process.stdout.write(`window ${await sum} ${await count}\n`);
    await store.close();
    process.exit(0);
  });
});
/**
 * WORKFLOW (JSON: executionId, person, filer, app, level, justification, email of the filer)
 * runs the "Request application access" step on this replica first, as its event does: the
 * request filed through a bot whose outbox is this replica's.
 */
async function runStep(json: string) {
  const { AccessBot } = await import('../../src/core/bot.ts');
  const step = JSON.parse(json) as Record<string, string>;
  const bot = new AccessBot({
    client,
    store,
    log,
    pendingStatus: 'Pending',
    workflows: poller.workflows,
  });
  const actor = (chatUserId: string) => ({
    platform: platform.platform,
    chatUserId,
    email: async () => step.email,
  });
  await bot.workflows.run({
    platform: platform.platform,
    executionId: step.executionId!,
    filer: actor(step.filer!),
    person: step.person!,
    inputs: { app: step.app, level: step.level, justification: step.justification },
    mention: async (id) => actor(id),
  });
}

/**
 * A person's click on this replica: the bot decides, and tells this replica's outbox. Loaded and
 * built at the first click: most replicas never see one, and a Slack replica needs no bot else.
 */
let clicks: AccessBot | undefined;
const clicker = async ({ chatUserId, email }: Record<string, string>) => {
  const { AccessBot } = await import('../../src/core/bot.ts');
  clicks ??= new AccessBot({
    client,
    store,
    log,
    pendingStatus: 'Pending',
    approvers: poller.approvers,
  });
  const actor = { platform: platform.platform, chatUserId: chatUserId!, email: async () => email };
  return { bot: clicks, actor };
};
const decide = async (said: Record<string, string>) => {
  const { bot, actor } = await clicker(said);
  await bot.tasks.decide(actor, said.decide!, 'approve');
};
/** "Keep everyone left" of an application's reviews, confirmed, on this replica. */
const keepAll = async (said: Record<string, string>) => {
  const { bot, actor } = await clicker(said);
  const asked = await bot.handle(actor, `review ${said.batch} keep all`);
  const code = /confirm ([a-z2-9]{8})/.exec(asked.summary)?.[1];
  await bot.handle(actor, `confirm ${code}`);
};
// Each line on stdin is a group change confirmed on this replica (its person is told), the
// answer to the question ASK asked, a click that decides a task, or a confirmed batch of reviews.
for await (const line of createInterface({ input: process.stdin })) {
  const said = JSON.parse(line) as Record<string, string>;
  const done =
    said.decide !== undefined
      ? decide(said)
      : said.batch !== undefined
        ? keepAll(said)
        : said.answer !== undefined && asked
          ? answer(asked.id, said.answer)
          : tell(line);
  void done.catch((error: unknown) => log.error({ err: error }, 'could not tell'));
}
