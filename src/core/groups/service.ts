/**
 * Carrying out a confirmed membership change, truthfully: a 404 is looked into (group gone, person
 * gone, or not a member?); a lost answer is checked against the members before anything is claimed.
 */
import type { AccessClient } from '../../access/client.ts';
import {
  ConflictError,
  InvalidRequestError,
  InvalidResponseError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../access/errors.ts';
import type { Logger } from '../../log.ts';
import type { GroupChange, MembershipOutcome } from '../../store/store.ts';
import type { Carried as Settling } from '../confirm/index.ts';
import { found } from '../service-errors.ts';
import { isMember } from './directory.ts';

type Carried = Settling<MembershipOutcome>;

const REFUSED: Carried = { outcome: 'failed', detail: 'the Access Service refused the change' };

export async function carryOut(
  client: AccessClient,
  log: Logger,
  change: GroupChange,
): Promise<Carried> {
  const add = change.action === 'group_add';
  try {
    if (add) await client.addGroupMember(change.groupId, change.targetUserId);
    else await client.removeGroupMember(change.groupId, change.targetUserId);
    return { outcome: add ? 'added' : 'removed', detail: null };
  } catch (error) {
    if (add && error instanceof ConflictError) return { outcome: 'already_member', detail: null };
    const unsure =
      error instanceof ServiceUnavailableError || error instanceof InvalidResponseError;
    const refused = error instanceof NotFoundError || error instanceof InvalidRequestError;
    if (!unsure && !refused) {
      log.error({ err: error, changeId: change.id }, 'group membership change failed');
      return REFUSED;
    }
    log.warn({ err: error, changeId: change.id }, 'group change did not complete; looking into it');
    try {
      return await lookInto(client, change, unsure);
    } catch (readError) {
      log.warn({ err: readError, changeId: change.id }, 'could not look into the group change');
      if (!unsure) return REFUSED;
      const detail =
        'the Access Service did not answer, and whether the change was made is unknown';
      return { outcome: 'failed', detail };
    }
  }
}

async function lookInto(
  client: AccessClient,
  change: GroupChange,
  unsure: boolean,
): Promise<Carried> {
  if (!(await found(client.getGroup(change.groupId)))) {
    return { outcome: 'group_not_found', detail: null };
  }
  if (!(await found(client.getUser(change.targetUserId)))) {
    return { outcome: 'person_not_found', detail: null };
  }
  const member = await isMember(client, change.groupId, change.targetUserId);
  const add = change.action === 'group_add';
  if (add === member) {
    // The wanted state holds: the change went through although its answer was lost, or it was
    // already so (the service said not found / conflict).
    if (!unsure) return { outcome: add ? 'already_member' : 'not_member', detail: null };
    const detail = 'the answer was lost; the member list shows the change';
    return { outcome: add ? 'added' : 'removed', detail };
  }
  if (!unsure) return REFUSED;
  return {
    outcome: 'failed',
    detail: 'the Access Service did not answer; the member list shows no change',
  };
}
