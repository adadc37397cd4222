/**
 * Who may change a group's members, who may audit and who may request access for others, as
 * configured (docs/groups-and-audit.md). Membership is read from the Access Service at each
 * check, so a change there counts at once.
 */
import type { AccessClient } from '../../access/client.ts';
import type { UsersGroup } from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';
import type { IdentityLink } from '../../store/store.ts';
import { uuidLike } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';
import { normalize } from '../match.ts';
import { type Reply, warning } from '../reply.ts';
import { found } from '../service-errors.ts';
import { inert } from '../text.ts';
import { isMember } from './directory.ts';

export interface GroupRulesConfig {
  /** Name or id. */
  adminsGroup?: string;
  /** Group name (any case) or id → the e-mail addresses of its managers. */
  managers?: Readonly<Record<string, readonly string[]>>;
  /** Name or id. */
  auditorsGroup?: string;
  /** Further groups that take a second admin to add anyone to. */
  privileged?: readonly string[];
  /** Name or id: its members may request access for someone else. */
  onBehalfGroup?: string;
}

export type Verdict = { ok: true } | { ok: false; reply: Reply };

export type Audited = 'history' | 'report';

export class GroupRules {
  readonly #client: AccessClient;
  readonly #log: Logger;
  readonly #admins: string | undefined;
  readonly #auditors: string | undefined;
  readonly #onBehalf: string | undefined;
  readonly #managers: Map<string, Set<string>>;
  readonly #privileged: Set<string>;

  constructor(client: AccessClient, log: Logger, config: GroupRulesConfig = {}) {
    this.#client = client;
    this.#log = log;
    this.#admins = config.adminsGroup;
    this.#auditors = config.auditorsGroup;
    this.#onBehalf = config.onBehalfGroup;
    this.#privileged = new Set(
      [config.adminsGroup, config.auditorsGroup, ...(config.privileged ?? [])]
        .filter((name) => name !== undefined)
        .map(normalize),
    );
    this.#managers = new Map(
      Object.entries(config.managers ?? {}).map(([group, emails]) => [
        normalize(group),
        new Set(emails.map((e) => e.trim().toLowerCase())),
      ]),
    );
  }

  async mayManage(
    link: IdentityLink,
    v: Voice,
    group: Pick<UsersGroup, 'id' | 'name'>,
  ): Promise<Verdict> {
    if (!this.#admins && !this.#managers.size) return refuse(v, v.t('rules.nobodyManages'));
    const managers = [
      ...(this.#managers.get(normalize(group.id)) ?? []),
      ...(this.#managers.get(normalize(group.name)) ?? []),
    ];
    if (managers.includes(link.email.toLowerCase())) return { ok: true };
    if (await this.isAdmin(link)) return { ok: true };
    const who = this.#admins ? (managers.length ? 'both' : 'admins') : 'managers';
    return refuse(v, v.t('rules.mayNotManage', { group: inert(group.name), who }));
  }

  /** Adding someone takes a second admin. */
  isPrivileged(group: Pick<UsersGroup, 'id' | 'name'>): boolean {
    return this.#privileged.has(normalize(group.id)) || this.#privileged.has(normalize(group.name));
  }

  async isAdmin(link: IdentityLink): Promise<boolean> {
    return !!this.#admins && this.#isMember(this.#admins, link.accessUserId);
  }

  /** The refusal says whether any auditors are set up. */
  async mayAudit(link: IdentityLink, v: Voice, what: Audited = 'history'): Promise<Verdict> {
    if (!this.#auditors) return refuse(v, v.t('rules.noAuditors', { what }));
    if (await this.#isMember(this.#auditors, link.accessUserId)) return { ok: true };
    return refuse(v, v.t('rules.notAuditor', { what }));
  }

  /** Requesting access for someone else: the refusal says whether anyone may. */
  async mayFileFor(link: IdentityLink, v: Voice): Promise<Verdict> {
    if (!this.#onBehalf) return refuse(v, v.t('rules.nobodyOnBehalf'));
    if (await this.#isMember(this.#onBehalf, link.accessUserId)) return { ok: true };
    return refuse(v, v.t('rules.notOnBehalf'));
  }

  /** A configured group that does not exist lets nobody in; the operator is told. */
  async #isMember(nameOrId: string, accessUserId: string): Promise<boolean> {
    const group = await this.#find(nameOrId);
    if (!group) {
      this.#log.error(
        { group: nameOrId },
        'a configured group does not exist in the Access Service',
      );
      return false;
    }
    return isMember(this.#client, group.id, accessUserId);
  }

  async #find(nameOrId: string): Promise<Pick<UsersGroup, 'id'> | undefined> {
    if (uuidLike.test(nameOrId)) return found(this.#client.getGroup(nameOrId));
    const wanted = normalize(nameOrId);
    for await (const group of this.#client.listGroups()) {
      if (normalize(group.name) === wanted) return group;
    }
    return undefined;
  }
}

const refuse = (v: Voice, text: string): Verdict => ({
  ok: false,
  reply: warning(v, text, { title: v.t('rules.notAllowed') }),
});
