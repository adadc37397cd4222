/** The store slice of absences (tables in `src/store/tables/away.ts`); records read are checked. */
import { z } from 'zod';
import { Platform, type WaitPeriod } from '../../store/records.ts';

/** `2026-12-01`, as a person names it. */
export const Day = z.iso.date();

/** A person away: from `sinceAt` until `untilAt` (the start of `untilDay` in their zone). */
export const Away = z.object({
  accessUserId: z.string().min(1),
  name: z.string().min(1),
  /** Who said so: its audit entries are theirs. */
  platform: Platform,
  chatUserId: z.string().min(1),
  note: z.string().nullable(),
  untilDay: Day,
  sinceAt: z.date(),
  untilAt: z.date(),
  /** `back`, or its date (then `untilAt`); null while it lasts. */
  endedAt: z.date().nullable(),
});
export type Away = z.infer<typeof Away>;

export const AwayAsked = Away.pick({
  accessUserId: true,
  name: true,
  platform: true,
  chatUserId: true,
  note: true,
  untilDay: true,
  untilAt: true,
});
export type AwayAsked = z.infer<typeof AwayAsked>;

/** One of an away approver's tasks, while it waits on them. */
export const AwayWait = z.object({
  taskId: z.string().min(1),
  accessUserId: z.string().min(1),
  awaySinceAt: z.date(),
  /** The request's access id; the task's own id when the task names no request. */
  subject: z.string().min(1),
  startedAt: z.date(),
  /** When the other approvers and the escalation channel were told. */
  toldAt: z.date().nullable(),
  endedAt: z.date().nullable(),
});
export type AwayWait = z.infer<typeof AwayWait>;

export const AwayOn = z.object({
  subject: z.string().min(1),
  taskId: z.string().min(1),
  accessUserId: z.string().min(1),
  name: z.string().min(1),
  note: z.string().nullable(),
  untilDay: Day,
});
export type AwayOn = z.infer<typeof AwayOn>;

export interface AwayStore {
  /** A new period from `now`, or the lasting one with its new date and note. */
  setAway(away: AwayAsked, now: Date): Promise<Away>;
  endAway(accessUserId: string, now: Date): Promise<Away | undefined>;
  /** Each period ended once whoever asks: returns those this call ended. */
  expireAways(now: Date): Promise<Away[]>;
  listAway(now: Date): Promise<Away[]>;
  /** Each remembered once (from `now`); returns them all as they now stand. */
  noteAwayWaits(
    away: Away,
    waits: ReadonlyArray<{ taskId: string; subject: string }>,
    now: Date,
  ): Promise<AwayWait[]>;
  markAwayWaitsTold(away: Away, taskIds: string[], now: Date): Promise<void>;
  openAwayWaits(accessUserId: string): Promise<AwayWait[]>;
  /** Ends the person's waits but those in `keep`; returns those ended. */
  endAwayWaits(accessUserId: string, now: Date, keep: string[]): Promise<AwayWait[]>;
  awayOn(subjects: string[]): Promise<AwayOn[]>;
  /** Tasks that began to wait on an away approver in the period. */
  countAwayWaits(period: WaitPeriod): Promise<number>;
  /** Their waits (to `asOf` for those not over), at `rank` of their order (0: the shortest). */
  awayWaitAt(period: WaitPeriod, rank: number): Promise<number | undefined>;
}
