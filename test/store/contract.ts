/**
 * What every Store implementation must do, as one suite: each implementation's test file calls
 * `describeStoreContract` with a function that opens a fresh, empty store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreError } from '../../src/store/errors.ts';
import type {
  AuditEntry,
  DecisionAuditEntry,
  IdentityLink,
  Store,
  TaskEventEntry,
} from '../../src/store/store.ts';
import { describeAppTables } from './apps-contract.ts';
import { askCalls, describeAskTables } from './ask-contract.ts';
import { describeCampaignReads } from './campaign-contract.ts';
import { describeConfirmationTables } from './confirmations-contract.ts';
import { describeDigestTables } from './digest-contract.ts';
import { describeAuditAndGroupTables } from './groups-contract.ts';
import { describePollerTables, pollerCalls } from './poller-contract.ts';
import { describeReportReads, reportCalls } from './report-contract.ts';
import { describeRequesterTables, requesterCalls } from './requester-contract.ts';
import { describeReviewCardTables, reviewCardCalls } from './review-card-contract.ts';
import { describeStepUpTables, stepUpCalls } from './stepup-contract.ts';
import { describeStorableText } from './storable-contract.ts';
import { describeWorkflowTables, workflowCalls } from './workflow-contract.ts';

export function link(overrides: Partial<IdentityLink> = {}): IdentityLink {
  return {
    platform: 'slack',
    chatUserId: 'U01',
    accessUserId: 'a-1',
    email: 'ada@example.com',
    displayName: 'Ada Lovelace',
    linkedAt: new Date('2025-03-01T10:00:00.123Z'),
    ...overrides,
  };
}

export function audit(overrides: Partial<DecisionAuditEntry> = {}): DecisionAuditEntry {
  return {
    at: new Date('2025-03-01T10:00:00.000Z'),
    platform: 'slack',
    chatUserId: 'U01',
    accessUserId: 'a-1',
    taskId: 'task-1',
    action: 'approve',
    reason: null,
    outcome: 'approved',
    detail: null,
    ...overrides,
  };
}

const minute = (n: number) => new Date(Date.UTC(2025, 2, 1, 10, n));

/** The task of a decision's entry; undefined for a membership change. */
const taskOf = (entry: AuditEntry) => ('taskId' in entry ? entry.taskId : undefined);

