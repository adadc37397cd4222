/**
 * Teams serves only its own tenant(s): an activity is let through when every tenant id it
 * carries (`channelData.tenant.id`, `conversation.tenantId`) is in TEAMS_ALLOWED_TENANTS, and it
 * carries at least one — or when the list is `*`, an explicit multi-tenant choice. A refused
 * activity does nothing; an invoke gets an error invoke response, so the person sees the action
 * fail rather than wait for it. Checked after botbuilder's authentication, on the turn itself.
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

/** `logic`, run only for activities from an allowed tenant. */
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
