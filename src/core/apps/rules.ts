/**
 * Who may see and change what of an application, for every platform (docs/applications.md).
 * An owner does not name owners; marking an application not sensitive takes a second admin.
 */
import type { CustomField, WorkApp } from '../../access/schemas.ts';
import type { IdentityLink } from '../../store/store.ts';
import type { GroupRules } from '../groups/index.ts';
import type { Voice } from '../i18n/voice.ts';
import { normalize } from '../match.ts';
import { foldName, nameSaysSecret, valueLooksSecret } from './secret-fields.ts';
import { meansSensitive } from './sensitivity.ts';

export interface AppRulesConfig {
  /** Holds the owners' e-mail addresses. */
  ownersField?: string;
  /** Application name (any case) or id → its owners' e-mail addresses. */
  owners?: Readonly<Record<string, readonly string[]>>;
  /** Besides names and values that say secret (secret-fields.ts). */
  secretFields?: readonly string[];
  sensitiveField?: string;
}

export interface Roles {
  admin: boolean;
  owner: boolean;
  auditor: boolean;
}

/** `secret_value`: the value typed is shaped like a credential, whatever the field. */
export type FieldRule = 'asker' | 'second_admin' | 'secret' | 'secret_value' | 'admins_only';

const addressesIn = (value: string | null | undefined) =>
  (value ?? '')
    .split(/[\s,;]+/)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => /^[^@\s]+@[^@\s]+$/.test(part));

export class AppRules {
  readonly #groups: GroupRules;
  readonly #ownersField: string;
  readonly #owners: Map<string, Set<string>>;
  readonly #secret: Set<string>;
  readonly #sensitiveField: string | undefined;

  constructor(groups: GroupRules, config: AppRulesConfig = {}) {
    this.#groups = groups;
    this.#ownersField = normalize(config.ownersField ?? 'Owners');
    this.#owners = new Map(
      Object.entries(config.owners ?? {}).map(([app, emails]) => [
        normalize(app),
        new Set(emails.map((e) => e.trim().toLowerCase())),
      ]),
    );
    this.#secret = new Set((config.secretFields ?? []).map(foldName));
    this.#sensitiveField = config.sensitiveField && normalize(config.sensitiveField);
  }

  async rolesOf(
    link: IdentityLink,
    v: Voice,
    app: Pick<WorkApp, 'id' | 'name'>,
    fields: readonly CustomField[],
  ): Promise<Roles> {
    const [admin, audit] = await Promise.all([
      this.#groups.isAdmin(link),
      this.#groups.mayAudit(link, v),
    ]);
    return { admin, owner: this.#ownersOf(app, fields).has(link.email), auditor: audit.ok };
  }

  isAdmin = (link: IdentityLink) => this.#groups.isAdmin(link);

  /** Owners, admins and auditors see who holds access, hidden groups and policies. */
  seesInside = (roles: Roles) => roles.admin || roles.owner || roles.auditor;

  mayChange = (roles: Roles) => roles.admin || roles.owner;

  /** Fail closed: by its name, folded, or by a value shaped like a credential. */
  isSecret = (field: Pick<CustomField, 'name' | 'value'>) =>
    this.#secret.has(foldName(field.name)) ||
    nameSaysSecret(field.name) ||
    valueLooksSecret(field.value);

  isSensitiveField = (field: Pick<CustomField, 'name'>) =>
    this.#sensitiveField !== undefined && normalize(field.name) === this.#sensitiveField;

  /** For someone who may change the application. */
  fieldRule(
    roles: Roles,
    field: Pick<CustomField, 'name' | 'value'>,
    before: string | null,
    after: string | null,
  ): FieldRule {
    if (this.isSecret(field)) return 'secret';
    if (valueLooksSecret(after)) return 'secret_value';
    if (normalize(field.name) === this.#ownersField && !roles.admin) return 'admins_only';
    const unmarks = meansSensitive(before) && !meansSensitive(after);
    return this.isSensitiveField(field) && unmarks ? 'second_admin' : 'asker';
  }

  #ownersOf(app: Pick<WorkApp, 'id' | 'name'>, fields: readonly CustomField[]): Set<string> {
    const named = fields.find((f) => normalize(f.name) === this.#ownersField);
    return new Set([
      ...(this.#owners.get(normalize(app.id)) ?? []),
      ...(this.#owners.get(normalize(app.name)) ?? []),
      ...addressesIn(named?.value),
    ]);
  }
}
