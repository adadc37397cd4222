/**
 * The chat directory port: a platform's people with their e-mail addresses, as an adapter reads
 * them (Slack: users.list, page by page). The poller joins them with the Access Service's users,
 * so approvers who never spoke to the bot still get their tasks.
 */
import type { Platform } from '../store/store.ts';

export interface DirectoryMember {
  chatUserId: string;
  email: string;
}

export interface DirectorySource {
  readonly platform: Platform;
  members(): AsyncIterable<DirectoryMember>;
}
