/**
 * The path benchmarks' world: the sandbox Access Service, the fake Slack Web API and the real
 * Slack adapter on an in-memory SQLite store whose statements are counted (store-statements.ts),
 * the bot set as `npm start` sets it where that changes the store's work.
 */
import { startSandbox } from '../test/fakes/sandbox-faults.ts';
import { FakeSlack } from '../test/fakes/slack-api.ts';
import { startSlackBot } from '../test/fakes/slack-bot.ts';
import { named } from './store-statements.ts';

/** RATE_LIMIT_PER_MINUTE and RATE_LIMIT_BURST at their defaults: the test harness leaves them off. */
const asStarted = { rateLimit: { perMinute: 30, burst: 10 } };

export async function countedSlack() {
  const sandbox = await startSandbox({ pageSize: 25 });
  const fake = await FakeSlack.start();
  const options = { quiet: true, wrapStore: named, bot: asStarted };
  const bot = await startSlackBot(sandbox, fake, {}, options);
  const close = async () => {
    await bot.close();
    await fake.close();
    await sandbox.close();
  };
  /** From now on: prints the calls made to the Access Service and to Slack's Web API. */
  const outsideCalls = () => {
    const [asked, called] = [sandbox.requests.length, fake.calls.length];
    return () => {
      const access = sandbox.requests.slice(asked).map((r) => `${r.method} ${r.path}`);
      const slack = fake.calls.slice(called).map((c) => c.method);
      for (const [who, calls] of [
        ['Access Service', access],
        ['Slack Web API', slack],
      ] as const) {
        console.log(`${who} calls: ${calls.length}`);
        for (const call of calls) console.log(`  ${call}`);
      }
    };
  };
  return { sandbox, fake, bot, outsideCalls, close };
}
