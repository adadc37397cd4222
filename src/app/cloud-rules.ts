/**
 * Once one of botbuilder's endpoint settings is set, it uses none of its own values: set halfway,
 * the bot cannot send or accept requests, and `ChannelService` beside them is not read at all.
 */
import { type CloudSetting, CLOUD_ENDPOINTS as ENDPOINTS } from '../../adapters/teams/settings.ts';

/** Without these, the bot could not send (the first two) or accept a request (the others). */
const NEEDED = ENDPOINTS.slice(0, 4);

export const CLOUD_SETTINGS: readonly CloudSetting[] = ['ChannelService', ...ENDPOINTS];

const words = (names: readonly string[]) =>
  `${names.join(' and ')} ${names.length > 1 ? 'are' : 'is'}`;

/** One line for each way the cloud settings do not add up (production refuses them). */
export function cloudMisfits(env: NodeJS.ProcessEnv): string[] {
  const set = ENDPOINTS.filter((name) => env[name]);
  if (!set.length) return [];
  const missing = NEEDED.filter((name) => !env[name]);
  return [
    ...(missing.length
      ? [
          `${words(set)} set but ${words(missing)} not: with any of them set botbuilder uses none of its own values, so Teams could neither send nor accept a message — set ${NEEDED.join(', ')} together (docs/teams.md#sovereign-clouds)`,
        ]
      : []),
    ...(env.ChannelService
      ? [
          `ChannelService is set beside ${set.join(', ')}, which botbuilder reads instead: unset ChannelService, or unset them to use its values`,
        ]
      : []),
  ];
}

export function cloudOf(
  env: Partial<Record<CloudSetting, string>>,
): Partial<Record<CloudSetting, string>> {
  return Object.fromEntries(CLOUD_SETTINGS.filter((name) => env[name]).map((n) => [n, env[n]]));
}
