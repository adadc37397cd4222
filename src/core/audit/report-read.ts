/**
 * The report of a period, read in bounded pages: it holds one page and the period's waits, never
 * the log, and lets others through between pages (a SQLite store answers on this thread).
 */
import { setImmediate as othersFirst } from 'node:timers/promises';
import type {
  AuditStore,
  AwayStore,
  LinkStore,
  ReportCursor,
  ReportMark,
  ReportPage,
  ReportStore,
  TaskQuestionStore,
} from '../../store/store.ts';
import { type Report, ReportFigures, type ReportPeriod } from './report.ts';
import { type AskFigures, readAskFigures } from './report-asks.ts';
import { decisionKey, decisionOf, openAge, type TaskFacts, taskFacts } from './report-tasks.ts';

const PAGE = 500;
/** Larger: in SQL, only the open ones come back. */
const NOTIFY_PAGE = 1000;

/** REPORT_MAX_ROWS's default: a month of a busy organisation's trail, read in a few seconds. */
export const DEFAULT_REPORT_MAX_ROWS = 200_000;

export class ReportTooLargeError extends Error {
  readonly maxRows: number;

  constructor(maxRows: number) {
    super(`the period holds more than ${maxRows} audit rows`);
    this.name = 'ReportTooLargeError';
    this.maxRows = maxRows;
  }
}

/** A report past its deadline: the figures so far are not the period's, so none are given. */
export class ReportCutShortError extends Error {
  constructor() {
    super('the report ran past its deadline');
    this.name = 'ReportCutShortError';
  }
}

/** When a report must be done, on the caller's clock. */
export interface ReportDeadline {
  at: Date;
  now: () => Date;
}

type Overdue = () => boolean;

export type ReportReadStore = ReportStore & AuditStore & LinkStore & TaskQuestionStore & AwayStore;

/** Checked between pages: a walk that does not end (a store that repeats a page) stops there. */
async function* pages(
  read: (after: ReportCursor | undefined) => Promise<ReportPage>,
  overdue: Overdue,
): AsyncGenerator<ReportMark[]> {
  let after: ReportCursor | undefined;
  do {
    const page = await read(after);
    if (page.marks.length) yield page.marks;
    after = page.next;
    if (after && overdue()) throw new ReportCutShortError();
    await othersFirst();
  } while (after);
}

const fullPage = (marks: ReportMark[], limit: number): ReportPage => ({
  marks,
  next: marks.length < limit ? undefined : { at: marks.at(-1)!.at, id: marks.at(-1)!.id },
});

async function factsOf(store: ReportStore, taskIds: Iterable<string>, until: Date) {
  const ids = [...new Set(taskIds)];
  const facts = new Map<string, TaskFacts>();
  for (let i = 0; i < ids.length; i += PAGE) {
    const entries = await store.taskEntries(ids.slice(i, i + PAGE), until);
    const byTask = Map.groupBy(entries, (e) => e.taskId);
    for (const [id, list] of byTask) facts.set(id, taskFacts(id, list));
  }
  return facts;
}

/** The tasks of each decision these tasks are part of (those decided with them too), by key. */
async function decisionsOf(store: ReportStore, tasks: Map<string, TaskFacts>, until: Date) {
  const keys = new Set<string>();
  const instants = new Map<number, Date>();
  for (const t of tasks.values()) {
    if (t.key !== undefined) keys.add(t.key);
    if (t.keyCreated) instants.set(t.keyCreated.getTime(), t.keyCreated);
  }
  const others = new Set<string>();
  for (let i = 0, all = [...instants.values()]; i < all.length; i += PAGE) {
    for (const s of await store.decidedCreatedAt(all.slice(i, i + PAGE), until)) {
      const key = decisionKey(
        s.taskId,
        s.decider ?? undefined,
        s.outcome,
        s.taskCreatedAt.getTime(),
      );
      if (keys.has(key) && !tasks.has(s.taskId)) others.add(s.taskId);
    }
  }
  const all = [...tasks.values(), ...(await factsOf(store, others, until)).values()];
  return Map.groupBy(
    all.filter((t) => t.key !== undefined && keys.has(t.key)),
    (t) => t.key!,
  );
}

async function countDecisions(
  store: ReportStore,
  period: ReportPeriod,
  figures: ReportFigures,
  overdue: Overdue,
) {
  const read = async (after: ReportCursor | undefined) =>
    fullPage(await store.decisionMarks(period, after, PAGE), PAGE);
  for await (const marks of pages(read, overdue)) {
    const tasks = await factsOf(
      store,
      marks.map((m) => m.taskId),
      period.until,
    );
    const groups = await decisionsOf(store, tasks, period.until);
    const ids = new Set(marks.map((m) => m.id));
    for (const [, members] of groups) {
      const decision = decisionOf(members);
      // Counted once, in the page of the entry that owns it; never if that is before the period.
      if (ids.has(decision.owner)) figures.decision(decision);
    }
  }
}

async function countOpen(
  store: ReportStore,
  until: Date,
  asOf: number,
  figures: ReportFigures,
  overdue: Overdue,
) {
  const before = new Date(asOf);
  const read = (after: ReportCursor | undefined) =>
    store.openNotifications(before, until, after, NOTIFY_PAGE);
  for await (const open of pages(read, overdue)) {
    const tasks = await factsOf(
      store,
      open.map((m) => m.taskId),
      until,
    );
    for (const mark of open) {
      const task = tasks.get(mark.taskId);
      // Counted at its first notification only: one task told to several approvers is one.
      const age = task?.firstSeen?.id === mark.id ? openAge(task, asOf) : undefined;
      if (age !== undefined) figures.open(age);
    }
  }
}

/**
 * Refused before anything is read past `maxRows` audit rows; stopped between pages once
 * `deadline` has passed.
 */
export async function readReport(
  store: ReportReadStore,
  period: ReportPeriod,
  now: Date,
  maxRows?: number,
  deadline?: ReportDeadline,
): Promise<Report & { asks: AskFigures }> {
  if (maxRows !== undefined && (await store.countAuditRows(period, maxRows + 1)) > maxRows) {
    throw new ReportTooLargeError(maxRows);
  }
  const overdue = () => deadline !== undefined && deadline.now() >= deadline.at;
  const figures = new ReportFigures(period);
  await countDecisions(store, period, figures, overdue);
  await countOpen(store, period.until, figures.asOf(now), figures, overdue);
  if (overdue()) throw new ReportCutShortError();
  return {
    ...figures.figures(now, await store.countSent(period), await peopleNames(store)),
    asks: await readAskFigures(store, period, now),
  };
}

/** Approvers and reviewers by Access user id, as their links name them. */
export async function peopleNames(store: LinkStore): Promise<Map<string, string>> {
  const links = await store.listLinks();
  return new Map(links.map((l) => [l.accessUserId, l.displayName ?? l.email]));
}
