/**
 * `npm run bench:tasks`: what one Slack `/access tasks` costs inside accessbot, counted
 * rather than timed: the store's SQL statements (store-statements.ts) and the calls to the Access
 * Service, from the signed command to its answer on the response_url.
 *
 * The real Slack adapter serves it (the fake Slack Web API, the sandbox Access Service, an
 * in-memory SQLite store, as in the tests). Ada has the sample tasks and `BENCH_TASKS` (20) new
 * GitHub requests to approve; a first `/access tasks` warms everything, the second is measured.
 */
import { users, workApps } from '../src/sandbox/seed.ts';
import { sendCommand } from '../test/fakes/slack-payloads.ts';
import { countedSlack } from './counted-slack.ts';
import { counted, printStatements, quiet } from './store-statements.ts';

const { sandbox, fake, bot, outsideCalls, close } = await countedSlack();
const wanted = Number(process.env.BENCH_TASKS ?? 20);
const asked = [] as string[];
for (const [name, person] of Object.entries(users)) {
  for (const level of Object.values(workApps.github.levels)) {
    if (name === 'ada' || asked.length === wanted) continue;
    const request = { userId: person.id, permissionLevelId: level.id, justification: 'release' };
    try {
      asked.push(
        sandbox.state.createAccessRequest({ workAppId: workApps.github.id, ...request }).id,
      );
    } catch {
      // Already asked for in the sample: one fewer.
    }
  }
}

/** Ada's `/access tasks`, until its answer is posted and nothing follows. */
async function tasks(): Promise<string> {
  const url = fake.responseUrl();
  await sendCommand(bot.url, 'tasks', 'U-ADA', url);
  const [answer] = await fake.waitFor(() => {
    const answers = fake.respondedTo(url);
    return answers.length ? answers : undefined;
  });
  await quiet();
  return JSON.stringify(answer!.body);
}

await tasks();
const printCalls = outsideCalls();
counted.measuring = true;
const answer = await tasks();
counted.measuring = false;

const shown = answer.match(/"accessbot\.approve"/g)?.length ?? 0;
const pending = sandbox.state.tasksFor(users.ada.id, 'Pending').length;
console.log(`one /access tasks: ${pending} tasks pending, ${shown} shown with their buttons`);
printCalls();
printStatements();

await close();
