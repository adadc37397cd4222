/**
 * Whether a reminder or an escalation may go out now about one approver: the working hours read
 * in their time zone — the first of their platforms that tells it (Slack does), else
 * `DEFAULT_TIME_ZONE`. Worked out at most once per poll, and only when a nudge is due, so the
 * platform is asked no more than needed.
 */
import { isTimeZone } from '../core/i18n/voice.ts';
import type { IdentityLink } from '../store/store.ts';
import type { PollerContext } from './context.ts';
import { allows, restricts } from './working-hours.ts';

/** For one poll of one person: resolves whether nudges may go out now. */
export type NudgeWindow = () => Promise<boolean>;

export function nudgeWindow(
  ctx: PollerContext<unknown>,
  accessUserId: string,
  links: readonly IdentityLink[],
): NudgeWindow {
  let open: Promise<boolean> | undefined;
  return () => {
    open ??= (async () => {
      if (!restricts(ctx.hours)) return true;
      const zone = await zoneOf(ctx, links);
      const allowed = allows(ctx.hours, ctx.clock.now(), zone);
      if (!allowed) ctx.log.debug({ accessUserId, zone }, 'nudges wait for working hours');
      return allowed;
    })();
    return open;
  };
}

/** The person's time zone; a platform that fails to tell is passed over, never fatal. */
export async function zoneOf(
  ctx: PollerContext<unknown>,
  links: readonly Pick<IdentityLink, 'platform' | 'chatUserId'>[],
): Promise<string> {
  for (const { platform, chatUserId } of links) {
    const notifier = ctx.notifiers.get(platform);
    if (!notifier) continue;
    try {
      const zone = await notifier.timeZoneOf(chatUserId);
      if (zone && isTimeZone(zone)) return zone;
    } catch (error) {
      ctx.log.warn(
        { err: error, platform, chatUserId },
        'could not read a person’s time zone; using the next platform’s or the default',
      );
    }
  }
  return ctx.hours.defaultZone;
}
