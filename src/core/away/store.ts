/**
 * The store slice of absences: the records of a period away and of the tasks that waited on it,
 * and the role the feature needs. Its tables are in `src/store/tables/away.ts`, made by the
 * SQLite and PostgreSQL migrations (`src/store/{sqlite,postgres}/migrations.ts`). Every record
 * read back is checked, not trusted.
 */
import { z } from 'zod';
import { Platform, type WaitPeriod } from '../../store/records.ts';

/** `2026-12-01`: a calendar day, as a person names it. */
export const Day = z.iso.date();

/** A person away: from `sinceAt` until `untilAt` (the start of `untilDay` in their zone). */
export const Away = z.object({
  accessUserId: z.string().min(1),
  name: z.string().min(1),
  /** The chat identity that said so: its audit entries are theirs. */
  platform: Platform,
  chatUserId: z.string().min(1),
  note: z.string().nullable(),
  untilDay: Day,
  sinceAt: z.date(),
  untilAt: z.date(),
  /** When it ended: `back`, or its date (then `untilAt`); null while it lasts. */
  endedAt: z.date().nullable(),
});
export type Away = z.infer<typeof Away>;

/** What a person says when they go away. */
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
  /** The away period it belongs to. */
  awaySinceAt: z.date(),
  /** The request's access id; the task's own id when the task names no request. */
  subject: z.string().min(1),
  startedAt: z.date(),
  /** When the other approvers and the escalation channel were told; null: not yet. */
  toldAt: z.date().nullable(),
  endedAt: z.date().nullable(),
});
export type AwayWait = z.infer<typeof AwayWait>;

/** An away approver on a request (or task), as another approver's card says it. */
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
  /**
   * The person is away until `away.untilAt`: a new period from `now`, or the one that lasts
   * with its new date and note. The period as it now stands.
   */
  setAway(away: AwayAsked, now: Date): Promise<Away>;
  /** Ends the person's period that lasts at `now`: the period ended, or undefined. */
  endAway(accessUserId: string, now: Date): Promise<Away | undefined>;
  /** Ends every period whose date has come by `now`, each once whoever asks: those ended. */
  expireAways(now: Date): Promise<Away[]>;
  /** Everyone away at `now`. */
  listAway(now: Date): Promise<Away[]>;
  /**
   * These tasks wait on the away person during `away`: each remembered once (from `now`); every
   * one of them as it now stands.
   */
  noteAwayWaits(
    away: Away,
    waits: ReadonlyArray<{ taskId: string; subject: string }>,
    now: Date,
  ): Promise<AwayWait[]>;
  /** The other approvers and the escalation channels have been told of these waits. */
  markAwayWaitsTold(away: Away, taskIds: string[], now: Date): Promise<void>;
  /** The person's waits not over yet. */
  openAwayWaits(accessUserId: string): Promise<AwayWait[]>;
  /** Ends the person's waits, but for the tasks in `keep`: the waits ended. */
  endAwayWaits(accessUserId: string, now: Date, keep: string[]): Promise<AwayWait[]>;
  /** The away approvers whose tasks wait on these subjects. */
  awayOn(subjects: string[]): Promise<AwayOn[]>;
  /** Tasks that began to wait on an away approver in the period. */
  countAwayWaits(period: WaitPeriod): Promise<number>;
  /** Their waits (to `asOf` for those not over), at `rank` of their order (0: the shortest). */
  awayWaitAt(period: WaitPeriod, rank: number): Promise<number | undefined>;
}
