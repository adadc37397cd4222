/**
 * Requesting access, typed or from a form (whose ids are only a client's word, so read again);
 * the request is recorded so the requester is told the outcome.
 */
import type { AccessClient } from '../../access/client.ts';
import { ConflictError, InvalidRequestError } from '../../access/errors.ts';
import type { Access, PermissionLevel, WorkApp } from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';
import type { IdentityLink, RequestStore } from '../../store/store.ts';
import { type AppCatalog, type Choice, choiceOf, findApp, quoted } from '../apps/index.ts';
import type { UsualWaits } from '../audit/index.ts';
import { words } from '../grammar.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { nameOf } from '../identity.ts';
import { matchByName } from '../match.ts';
import { type PersonRef, personOf, typedPerson } from '../person-ref.ts';
import { type Reply, success, warning } from '../reply.ts';
import { found } from '../service-errors.ts';
import { inert } from '../text.ts';
import {
  auditOnBehalf,
  type OnBehalfDeps,
  type OnBehalfOutcome,
  type Subject,
  subjectOf,
} from './on-behalf.ts';
import { withUsualWait } from './usual-wait.ts';

export type Resolved =
  | { ok: true; app: WorkApp; level: PermissionLevel | undefined }
  | { ok: false; reply: Reply };

async function resolveTyped(
  deps: RequestDeps,
  v: Voice,
  userId: string,
  target: string,
  forRef?: PersonRef,
): Promise<Resolved> {
  const { client } = deps;
  const [all, hidden] = await Promise.all([
    Array.fromAsync(client.listWorkApps()),
    deps.catalog.hiddenFrom(userId),
  ]);
  const apps = all.filter((app) => !hidden.has(app.id));
  const found = findApp(v, apps, target);
  if (!('app' in found)) return { ok: false, reply: found };
  const { app, rest } = found;
  const levels = await Array.fromAsync(client.listPermissionLevels(app.id));
  if (!rest) {
    if (levels.length <= 1) return { ok: true, app, level: levels[0] };
    const said = v.t('request.severalLevels', {
      app: inert(app.name),
      levels: quoted(v, levels),
      first: inert(levels[0]!.name),
      // The hint keeps whom the request is for, so the command it shows files the same request.
      who: forRef ? ` for ${inert(typedPerson(forRef))}` : '',
    });
    return { ok: false, reply: warning(v, said) };
  }
  const level = matchByName(levels, rest, (l) => l.name);
  if (level.kind === 'one') return { ok: true, app, level: level.item };
  const named = { app: inert(app.name), typed: inert(rest) };
  const what =
    level.kind === 'many'
      ? v.t('request.levelMatchesSeveral', named)
      : v.t('request.noSuchLevel', named);
  const said = levels.length
    ? v.t('request.chooseLevel', { what, levels: quoted(v, levels) })
    : what;
  return { ok: false, reply: warning(v, said) };
}

export interface RequestDeps extends OnBehalfDeps {
  client: AccessClient;
  catalog: Pick<AppCatalog, 'hiddenFrom'>;
  requests: RequestStore;
  log: Logger;
  now: () => Date;
  usual: UsualWaits;
}

/** `forRef`: someone else it is for; the apps offered are theirs. */
export async function requestTyped(
  deps: RequestDeps,
  v: Voice,
  link: IdentityLink,
  target: string | undefined,
  justification: string | undefined,
  forRef?: PersonRef,
): Promise<Reply> {
  if (!target) return warning(v, v.t('request.what', { usage: v.t('usage.request') }));
  return (await fileRequest(deps, v, link, target, justification, forRef)).reply;
}

/**
 * What became of a request: filed (its access id), not filed because the service refused it
 * (already pending, or refused), or not filed because of what was asked (an unknown or
 * ambiguous application or level, a person not found, not allowed to file for them).
 */
export type Filed =
  | { kind: 'filed'; accessId: string; reply: Reply }
  | { kind: 'refused'; reply: Reply }
  | { kind: 'invalid'; reply: Reply };

/** A request as `request` files it: `target` names the app, then optionally its level. */
export async function fileRequest(
  deps: RequestDeps,
  v: Voice,
  link: IdentityLink,
  target: string,
  justification: string | undefined,
  forRef?: PersonRef,
): Promise<Filed> {
  const subject = await subjectOf(deps, v, link, forRef);
  if ('reply' in subject) return { kind: 'invalid', reply: subject.reply };
  const resolved = await resolveTyped(deps, v, subject.accessUserId, target, forRef);
  if (!resolved.ok) return { kind: 'invalid', reply: resolved.reply };
  return createRequest(deps, v, subject, resolved.app, resolved.level, justification);
}

export interface RequestForm {
  appId?: string;
  levelId?: string;
  justification?: string;
  /** Someone else's name or address, as typed; empty: the filer. */
  for?: string;
}

