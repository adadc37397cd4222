/**
 * What an application's card shows, read from the Access Service for one person: the
 * application (never one hidden from their groups: it is not found, as if it did not exist), its
 * levels and custom fields, the groups that give it by default, whether it is sensitive, and,
 * only for its owners, accessbot's admins and the auditors, who holds access (bounded: a card
 * reads at most MAX_HOLDERS_READ of its accesses and names MAX_HOLDERS_SHOWN), the groups it is
 * hidden from, and the policies — those set through accessbot, and the compatible ones.
 */
import PQueue from 'p-queue';
import type {
  Access,
  CustomField,
  PermissionLevel,
  Policy,
  WorkApp,
} from '../../access/schemas.ts';
import { isHeld } from '../../access/task-facts.ts';
import type { AppPolicy, IdentityLink } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { found } from '../service-errors.ts';
import { type AppDeps, REQUEST_TYPES } from './deps.ts';
import type { Roles } from './rules.ts';
import type { Sensitivity } from './sensitivity.ts';

const MAX_HOLDERS_READ = 500;
const MAX_HOLDERS_SHOWN = 30;
/** Fields a card shows; an application with more is not kept from chat. */
const MAX_FIELDS = 40;
/** Names looked up at once while a card is made. */
const LOOKUPS_AT_ONCE = 8;

/** The inside of an application: for its owners, admins and auditors only. */
export interface Inside {
  /** Whom the card names as holding access; `count` accesses read, `more`: there were more. */
  holders: { shown: { name: string; level?: string }[]; count: number; more: boolean };
  hiddenFrom: readonly string[];
  /** The policies accessbot set, newest first. */
  set: readonly AppPolicy[];
  /** Per request type, the policies compatible with it. */
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

/** An application by id, unless it is gone or hidden from the person. */
export async function appById(
  deps: AppDeps,
  link: IdentityLink,
  appId: string,
): Promise<WorkApp | undefined> {
  if ((await deps.catalog.hiddenFrom(link.accessUserId)).has(appId)) return undefined;
  return found(deps.client.getWorkApp(appId));
}

/** The application's custom fields, at most MAX_FIELDS of them. */
export async function fieldsOf(deps: AppDeps, appId: string): Promise<CustomField[]> {
  const fields: CustomField[] = [];
  for await (const field of deps.client.listCustomFields(appId)) {
    if (fields.push(field) >= MAX_FIELDS) break;
  }
  return fields;
}

/** What `link` sees of `app`. */
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
