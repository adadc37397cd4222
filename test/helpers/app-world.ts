/**
 * A bot whose application rules are set as an admin sets them (Barbara owns Jira by
 * APP_OWNERS, Security's members are admins, Finance's auditors, Cost center is secret), over the
 * sandbox: `say` types a line as a seeded person, `confirm` types the code a card asks for.
 */

import type { AccessClient } from '../../src/access/client.ts';
import { loadConfig } from '../../src/app/config.ts';
import { decisionContext } from '../../src/app/runtime.ts';
import { users } from '../../src/sandbox/seed.ts';
import { actor, botFor, captureLog } from './bot.ts';

export async function appWorld(client: AccessClient, env: Record<string, string> = {}) {
  const config = loadConfig({
    ACCESS_API_URL: 'sandbox',
    GROUP_ADMINS_GROUP: 'Security',
    AUDITORS_GROUP: 'Finance',
    APP_OWNERS: `Jira=${users.barbara.email}`,
    APP_SECRET_FIELDS: 'Cost center',
    ...env,
  });
  const { bot, store } = await botFor(client, (store) => ({
    groups: config.groups,
    apps: config.apps,
    context: decisionContext(config, { client, store, log: captureLog().log }),
  }));
  const say = async (who: keyof typeof users, text: string, locale?: string) =>
    JSON.stringify(await bot.handle({ ...actor(users[who].email), locale }, text));
  const confirm = async (who: keyof typeof users, card: string, verb = 'confirm') => {
    const id = /confirm ([a-z2-9]{8})/.exec(card)?.[1];
    if (!id) throw new Error(`no confirmation on ${card.slice(0, 300)}`);
    return say(who, `${verb} ${id}`);
  };
  return { bot, store, say, confirm };
}