/** Awaits `promise`, expecting it to fail with a StoreError of `code`. */
export async function expectStoreError(
  promise: Promise<unknown>,
  code: string,
): Promise<StoreError> {
  const error = await promise.then(
    () => expect.fail(`expected a StoreError ${code}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreError);
  expect((error as StoreError).code).toBe(code);
  return error as StoreError;
}

export function describeStoreContract(name: string, open: () => Promise<Store>): void {
  describe(`${name}: Store contract`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('identity links', () => {
      it('returns undefined for a chat user who never linked', async () => {
        expect(await store.getLink('slack', 'nobody')).toBeUndefined();
      });

      it('gives back a saved link field for field, dates to the millisecond', async () => {
        await store.saveLink(link());
        expect(await store.getLink('slack', 'U01')).toEqual(link());
      });

      it('keeps a missing display name as null', async () => {
        await store.saveLink(link({ displayName: null }));
        expect((await store.getLink('slack', 'U01'))?.displayName).toBeNull();
      });

      it('replaces the link of the same platform and chat user', async () => {
        await store.saveLink(link());
        const relinked = link({
          accessUserId: 'a-2',
          email: 'ada@new.example',
          linkedAt: minute(5),
        });
        await store.saveLink(relinked);
        expect(await store.getLink('slack', 'U01')).toEqual(relinked);
        expect(await store.listLinks()).toHaveLength(1);
      });

      it('counts actions per key and minute, starting afresh in a new minute', async () => {
        const counts = [];
        for (const at of [minute(0), minute(0), minute(0), minute(1), minute(1)]) {
          counts.push(await store.countAction('slack:U01', at));
        }
        counts.push(await store.countAction('teams:U01', minute(1)));
        expect(counts).toEqual([1, 2, 3, 1, 2, 1]);
      });

      it('deletes the link of one platform and chat user only', async () => {
        await store.saveLink(link({ platform: 'slack' }));
        await store.saveLink(link({ platform: 'teams' }));
        await store.deleteLink('slack', 'U01');
        await store.deleteLink('slack', 'nobody');
        expect(await store.getLink('slack', 'U01')).toBeUndefined();
        expect(await store.getLink('teams', 'U01')).toBeDefined();
      });

      it('keeps the same chat user id on two platforms as two links', async () => {
        await store.saveLink(link({ platform: 'slack', accessUserId: 'a-1' }));
        await store.saveLink(link({ platform: 'teams', accessUserId: 'a-2' }));
        expect((await store.getLink('slack', 'U01'))?.accessUserId).toBe('a-1');
        expect((await store.getLink('teams', 'U01'))?.accessUserId).toBe('a-2');
      });

      it('lists every link, or only those of one platform', async () => {
        await store.saveLink(link({ platform: 'slack', chatUserId: 'U01' }));
        await store.saveLink(link({ platform: 'slack', chatUserId: 'U02' }));
        await store.saveLink(link({ platform: 'teams', chatUserId: 'T01' }));
        const all = await store.listLinks();
        expect(all.map((l) => `${l.platform}/${l.chatUserId}`).sort()).toEqual([
          'slack/U01',
          'slack/U02',
          'teams/T01',
        ]);
        const slack = await store.listLinks('slack');
        expect(slack.map((l) => l.chatUserId).sort()).toEqual(['U01', 'U02']);
        expect(await store.listLinks('shell')).toEqual([]);
      });

      it('stores e-mail addresses lower-cased, so matching them ignores case', async () => {
        await store.saveLink(link({ email: 'Ada.Lovelace@Example.COM' }));
        expect((await store.getLink('slack', 'U01'))?.email).toBe('ada.lovelace@example.com');
        expect((await store.listLinks()).map((l) => l.email)).toEqual(['ada.lovelace@example.com']);
      });

      it('refuses a link that does not match the schema, and stores nothing', async () => {
        const bad = { ...link(), platform: 'irc' } as unknown as IdentityLink;
        await expectStoreError(store.saveLink(bad), 'STORE_INVALID_INPUT');
        expect(await store.listLinks()).toEqual([]);
      });
    });

    describe('audit log', () => {
      it('gives back an appended entry field for field', async () => {
        const entry = audit({
          action: 'decline',
          reason: 'not needed',
          outcome: 'declined',
          appId: 'app-1',
          taskType: 'AccessRequest',
        });
        await store.appendAudit(entry);
        expect(await store.listAudit()).toEqual([entry]);
      });

      it('lists newest first by time, whatever the order of appends', async () => {
        await store.appendAudit(audit({ at: minute(2), taskId: 'middle' }));
        await store.appendAudit(audit({ at: minute(3), taskId: 'newest' }));
        await store.appendAudit(audit({ at: minute(1), taskId: 'oldest' }));
        const listed = await store.listAudit();
        expect(listed.map(taskOf)).toEqual(['newest', 'middle', 'oldest']);
      });

      it('lists the later of two same-millisecond appends first', async () => {
        await store.appendAudit(audit({ at: minute(1), outcome: 'failed' }));
        await store.appendAudit(audit({ at: minute(1), outcome: 'approved' }));
        const listed = await store.listAudit();
        expect(listed.map((e) => e.outcome)).toEqual(['approved', 'failed']);
      });

      it('filters by chat user, on one platform, and by task and user together', async () => {
        await store.appendAudit(audit({ at: minute(1), chatUserId: 'U01', taskId: 'task-1' }));
        await store.appendAudit(audit({ at: minute(2), chatUserId: 'U02', taskId: 'task-1' }));
        await store.appendAudit(audit({ at: minute(3), chatUserId: 'U01', taskId: 'task-2' }));
        await store.appendAudit(
          audit({ at: minute(4), platform: 'teams', chatUserId: 'U01', taskId: 'task-3' }),
        );
        const mine = await store.listAudit({ actor: { platform: 'slack', chatUserId: 'U01' } });
        expect(mine.map(taskOf)).toEqual(['task-2', 'task-1']);
        const both = await store.listAudit({
          taskId: 'task-1',
          actor: { platform: 'slack', chatUserId: 'U02' },
        });
        expect(both.map((e) => [e.chatUserId, taskOf(e)])).toEqual([['U02', 'task-1']]);
        const limited = await store.listAudit({
          actor: { platform: 'slack', chatUserId: 'U01' },
          limit: 1,
        });
        expect(limited.map(taskOf)).toEqual(['task-2']);
      });

      it('filters by task id', async () => {
        await store.appendAudit(audit({ at: minute(1), taskId: 'task-1', outcome: 'failed' }));
        await store.appendAudit(audit({ at: minute(2), taskId: 'task-2' }));
        await store.appendAudit(audit({ at: minute(3), taskId: 'task-1', outcome: 'approved' }));
        const listed = await store.listAudit({ taskId: 'task-1' });
        expect(listed.map((e) => [taskOf(e), e.outcome])).toEqual([
          ['task-1', 'approved'],
          ['task-1', 'failed'],
        ]);
        expect(await store.listAudit({ taskId: 'task-9' })).toEqual([]);
      });

      it('returns the newest `limit` entries, of the task when one is given', async () => {
        for (let n = 0; n < 5; n++) {
          await store.appendAudit(audit({ at: minute(n), taskId: n % 2 ? 'odd' : 'even' }));
        }
        const newest = await store.listAudit({ limit: 2 });
        expect(newest.map((e) => e.at)).toEqual([minute(4), minute(3)]);
        const even = await store.listAudit({ taskId: 'even', limit: 2 });
        expect(even.map((e) => e.at)).toEqual([minute(4), minute(2)]);
      });

      it('returns 100 entries by default and at most 1,000 however many are asked', async () => {
        const start = Date.UTC(2025, 0, 1);
        for (let n = 0; n < 1_005; n++) {
          await store.appendAudit(audit({ at: new Date(start + n * 1000), taskId: `task-${n}` }));
        }
        const byDefault = await store.listAudit();
        expect(byDefault).toHaveLength(100);
        expect(taskOf(byDefault[0]!)).toBe('task-1004');
        expect(await store.listAudit({ limit: 5000 })).toHaveLength(1_000);
      });

      it('counts one application’s approved and declined requests since an instant', async () => {
        const request = { appId: 'app-1', taskType: 'AccessRequest' };
        await store.appendAudit(audit({ ...request, at: minute(1) }));
        await store.appendAudit(audit({ ...request, at: minute(2) }));
        await store.appendAudit(audit({ ...request, at: minute(3), outcome: 'declined' }));
        // Not counted: too old, refused, another app, another type, recorded without either.
        await store.appendAudit(audit({ ...request, at: minute(0) }));
        await store.appendAudit(audit({ ...request, at: minute(4), outcome: 'unconfirmed' }));
        await store.appendAudit(audit({ ...request, at: minute(4), appId: 'app-2' }));
        await store.appendAudit(
          audit({ ...request, at: minute(4), taskType: 'EntitlementReview' }),
        );
        await store.appendAudit(audit({ at: minute(4) }));
        const since = minute(1);
        expect(await store.countDecisions({ ...request, since })).toEqual({
          approved: 2,
          declined: 1,
        });
        expect(await store.countDecisions({ ...request, appId: 'app-9', since })).toEqual({
          approved: 0,
          declined: 0,
        });
        const [newest] = await store.listAudit({ limit: 1 });
        expect(newest).not.toHaveProperty('appId');
      });

      it('ranks one application’s waits from task creation to decision: nearest-rank median and 90th percentile', async () => {
        const request = { appId: 'app-1', taskType: 'AccessRequest' };
        const created = new Date(Date.UTC(2025, 2, 1));
        const decided = (hours: number, more: Partial<DecisionAuditEntry> = {}) =>
          audit({
            ...request,
            taskCreatedAt: created,
            at: new Date(created.getTime() + hours * 3_600_000),
            ...more,
          });
        const since = created;
        expect(await store.decisionWaits({ ...request, since })).toBeUndefined();
        for (const hours of [50, 2, 4, 1, 3]) await store.appendAudit(decided(hours));
        // Not ranked: another app or type, refused or only started, decided elsewhere, no
        // creation known, before `since`.
        await store.appendAudit(decided(0.5, { appId: 'app-2' }));
        await store.appendAudit(decided(0.5, { taskType: 'EntitlementReview' }));
        await store.appendAudit(decided(0.5, { outcome: 'started' }));
        await store.appendAudit(decided(0.5, { outcome: 'failed' }));
        const { taskCreatedAt: _, ...unknownStart } = decided(0.5);
        await store.appendAudit(unknownStart);
        await store.appendAudit({
          ...decided(0.5),
          action: 'decided_elsewhere',
          outcome: 'approved',
        } as TaskEventEntry);
        await store.appendAudit(decided(0.5, { at: new Date(since.getTime() - 1) }));
        const hours = (n: number) => n * 3_600_000;
        expect(await store.decisionWaits({ ...request, since })).toEqual({
          count: 5,
          medianMs: hours(3),
          p90Ms: hours(50),
        });
        // Ten: the 5th and the 9th; a decline counts as a decision.
        for (const h of [5, 6, 7, 8, 9]) {
          await store.appendAudit(decided(h, { action: 'decline', outcome: 'declined' }));
        }
        expect(await store.decisionWaits({ ...request, since })).toEqual({
          count: 10,
          medianMs: hours(5),
          p90Ms: hours(9),
        });
      });

      it('refuses a limit that is not a positive integer', async () => {
        await expectStoreError(store.listAudit({ limit: 0 }), 'STORE_INVALID_INPUT');
        await expectStoreError(store.listAudit({ limit: 2.5 }), 'STORE_INVALID_INPUT');
      });

      it('gives back a decision’s task type and creation, and the poller’s entries, field for field', async () => {
        const decided = audit({
          at: minute(3),
          taskTitle: 'Access request: GitHub',
          taskType: 'AccessRequest',
          taskCreatedAt: new Date('2025-02-27T08:30:00.250Z'),
        });
        const elsewhere: TaskEventEntry = {
          at: minute(2),
          platform: 'teams',
          chatUserId: '29:ada',
          accessUserId: 'a-1',
          action: 'decided_elsewhere',
          taskId: 'task-2',
          taskType: 'EntitlementReview',
          outcome: 'declined',
          decidedBy: 'a-9',
          detail: null,
        };
        const escalated: TaskEventEntry = {
          at: minute(1),
          platform: 'slack',
          chatUserId: 'C-ESCALATIONS',
          accessUserId: null,
          action: 'escalate',
          taskId: 'task-2',
          outcome: 'queued',
          detail: null,
        };
        for (const entry of [escalated, elsewhere, decided]) await store.appendAudit(entry);
        expect(await store.listAudit()).toEqual([decided, elsewhere, escalated]);
      });

      it('filters by action; no action asked for matches nothing', async () => {
        await store.appendAudit(audit({ at: minute(1), action: 'decline', outcome: 'declined' }));
        const { reason: _, ...base } = audit({ at: minute(2) });
        await store.appendAudit({ ...base, action: 'remind', outcome: 'queued' });
        await store.appendAudit(audit({ at: minute(3) }));
        const decisions = await store.listAudit({ actions: ['approve', 'decline'] });
        expect(decisions.map((e) => e.action)).toEqual(['approve', 'decline']);
        const reminders = await store.readAuditLog({ actions: ['remind'] }, undefined, 10);
        expect(reminders.map((e) => e.entry.at)).toEqual([minute(2)]);
        expect(await store.listAudit({ actions: [] })).toEqual([]);
      });

      it('refuses an entry that does not match the schema, and stores nothing', async () => {
        const bad = { ...audit(), outcome: 'maybe' } as unknown as AuditEntry;
        await expectStoreError(store.appendAudit(bad), 'STORE_INVALID_INPUT');
        expect(await store.listAudit()).toEqual([]);
      });
    });

    describeAuditAndGroupTables(() => store);
    describeAppTables(() => store);
    describeConfirmationTables(() => store);
    describePollerTables(() => store);
    describeRequesterTables(() => store);
    describeWorkflowTables(() => store);
    describeStepUpTables(() => store);
    describeAskTables(() => store);
    describeDigestTables(() => store);
    describeReviewCardTables(() => store);
    describeStorableText(() => store);
    describeReportReads(() => store);
    describeCampaignReads(() => store);

    describe('task numbering', () => {
      const at = new Date('2025-03-01T10:00:00.000Z');

      it('keeps each person’s last list, in order, and replaces it with the next', async () => {
        expect(await store.getTaskNumbering('slack', 'U01')).toBeUndefined();
        await store.saveTaskNumbering('slack', 'U01', ['t-3', 't-1', 't-2'], at);
        await store.saveTaskNumbering('teams', 'U01', ['t-9'], at);
        expect(await store.getTaskNumbering('slack', 'U01')).toEqual(['t-3', 't-1', 't-2']);
        expect(await store.getTaskNumbering('teams', 'U01')).toEqual(['t-9']);
        await store.saveTaskNumbering('slack', 'U01', [], at);
        expect(await store.getTaskNumbering('slack', 'U01')).toEqual([]);
      });

      it('refuses ids that are not strings, storing nothing', async () => {
        await expectStoreError(
          store.saveTaskNumbering('slack', 'U02', [''] as string[], at),
          'STORE_INVALID_INPUT',
        );
        expect(await store.getTaskNumbering('slack', 'U02')).toBeUndefined();
      });
    });

    describe('tasks shown to a person', () => {
      const at = new Date('2025-03-01T10:00:00.000Z');

      it('remembers every task of a list, for that person only, and keeps the first sighting', async () => {
        expect(await store.wasShown('a-1', 't-1')).toBe(false);
        await store.rememberTasks('a-1', ['t-1', 't-2'], at);
        await store.rememberTasks('a-1', ['t-2', 't-3'], minute(5));
        await store.rememberTasks('a-2', [], at);
        for (const id of ['t-1', 't-2', 't-3']) expect(await store.wasShown('a-1', id)).toBe(true);
        expect(await store.wasShown('a-2', 't-1')).toBe(false);
        expect(await store.wasShown('a-1', 't-4')).toBe(false);
      });

      it('remembers a long list in one call', async () => {
        const ids = Array.from({ length: 2_000 }, (_, n) => `t-${n}`);
        await store.rememberTasks('a-1', ids, at);
        expect(await store.wasShown('a-1', 't-1999')).toBe(true);
      });

      it('refuses an empty user or task id, storing nothing', async () => {
        await expectStoreError(store.rememberTasks('', ['t-1'], at), 'STORE_INVALID_INPUT');
        await expectStoreError(store.rememberTasks('a-1', ['t-1', ''], at), 'STORE_INVALID_INPUT');
        expect(await store.wasShown('a-1', 't-1')).toBe(false);
      });
    });

    describe('replay guard', () => {
      const at = new Date('2025-03-01T10:00:00.000Z');
      const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

      it('says yes to a key the first time only, until it is forgotten', async () => {
        expect(await store.firstSeen('slack:v0=abc', at, later(10))).toBe(true);
        expect(await store.firstSeen('slack:v0=abc', later(1), later(11))).toBe(false);
        expect(await store.firstSeen('slack:v0=other', later(1), later(11))).toBe(true);
        // Past its time the key is forgotten (its request is refused as stale by then anyway).
        expect(await store.firstSeen('slack:v0=abc', later(12), later(22))).toBe(true);
      });

      it('lets exactly one of many concurrent callers win', async () => {
        const wins = await Promise.all(
          Array.from({ length: 10 }, () => store.firstSeen('webhook:sig', at, later(5))),
        );
        expect(wins.filter(Boolean)).toHaveLength(1);
      });

      it('lets exactly one caller claim a key again once it has expired', async () => {
        expect(await store.firstSeen('webhook:again', at, later(5))).toBe(true);
        const wins = await Promise.all(
          Array.from({ length: 10 }, () => store.firstSeen('webhook:again', later(6), later(11))),
        );
        expect(wins.filter(Boolean)).toHaveLength(1);
        expect(await store.firstSeen('webhook:again', later(7), later(12))).toBe(false);
      });
    });

    describe('open questions', () => {
      const asked = { kind: 'declineReason', taskIds: ['t-1', 't-2'] };

      it('gives a question back once, to whoever takes it first', async () => {
        await store.askQuestion('teams', 'U01', asked, minute(10));
        const takers = await Promise.all(
          [0, 1].map(() => store.takeQuestion('teams', 'U01', minute(1))),
        );
        expect(takers.filter(Boolean)).toEqual([asked]);
        expect(await store.takeQuestion('teams', 'U01', minute(1))).toBeUndefined();
      });

      it('keeps one per person and platform: asking again replaces it', async () => {
        await store.askQuestion('shell', 'ada', asked, minute(10));
        await store.askQuestion(
          'shell',
          'ada',
          { kind: 'declineReason', taskIds: ['t-3'] },
          minute(20),
        );
        await store.askQuestion('teams', 'ada', asked, minute(10));
        expect(await store.takeQuestion('shell', 'ada', minute(1))).toEqual({
          kind: 'declineReason',
          taskIds: ['t-3'],
        });
        expect(await store.takeQuestion('teams', 'ada', minute(1))).toEqual(asked);
      });

      it('answers nothing once the question expired, and forgets it', async () => {
        await store.askQuestion('slack', 'U01', asked, minute(10));
        expect(await store.takeQuestion('slack', 'U01', minute(10))).toBeUndefined();
        await store.askQuestion('slack', 'U01', asked, minute(10));
        expect(await store.takeQuestion('slack', 'U01', minute(11))).toBeUndefined();
        expect(await store.takeQuestion('slack', 'U01', minute(1))).toBeUndefined();
      });
    });

    describe('lifecycle', () => {
      it('answers ping while open', async () => {
        await expect(store.ping()).resolves.toBeUndefined();
      });

      it('refuses every call after close with STORE_CLOSED, and closes twice quietly', async () => {
        await store.close();
        await expect(store.close()).resolves.toBeUndefined();
        const calls: Promise<unknown>[] = [
          store.getLink('slack', 'U01'),
          store.saveLink(link()),
          store.listLinks(),
          store.appendAudit(audit()),
          store.listAudit(),
          store.decisionWaits({ appId: 'app-1', taskType: 'AccessRequest', since: new Date(0) }),
          store.saveTaskNumbering('slack', 'U01', ['t-1'], new Date(0)),
          store.getTaskNumbering('slack', 'U01'),
          store.rememberTasks('a-1', ['t-1'], new Date(0)),
          store.wasShown('a-1', 't-1'),
          store.ping(),
          store.askQuestion('slack', 'U01', {}, new Date(0)),
          store.takeQuestion('slack', 'U01', new Date(0)),
          store.bumpGeneration('app-fields'),
          store.generation('app-fields'),
          ...pollerCalls(store),
          ...requesterCalls(store),
          ...askCalls(store),
          ...reportCalls(store),
          ...workflowCalls(store),
          ...stepUpCalls(store),
          ...reviewCardCalls(store),
        ];
        for (const call of calls) await expectStoreError(call, 'STORE_CLOSED');
      });
    });
  });
}
