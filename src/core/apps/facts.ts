/**
 * What an application's card shows one person. One hidden from their groups is not found, as if
 * it did not exist; the inside (holders, hidden groups, policies) only to whom rules.ts shows it.
 */
import PQueue from 'p-queue';
import {
  type Access,
  type CustomField,
  isHeld,
  type PermissionLevel,
  type Policy,
  type WorkApp,
} from '../../access/schemas.ts';
import type { AppPolicy, IdentityLink } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { found } from '../service-errors.ts';
import { type AppDeps, REQUEST_TYPES } from './deps.ts';
import type { Roles } from './rules.ts';
import type { Sensitivity } from './sensitivity.ts';

const MAX_HOLDERS_READ = 500;
const MAX_HOLDERS_SHOWN = 30;
/** An application with more is not kept from chat. */
const MAX_FIELDS = 40;
const LOOKUPS_AT_ONCE = 8;

export interface Inside {
  /** `count` accesses read; `more`: there were more. */
  holders: { shown: { name: string; level?: string }[]; count: number; more: boolean };
  hiddenFrom: readonly string[];
  /** Newest first. */
  set: readonly AppPolicy[];
  /** By request type. */
  compatible: ReadonlyMap<string, readonly Policy[]>;
}

export interface AppFacts {
  app: WorkApp;
  levels: PermissionLevel[];
  fields: CustomField[];
  roles: Roles;
  sensitivity: Sensitivity;
  defaults: readonly string[];
  inside?: Inside;
}

export async function appById(
  deps: AppDeps,
  link: IdentityLink,
  appId: string,
): Promise<WorkApp | undefined> {
  if ((await deps.catalog.hiddenFrom(link.accessUserId)).has(appId)) return undefined;
  return found(deps.client.getWorkApp(appId));
}

export async function fieldsOf(deps: AppDeps, appId: string): Promise<CustomField[]> {
  const fields: CustomField[] = [];
  for await (const field of deps.client.listCustomFields(appId)) {
    if (fields.push(field) >= MAX_FIELDS) break;
  }
  return fields;
}

export async function readFacts(
  deps: AppDeps,
  link: IdentityLink,
  v: Voice,
  app: WorkApp,
): Promise<AppFacts> {
  const { client } = deps;
  const [levels, fields, groups] = await Promise.all([
    Array.fromAsync(client.listPermissionLevels(app.id)),
    fieldsOf(deps, app.id),
    deps.catalog.groups.of(app.id),
  ]);
  const roles = await deps.rules.rolesOf(link, v, app, fields);
  const sensitivity = deps.sensitive ? await deps.sensitive.of(app) : 'no';
  const facts: AppFacts = { app, levels, fields, roles, sensitivity, defaults: groups.defaults };
  if (!deps.rules.seesInside(roles)) return facts;
  const [holders, set, compatible] = await Promise.all([
    holdersOf(deps, app.id, levels),
    deps.store.listAppPolicies(app.id),
    compatibleOf(deps),
  ]);
  return { ...facts, inside: { holders, hiddenFrom: groups.hidden, set, compatible } };
}

async function compatibleOf(deps: AppDeps): Promise<Map<string, Policy[]>> {
  const lists = await Promise.all(REQUEST_TYPES.map((type) => deps.compatible(type)));
  return new Map(REQUEST_TYPES.map((type, i) => [type, lists[i]!]));
}

async function holdersOf(
  deps: AppDeps,
  appId: string,
  levels: readonly PermissionLevel[],
): Promise<Inside['holders']> {
  const held: Access[] = [];
  let more = false;
  for await (const access of deps.client.listWorkAppAccesses(appId)) {
    if (!isHeld(access)) continue;
    if (held.length === MAX_HOLDERS_READ) {
      more = true;
      break;
    }
    held.push(access);
  }
  const levelNames = new Map(levels.map((l) => [l.id, l.name]));
  const shown = held.slice(0, MAX_HOLDERS_SHOWN);
  const names = await new PQueue({ concurrency: LOOKUPS_AT_ONCE }).addAll(
    shown.map((access) => async () => {
      const user = await found(deps.client.getUser(access.userId));
      return user?.displayName ?? user?.email ?? undefined;
    }),
  );
  return {
    shown: shown.map((access, i) => ({
      name: names[i] ?? access.userId,
      level: access.permissionLevelId ? levelNames.get(access.permissionLevelId) : undefined,
    })),
    count: held.length,
    more,
  };
}
