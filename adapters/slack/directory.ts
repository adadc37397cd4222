/**
 * The workspace's people for the directory sync, so approvers who never used the bot are linked.
 * Someone without a visible e-mail address comes with none, so an old link is dropped.
 */
import { z } from 'zod';
import type { DirectoryMember, DirectorySource } from '../../src/core/directory-source.ts';
import type { SlackApi } from './api.ts';

/** Slack's recommended page size for users.list. */
const PAGE_SIZE = 200;

const UsersPage = z.object({
  members: z.array(
    z.looseObject({
      id: z.string(),
      deleted: z.boolean().optional(),
      is_bot: z.boolean().optional(),
      profile: z.looseObject({ email: z.string().optional() }).optional(),
    }),
  ),
  response_metadata: z.object({ next_cursor: z.string().optional() }).optional(),
});

export class SlackDirectory implements DirectorySource {
  readonly platform = 'slack' as const;
  readonly #api: SlackApi;

  constructor(api: SlackApi) {
    this.#api = api;
  }

  async *members(): AsyncIterable<DirectoryMember> {
    let cursor: string | undefined;
    do {
      const page = await this.#api.call(
        'users.list',
        { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
        UsersPage,
      );
      for (const member of page.members) {
        const email = member.profile?.email || undefined;
        if (!member.deleted && !member.is_bot) yield { chatUserId: member.id, email };
      }
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
  }
}
