/**
 * Slack and Teams side by side over real HTTP, on one sandbox, with the same settings: the real
 * Bolt app against the fake Slack Web API, and the real botbuilder adapter against the fake Bot
 * Connector. For tests that run each scenario on every platform (the terminal beside them).
 */
import { expect } from 'vitest';
import type { BotDeps } from '../../src/core/bot.ts';
import { startHarness } from '../fakes/bot-connector-harness.ts';
import type { Sandbox } from '../fakes/sandbox-faults.ts';
import { FakeSlack } from '../fakes/slack-api.ts';
import { checkAllPayloads } from '../fakes/slack-blockkit.ts';
import { startSlackBot } from '../fakes/slack-bot.ts';

export type ChatPlatforms = Awaited<ReturnType<typeof startChatPlatforms>>;

export async function startChatPlatforms(
  sandbox: Sandbox,
  env: Record<string, string>,
  options: { slackBot?: Partial<BotDeps> } = {},
) {
  const fake = await FakeSlack.start();
  const slack = { fake, bot: await startSlackBot(sandbox, fake, env, { bot: options.slackBot }) };
  const teams = await startHarness(sandbox, {
    env: { TEAMS_ANONYMOUS: '1', NODE_ENV: 'test', HOST: '127.0.0.1', ...env },
  });
  return {
    slack,
    teams,
    /** Every message and card the platforms were sent since the last reset is within limits. */
    checkPayloads(): void {
      checkAllPayloads(fake);
      expect(teams.cardIssues()).toEqual([]);
    },
    /** Forgets what was sent, and the sandbox's faults. */
    reset(): void {
      fake.reset();
      teams.connector.calls.length = 0;
      sandbox.faults.reset();
    },
    async close(): Promise<void> {
      await teams.close();
      await slack.bot.close();
      await fake.close();
    },
  };
}
