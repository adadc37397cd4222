/**
 * An activity is let through when it names at least one tenant and every one is in
 * TEAMS_ALLOWED_TENANTS. A refused invoke gets an error, so the person sees the action fail
 * rather than wait for it.
 */
import { type Activity, ActivityTypes, type TurnContext } from 'botbuilder';
import type { Logger } from '../../src/log.ts';
import { answerInvoke, errorResponse } from './activity.ts';

/** Lower-cased tenant ids, or `*` for every tenant. */
type AllowedTenants = readonly string[] | '*';

type TurnLogic = (context: TurnContext) => Promise<void>;

/** The tenant ids an activity names, lower-cased, without repeats. */
export function tenantsOf(activity: Partial<Activity>): string[] {
  const channelData = activity.channelData as { tenant?: { id?: unknown } } | undefined;
  const named = [channelData?.tenant?.id, activity.conversation?.tenantId];
  const ids = named.filter((id): id is string => typeof id === 'string' && id !== '');
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

export function onlyAllowedTenants(
  allowed: AllowedTenants,
  logic: TurnLogic,
  log: Logger,
): TurnLogic {
  if (allowed === '*') return logic;
  return async (context) => {
    const { activity } = context;
    const tenants = tenantsOf(activity);
    if (tenants.length > 0 && tenants.every((id) => allowed.includes(id))) return logic(context);
    log.warn(
      { tenants, type: activity.type, name: activity.name },
      'refused a Teams activity from a tenant not in TEAMS_ALLOWED_TENANTS',
    );
    if (activity.type !== ActivityTypes.Invoke) return;
    await answerInvoke(
      context,
      errorResponse(403, 'Forbidden', 'accessbot does not serve this organisation.'),
    );
  };
}
