/**
 * A person typing to the real bot, as each platform delivers it: a signed slash command whose
 * answer comes back through its response_url (Slack), or a message activity whose answers reach
 * the Bot Connector (Teams). What they are shown comes back as JSON text.
 */
import { type Harness, shown } from './bot-connector-harness.ts';
import type { FakeSlack } from './slack-api.ts';
import { clickPayload, sendCommand, sendInteraction } from './slack-payloads.ts';

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

/** A click on a button of `card` (Slack's JSON) in an ephemeral answer: its response_url. */
export async function slackClickOn(
  fake: FakeSlack,
  botUrl: string,
  who: string,
  card: string,
  actionId: string,
  value?: string,
): Promise<string> {
  const { blocks } = JSON.parse(card) as { blocks: unknown[] };
  const where = { kind: 'ephemeral' as const, responseUrl: fake.responseUrl() };
  await sendInteraction(botUrl, clickPayload(blocks, actionId, slackUserOf(who), where, value));
  return where.responseUrl;
}

/** The Action.Execute of `verb` anywhere in a Teams card (in a ShowCard too), whose data `matches`. */
export function teamsAction(
  json: unknown,
  verb: string,
  matches: (data: Record<string, unknown>) => boolean = () => true,
): Record<string, unknown> | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const node = json as Record<string, unknown>;
  const data = (node.data ?? {}) as Record<string, unknown>;
  if (node.type === 'Action.Execute' && node.verb === verb && matches(data)) return node;
  for (const value of Object.values(node)) {
    const found = teamsAction(value, verb, matches);
    if (found) return found;
  }
  return undefined;
}

/** The code a confirmation shows (`confirm <code>`), on any platform. */
export function confirmationCodeOn(card: string): string {
  const code = /confirm ([a-z2-9]{8})/.exec(card)?.[1];
  if (!code) throw new Error(`no confirmation code on ${card.slice(0, 300)}`);
  return code;
}
