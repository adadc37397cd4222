/** What the application commands and cards work with, built once by the bot. */
import type { AccessClient } from '../../access/client.ts';
import type { Policy } from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';
import type { AppPolicyStore, AuditStore, ConfirmationStore } from '../../store/store.ts';
import { timedCache } from '../cache.ts';
import type { AppCatalog } from './catalog.ts';
import type { AppRules } from './rules.ts';
import type { SensitiveApps } from './sensitivity.ts';

export interface AppDeps {
  client: AccessClient;
  store: AppPolicyStore & ConfirmationStore & AuditStore;
  log: Logger;
  now: () => Date;
  rules: AppRules;
  catalog: Pick<AppCatalog, 'appsFor' | 'hiddenFrom' | 'groups'>;
  /** Read at most once a minute. */
  compatible: (requestType: string) => Promise<Policy[]>;
  /** Also the cache a change of the field must clear. */
  sensitive?: SensitiveApps;
}

/** The task types accessbot knows. */
export const REQUEST_TYPES = ['AccessRequest', 'EntitlementReview', 'OffboardingStep'] as const;

/** Policies offered for one request type; more is not a choice anyone reads through. */
const MAX_POLICIES = 50;

const COMPATIBLE_TTL_MS = 60_000;

export function appReads(client: AccessClient, now: () => number) {
  const compatible = timedCache({
    ttl: COMPATIBLE_TTL_MS,
    max: 20,
    now,
    load: async (requestType: string) => {
      const found: Policy[] = [];
      for await (const policy of client.listCompatiblePolicies(requestType)) {
        if (found.push(policy) >= MAX_POLICIES) break;
      }
      return found;
    },
  });
  return { compatible: (requestType: string) => compatible.forceFetch(requestType) };
}
