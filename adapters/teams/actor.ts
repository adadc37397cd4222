/**
 * Who is speaking, for the core. A Teams person is keyed `<tenant id>:<object id>` (the same in
 * every chat and for every bot), never by the `29:` id (this bot's alias) nor by an address in the
 * activity. The e-mail comes only from the Bot Connector's member information, and only when that
 * names the same Azure AD object.
 */
import type { Activity, TurnContext } from 'botbuilder';
import { NotLinkedError, ProfileUnavailableError } from '../../src/core/errors.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import { MessageRefusedError, PlatformUnavailableError } from '../../src/core/notifier.ts';
import type { TeamsContext } from './context.ts';
import type { Member } from './people.ts';
import { tenantsOf } from './tenant.ts';

/** A person in a turn: their `29:` id in this conversation, their tenant and object id. */
export interface TeamsPerson {
  userId: string;
  tenantId: string;
  objectId: string;
}

/** A GUID in practice; anything that could blur the key's `:` is refused. */
const ID_PART = /^[\w-]{1,64}$/;

export const personKey = (p: TeamsPerson) => `${p.tenantId}:${p.objectId}`;

/** The speaker; undefined when the activity names no Azure AD object or not one tenant. */
export function speakerOf(activity: Partial<Activity>): TeamsPerson | undefined {
  const tenants = tenantsOf(activity);
  const objectId = activity.from?.aadObjectId?.toLowerCase();
  const [tenantId] = tenants;
  if (tenants.length !== 1 || !tenantId || !ID_PART.test(tenantId)) return undefined;
  if (!objectId || !ID_PART.test(objectId) || !activity.from?.id) return undefined;
  return { userId: activity.from.id, tenantId, objectId };
}

/**
 * Whether the speaker's `29:` id is the Azure AD object the activity names, per the Bot
 * Connector: checked every turn, so a link stored for that object is used only by that person.
 */
export async function checkSpeaker(
  deps: TeamsContext,
  context: TurnContext,
  person: TeamsPerson,
): Promise<{ same: boolean; fresh?: Member }> {
  const { member, fresh } = await deps.members.recall(context, person.userId).catch((error) => {
    const unread =
      error instanceof PlatformUnavailableError || error instanceof MessageRefusedError;
    throw unread ? new ProfileUnavailableError({ cause: error }) : error;
  });
  if (member?.objectId === person.objectId) return { same: true, ...(fresh && { fresh: member }) };
  deps.log.warn('a Teams activity names another Azure AD object than its sender; refused');
  return { same: false };
}

/** `fresh`: the member as read in this very turn, which stands for the address the core asks. */
export function actorOf(
  deps: TeamsContext,
  context: TurnContext,
  person: TeamsPerson,
  fresh?: Member,
): ChatActor {
  const { locale, localTimezone } = context.activity;
  return {
    platform: 'teams',
    chatUserId: personKey(person),
    locale: locale ?? undefined,
    timeZone: localTimezone ?? undefined,
    email: async () => {
      const member = fresh ?? (await deps.members.read(context, person.userId));
      if (!member) return undefined;
      if (member.objectId === person.objectId) return member.email;
      // The roster says this `29:` id is someone else: no address is better than theirs.
      deps.log.warn('the Bot Connector names another Azure AD object for a Teams user; not linked');
      return undefined;
    },
  };
}

/** Someone the speaker mentioned (by `29:` id), in the speaker's tenant. */
export async function mentionedActor(
  deps: TeamsContext,
  context: TurnContext,
  speaker: TeamsPerson,
  userId: string,
): Promise<ChatActor> {
  const objectId = (await deps.members.known(context, userId))?.objectId;
  if (!objectId || !ID_PART.test(objectId)) {
    // Teams does not name the person mentioned.
    throw new NotLinkedError('IDENTITY_NO_EMAIL');
  }
  return actorOf(deps, context, { userId, tenantId: speaker.tenantId, objectId });
}
