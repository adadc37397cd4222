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
}
