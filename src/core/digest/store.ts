/** The store slice of daily digests (tables in `src/store/tables/digests.ts`); records read are checked. */
import { z } from 'zod';

/** `daily`: the digest only; `both`: each task as it comes and the digest; `off`: as it comes. */
export const DigestMode = z.enum(['daily', 'both', 'off']);
export type DigestMode = z.infer<typeof DigestMode>;

/** `09:00`, on the person's own clock. */
export const DigestTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** The tasks a digest shows, at most (the rest are counted). */
export const MAX_DIGEST_TASKS = 15;

export const DigestChoice = z.object({
  accessUserId: z.string().min(1),
  mode: DigestMode,
  digestTime: DigestTime,
  /** When they chose: a time already past that day starts the next day. */
  chosenAt: z.date(),
  /** The person's local day of the last digest sent (or skipped: nothing waited, away). */
  sentDay: z.iso.date().nullable(),
  sentAt: z.date().nullable(),
  /** The tasks it showed: reminders count it (not nudged again that day). */
  shown: z.array(z.string()).max(MAX_DIGEST_TASKS),
});
export type DigestChoice = z.infer<typeof DigestChoice>;

export interface DigestStore {
  digestChoice(accessUserId: string): Promise<DigestChoice | undefined>;
  /** Everyone whose choice is not `off`: read once a sweep. */
  listDigestChoices(): Promise<DigestChoice[]>;
  /** A new choice from `now`; the day already sent stays sent. */
  chooseDigest(
    accessUserId: string,
    mode: DigestMode,
    digestTime: string,
    now: Date,
  ): Promise<DigestChoice>;
  /** `day`'s digest noted once whoever asks: false when it already was. */
  markDigestSent(accessUserId: string, day: string, shown: string[], now: Date): Promise<boolean>;
}
