/**
 * Who may see and change what of an application, decided here once for every platform:
 *
 * - everyone linked sees an application's card, unless one of their groups hides it;
 * - its owners (named by APP_OWNERS, or by its custom field APP_OWNERS_FIELD), accessbot's admins
 *   (GROUP_ADMINS_GROUP) and the auditors (AUDITORS_GROUP) also see who holds access, which groups
 *   it is hidden from, and the policies set through accessbot;
 * - owners and admins change its custom fields and policies, confirming each change first —
 *   except a secret field (never shown or changed in chat), the owners field (admins only: an
 *   owner does not name owners), and marking it not sensitive, which a second admin confirms.
 *
 * Admin and auditor membership is read from the Access Service at each check (GroupRules).
 */
import type { CustomField, WorkApp } from '../../access/schemas.ts';
import type { IdentityLink } from '../../store/store.ts';
import type { GroupRules } from '../groups/index.ts';
import type { Voice } from '../i18n/voice.ts';
import { normalize } from '../match.ts';
import { meansSensitive } from './sensitivity.ts';

export interface AppRulesConfig {
  /** The custom field naming an application's owners by e-mail address. */
  ownersField?: string;
  /** Application name (any case) or id → its owners' e-mail addresses. */
  owners?: Readonly<Record<string, readonly string[]>>;
  /** Further custom fields whose values chat never shows. */
  secretFields?: readonly string[];
  /** The custom field that marks an application sensitive (SENSITIVE_FIELD). */
  sensitiveField?: string;
}

export interface Roles {
  admin: boolean;
  owner: boolean;
  auditor: boolean;
}

/** What a change of a field takes, or why it is refused. */
export type FieldRule = 'asker' | 'second_admin' | 'secret' | 'admins_only';

/** A field whose name says it holds a secret: fail closed, never shown. */
const SECRET_NAME = /secret|password|passwd|passphrase|token|api.?key|private.?key|credential/i;

/** Addresses in a field's value, separated by commas, semicolons or spaces. */
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
    this.#secret = new Set((config.secretFields ?? []).map(normalize));
    this.#sensitiveField = config.sensitiveField && normalize(config.sensitiveField);
  }

  /** What `link` is to the application whose custom fields are `fields`. */
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

  /** Whether `link` is one of accessbot's admins (a member of GROUP_ADMINS_GROUP). */
  isAdmin = (link: IdentityLink) => this.#groups.isAdmin(link);

  /** Owners, admins and auditors see who holds access, hidden groups and policies. */
  seesInside = (roles: Roles) => roles.admin || roles.owner || roles.auditor;

  /** Owners and admins change an application's fields and policies. */
  mayChange = (roles: Roles) => roles.admin || roles.owner;

  /** Whether chat may never show or change this field's value. */
  isSecret = (field: Pick<CustomField, 'name'>) =>
    this.#secret.has(normalize(field.name)) || SECRET_NAME.test(field.name);

  isSensitiveField = (field: Pick<CustomField, 'name'>) =>
    this.#sensitiveField !== undefined && normalize(field.name) === this.#sensitiveField;

  /**
   * What changing `field` from `before` to `after` takes, for someone who may change the
   * application: the asker's own confirmation, a second admin's, or nothing (refused).
   */
  fieldRule(
    roles: Roles,
    field: Pick<CustomField, 'name'>,
    before: string | null,
    after: string | null,
  ): FieldRule {
    if (this.isSecret(field)) return 'secret';
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
