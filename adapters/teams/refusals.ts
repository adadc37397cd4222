/**
 * Bot Framework requests refused for their token, told once a minute with a count and the last
 * one's reason (`accessbot_errors_total{kind="teams_unauthenticated"}` counts each); until one
 * has passed, the line names the settings to check.
 */

import type { Logger } from '../../src/log.ts';
import { Refusals } from '../../src/server/refusals.ts';

export const teamsRefusals = (log: Logger, now: () => number) =>
  new Refusals(log, now, {
    what: (n) => `${n} unauthenticated Bot Framework request${n === 1 ? '' : 's'}`,
    hint: '; none has passed since accessbot started: if Teams’ own messages are refused too, MicrosoftAppId, MicrosoftAppType or MicrosoftAppTenantId likely do not match the bot’s Azure registration',
  });
