/**
 * A person typing to the real bot, as each platform delivers it: a signed slash command whose
 * answer comes back through its response_url (Slack), or a message activity whose answers reach
 * the Bot Connector (Teams). What they are shown comes back as JSON text.
 */
import { type Harness, shown } from './bot-connector-harness.ts';
import type { FakeSlack } from './slack-api.ts';
import { sendCommand } from './slack-payloads.ts';

export const slackUserOf = (who: string) => `U-${who.toUpperCase()}`;

/** The last answer Slack's response_url got. */
export async function slackAnswer(fake: FakeSlack, responseUrl: string): Promise<string> {
  return JSON.stringify(await fake.waitFor(() => fake.respondedTo(responseUrl).at(-1)?.body));
}

export async function slackSay(
  fake: FakeSlack,
  botUrl: string,
  who: string,
  text: string,
): Promise<string> {
  const responseUrl = fake.responseUrl();
  await sendCommand(botUrl, text, slackUserOf(who), responseUrl);
  return slackAnswer(fake, responseUrl);
}

export async function teamsSay(
  h: Harness,
  who: Parameters<Harness['activities']['message']>[0],
  text: string,
  inChannel = false,
): Promise<string> {
  const before = h.connector.calls.length;
  await h.post(h.activities.message(who, text, inChannel ? 'channel' : 'personal'));
  return shown(h.connector.calls.slice(before).map((c) => c.activity));
}
