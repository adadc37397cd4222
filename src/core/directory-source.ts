/**
 * The chat directory port: a platform's people and e-mails, joined by the poller with the Access
 * users, so approvers who never spoke to the bot still get their tasks.
 */
import type { Platform } from '../store/store.ts';

export interface DirectoryMember {
  chatUserId: string;
  /** Undefined when the account shows none: its link, if any, is dropped. */
  email: string | undefined;
}

export interface DirectorySource {
  readonly platform: Platform;
  members(): AsyncIterable<DirectoryMember>;
}
