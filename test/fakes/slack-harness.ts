/** A fake Slack, a sandbox and the real bot for one vitest file (see slack-bot.ts). */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { useSandbox } from '../helpers/sandbox.ts';
import { FakeSlack } from './slack-api.ts';
import { type RunningSlackBot, startSlackBot } from './slack-bot.ts';

/** Started before the file's tests, closed after; the fakes are reset between tests. */
export function useSlackBot(
  env: Record<string, string> = {},
  options: Parameters<typeof startSlackBot>[3] = {},
) {
  const sandbox = useSandbox({ pageSize: 2 });
  const holder = { sandbox } as {
    sandbox: typeof sandbox;
    fake: FakeSlack;
    bot: RunningSlackBot;
  };
  beforeAll(async () => {
    holder.fake = await FakeSlack.start();
    holder.bot = await startSlackBot(sandbox.current, holder.fake, env, options);
  });
  afterAll(async () => {
    await holder.bot?.close();
    await holder.fake?.close();
  });
  beforeEach(() => {
    holder.fake.reset();
    sandbox.current.faults.reset();
    sandbox.current.requests.length = 0;
  });
  return holder;
}
