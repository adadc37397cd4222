/** botbuilder's own names for a cloud's endpoints ("all parameters intentional" once one is set). */
export const CLOUD_ENDPOINTS = [
  'ToChannelFromBotLoginUrl',
  'ToChannelFromBotOAuthScope',
  'ToBotFromChannelTokenIssuer',
  'ToBotFromChannelOpenIdMetadataUrl',
  'ToBotFromEmulatorOpenIdMetadataUrl',
  'OAuthUrl',
  'CallerId',
] as const;

/** A cloud setting: `ChannelService` (botbuilder's built-in sovereign cloud) or an endpoint. */
export type CloudSetting = 'ChannelService' | (typeof CLOUD_ENDPOINTS)[number];

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
  /** botbuilder's cloud settings that are set, by its own names; none for the public cloud. */
  cloud: Readonly<Partial<Record<CloudSetting, string>>>;
}
