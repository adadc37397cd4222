/**
 * Bot Framework requests refused before authentication, told once a minute with a count and the
 * last one's reason on the server's one counter (`accessbot_errors_total{kind="teams_unauthenticated"}`
 * counts those refused for their token); until one has passed, the line names the settings to check.
 */

import type { Refusals } from '../../src/server/refusals.ts';

export const teamsRefusals = (refusals: Refusals) =>
  refusals.door({
    what: (n) => `${n} unauthenticated Bot Framework request${n === 1 ? '' : 's'}`,
    hint: '; none has passed since accessbot started: if Teams’ own messages are refused too, MicrosoftAppId, MicrosoftAppType or MicrosoftAppTenantId likely do not match the bot’s Azure registration',
  });
