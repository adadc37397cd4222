/**
 * Carrying out a confirmed change to an application, truthfully. A field changed since the card
 * was shown is not sent; a lost answer is checked against the field before anything is claimed.
 * A policy cannot be read back, so a lost answer leaves it unknown.
 */
import {
  AccessError,
  ConflictError,
  InvalidResponseError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../access/errors.ts';
import type {
  AppChange,
  AppChangeOutcome,
  FieldChange,
  IdentityLink,
  PolicyChange,
} from '../../store/store.ts';
import type { Carried as Settling } from '../confirm/index.ts';
import { nameOf } from '../identity.ts';
import type { AppDeps } from './deps.ts';

type Carried = Settling<AppChangeOutcome>;

const lost = (error: unknown) =>
  error instanceof ServiceUnavailableError || error instanceof InvalidResponseError;

export async function carryOut(
  deps: AppDeps,
  link: IdentityLink,
  change: AppChange,
  now: Date,
): Promise<Carried> {
  const { subject } = change;
  try {
    if (subject.kind === 'field') return await setField(deps, change, subject);
    return await setPolicy(deps, link, change, subject, now);
  } catch (error) {
    if (!(error instanceof AccessError)) {
      deps.log.error({ err: error, changeId: change.id }, 'app change failed');
      return { outcome: 'failed', detail: 'the change could not be made' };
    }
    deps.log.warn({ err: error, changeId: change.id }, 'app change did not complete');
    if (error instanceof ConflictError) return { outcome: 'conflict', detail: null };
    if (error instanceof NotFoundError) return { outcome: 'not_found', detail: null };
    if (lost(error)) {
      return {
        outcome: 'failed',
        detail: 'the Access Service did not answer; whether the change was made is unknown',
        unsure: true,
      };
    }
    return { outcome: 'failed', detail: 'the Access Service refused the change' };
  }
}

/** Undefined when the application no longer has the field. */
async function fieldValue(deps: AppDeps, appId: string, fieldId: string) {
  for await (const field of deps.client.listCustomFields(appId)) {
    if (field.id === fieldId) return field.value ?? null;
  }
  return undefined;
}

const same = (a: string | null | undefined, b: string | null) => (a ?? '') === (b ?? '');

async function setField(deps: AppDeps, change: AppChange, s: FieldChange): Promise<Carried> {
  const before = await fieldValue(deps, change.appId, s.fieldId);
  if (before === undefined) return { outcome: 'not_found', detail: null };
  if (!same(before, s.before)) {
    return { outcome: 'conflict', detail: 'the value changed after the change was asked for' };
  }
  try {
    await deps.client.updateCustomFields(change.appId, [{ id: s.fieldId, value: s.after }]);
    return { outcome: 'changed', detail: null };
  } catch (error) {
    if (!lost(error)) throw error;
    deps.log.warn(
      { err: error, changeId: change.id },
      'app change did not complete; looking into it',
    );
    // What the field shows now says whether the PATCH was applied although its answer was lost.
    const now = await fieldValue(deps, change.appId, s.fieldId);
    if (now !== undefined && same(now, s.after)) {
      return { outcome: 'changed', detail: 'the answer was lost; the field shows the change' };
    }
    return {
      outcome: 'failed',
      detail: 'the Access Service did not answer; the field shows no change',
    };
  }
}

async function setPolicy(
  deps: AppDeps,
  link: IdentityLink,
  change: AppChange,
  s: PolicyChange,
  now: Date,
): Promise<Carried> {
  const { client } = deps;
  if (s.levelId === null) await client.setWorkAppPolicy(change.appId, s.requestType, s.policyId);
  else await client.setPermissionLevelPolicy(change.appId, s.levelId, s.requestType, s.policyId);
  await deps.store
    .recordAppPolicy({
      appId: change.appId,
      levelId: s.levelId ?? '',
      levelName: s.levelName,
      requestType: s.requestType,
      policyId: s.policyId,
      policyName: s.policyName,
      setBy: link.accessUserId,
      setByName: nameOf(link),
      setAt: now,
    })
    .catch((error: unknown) => {
      // The policy is set in the Access Service; only the card's note of it is lost.
      deps.log.error({ err: error, changeId: change.id }, 'could not record a policy set');
    });
  return { outcome: 'changed', detail: null };
}
