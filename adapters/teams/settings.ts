import type { CloudSetting } from '../../src/app/settings-cloud.ts';

/** What the Teams adapter is started with (botbuilder's own Microsoft* variables). */
export interface TeamsSettings {
  /** `''` in anonymous mode. */
  appId: string;
  appPassword?: string;
  appType: 'MultiTenant' | 'SingleTenant' | 'UserAssignedMSI';
  tenantId?: string;
  /** No Bot Framework authentication: local emulators and tests only. */
  anonymous: boolean;
  /** The tenants whose activities are served (lower-cased ids), or `*` for every tenant. */
  allowedTenants: readonly string[] | '*';
  /**
   * botbuilder's cloud settings that are set, by its own names (src/app/settings-cloud.ts):
   * `ChannelService` or the endpoints of a sovereign cloud; none for the public cloud.
   */
  cloud: Readonly<Partial<Record<CloudSetting, string>>>;
}