/** Done (made, or refused by the service), or the form again with what to fix. */
export type FormOutcome =
  | { kind: 'done'; reply: Reply }
  | {
      kind: 'again';
      note: string;
      app?: Choice;
      levels?: Choice[];
      justification?: string;
      for?: string;
    };

export async function requestByForm(
  deps: RequestDeps,
  v: Voice,
  link: IdentityLink,
  form: RequestForm,
): Promise<FormOutcome> {
  const { justification } = form;
  const again = (note: string, more = {}) => ({
    kind: 'again' as const,
    note,
    justification,
    ...(form.for && { for: form.for }),
    ...more,
  });
  if (!form.appId) return again(v.t('request.chooseApp'));
  const named = form.for?.trim();
  const subject = await subjectOf(deps, v, link, named ? personOf(words(named)) : undefined);
  if ('reply' in subject) return again(subject.reply.summary);
  const userId = subject.accessUserId;
  const hidden = await deps.catalog.hiddenFrom(userId);
  const app = hidden.has(form.appId) ? undefined : await found(deps.client.getWorkApp(form.appId));
  if (!app) return again(v.t('request.appUnavailable'));
  const levels = await Array.fromAsync(deps.client.listPermissionLevels(app.id));
  const level = form.levelId
    ? levels.find((l) => l.id === form.levelId)
    : levels.length <= 1
      ? levels[0]
      : undefined;
  if (form.levelId ? !level : levels.length > 1) {
    const name = { app: inert(app.name) };
    const note = form.levelId
      ? v.t('request.formNoSuchLevel', name)
      : v.t('request.formSeveralLevels', name);
    return again(note, { app: choiceOf(app), levels: levels.map(choiceOf) });
  }
  const filed = await createRequest(deps, v, subject, app, level, justification);
  return { kind: 'done', reply: filed.reply };
}

/** For someone else: only when the filer may, and audited either way. */
async function createRequest(
  deps: RequestDeps,
  v: Voice,
  subject: Subject,
  app: WorkApp,
  level: PermissionLevel | undefined,
  justification: string | undefined,
): Promise<Filed> {
  const userId = subject.accessUserId;
  const requested = { app, levelName: level?.name, justification };
  const audit = (outcome: OnBehalfOutcome, accessId?: string) =>
    auditOnBehalf(deps, subject, requested, outcome, accessId);
  const allowed = subject.filer && (await deps.mayFileFor(subject.filer, v));
  if (allowed && !allowed.ok) {
    await audit('not_allowed');
    return { kind: 'invalid', reply: allowed.reply };
  }
  const person = inert(subject.name ?? '');
  const appLevel = level
    ? v.t('request.appLevel', { app: inert(app.name), level: inert(level.name) })
    : inert(app.name);
  const what = subject.filer ? v.t('request.forPerson', { what: appLevel, person }) : appLevel;
  let access: Access;
  try {
    access = await deps.client.createAccess({
      workAppId: app.id,
      userId,
      ...(level ? { permissionLevelId: level.id } : {}),
      ...(justification ? { justification } : {}),
    });
  } catch (error) {
    if (error instanceof ConflictError || error instanceof InvalidRequestError) {
      await audit('refused');
    }
    if (error instanceof ConflictError) {
      const said = subject.filer
        ? v.t('request.alreadyPendingFor', { what: appLevel, person })
        : v.t('request.alreadyPending', { what });
      return { kind: 'refused', reply: warning(v, said) };
    }
    if (error instanceof InvalidRequestError) {
      const detail = error.problem?.detail;
      const said = detail
        ? v.t('request.refusedSaying', { what, detail: inert(detail) })
        : v.t('request.refused', { what });
      return { kind: 'refused', reply: warning(v, said) };
    }
    throw error;
  }
  // Remembered so the requester hears the outcome: the first of the approval tasks it opened
  // carries the decision and its reason; without any, the access's own status is read instead.
  const accessId = access.id;
  const taskIds = access.taskIds ?? [];
  const filer = subject.filer && {
    filedBy: subject.filer.accessUserId,
    filedByName: nameOf(subject.filer),
  };
  const request = { accessId, accessUserId: userId, workAppId: app.id, taskIds, ...filer };
  await deps.requests.recordRequest({ ...request, requestedAt: deps.now() }).catch((error) => {
    // The request stands in the Access Service; only the outcome message is lost.
    deps.log.error({ err: error, accessId }, 'could not record a request');
  });
  await audit('filed', accessId);
  const said = v.t('request.done', {
    what,
    justification: justification ? inert(justification) : '',
    withJustification: flag(justification),
  });
  return {
    kind: 'filed',
    accessId,
    reply: success(v, await withUsualWait(deps.usual, v, app, said)),
  };
}
