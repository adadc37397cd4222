import { z } from 'zod';
import { checked } from './checked.ts';
import { IdentityLink } from './records.ts';

/** Insert column lists, in the order of the values `rowCodec` makes. */
export const LINK_COLUMNS =
  'platform, chat_user_id, access_user_id, email, display_name, linked_at';

/**
 * The mapping between identity links and the snake_case rows both databases hold: records
 * are checked on the way in, rows on the way out. Only the date column type differs, so each
 * implementation says how it reads (`readDate`) and writes (`writeDate`) one.
 */
export function rowCodec<D>(readDate: z.ZodType<Date>, writeDate: (date: Date) => D) {
  const LinkRow = z
    .object({
      platform: z.string(),
      chat_user_id: z.string(),
      access_user_id: z.string(),
      email: z.string(),
      display_name: z.string().nullable(),
      linked_at: readDate,
    })
    .transform((row) => ({
      platform: row.platform,
      chatUserId: row.chat_user_id,
      accessUserId: row.access_user_id,
      email: row.email,
      displayName: row.display_name,
      linkedAt: row.linked_at,
    }))
    .pipe(IdentityLink);

  return {
    toLink: (row: unknown): IdentityLink =>
      checked(LinkRow, row, 'STORE_CORRUPT_ROW', 'a row of identity_links'),

    /** The values of LINK_COLUMNS; the e-mail lower-cased, so links match it case-insensitively. */
    linkValues(link: IdentityLink) {
      const valid = checked(IdentityLink, link, 'STORE_INVALID_INPUT', 'the identity link to save');
      return [
        valid.platform,
        valid.chatUserId,
        valid.accessUserId,
        valid.email.toLowerCase(),
        valid.displayName,
        writeDate(valid.linkedAt),
      ];
    },
  };
}
