/**
 * Slack requests refused for their signature, told once a minute with a count on the server's
 * one counter (`accessbot_errors_total{kind="slack_unsigned"}` counts each); until one has
 * passed, the line names SLACK_SIGNING_SECRET.
 */

import type { Refusals } from '../../src/server/refusals.ts';

export const slackRefusals = (refusals: Refusals) =>
  refusals.door({
    what: (n) => `${n} Slack request${n === 1 ? '' : 's'} without a valid signature`,
    hint: '; none has passed since accessbot started: if Slack’s own requests are refused too, SLACK_SIGNING_SECRET is likely not this Slack app’s Signing Secret (Basic Information → App Credentials)',
  });
