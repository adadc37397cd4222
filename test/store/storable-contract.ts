/**
 * Text a store would refuse is kept, not refused: NUL (which PostgreSQL's `text` and `jsonb`
 * refuse), lone surrogates (refused by `jsonb`) and strings of a megabyte in every field that
 * reaches the store — an audit entry lost to such text would be a decision without its trace.
 * Each comes back as U+FFFD where the code point was, and cut past MAX_STORED_CHARS; ids are
 * short by the Access Service's schema, so they carry the code points but not the megabyte.
 */
import { describe, expect, it } from 'vitest';
import { MAX_STORED_CHARS } from '../../src/store/sql.ts';
import type { MembershipAuditEntry, Store } from '../../src/store/store.ts';
import { away, question } from './ask-contract.ts';
import { audit, link } from './contract.ts';
import { membership } from './groups-contract.ts';
import { claim, request } from './poller-contract.ts';

/** A NUL, both halves of a pair alone, and a character a pair makes, which is kept. */
const REFUSED = 'nul\u0000 high\ud800 low\udc00 pair\u{1F600}';
const KEPT = 'nul\uFFFD high\uFFFD low\uFFFD pair\u{1F600}';
/** A megabyte, not one repeated character: PostgreSQL would compress that into anything. */
const MEGABYTE = Array.from({ length: 1 << 20 }, (_, i) =>
  String.fromCharCode(97 + ((i * 7919) % 26)),
).join('');

const id = (name: string) => `${name}-${REFUSED}`;
const storedId = (name: string) => `${name}-${KEPT}`;
const text = (name: string) => `${name} ${REFUSED} ${MEGABYTE}`;

/** What `text(name)` reads back as: its code points replaced, cut. */
const storedText = (name: string) => `${name} ${KEPT} ${MEGABYTE}`.slice(0, MAX_STORED_CHARS);

export function describeStorableText(store: () => Store): void {
  describe('text a database refuses', () => {
    it('keeps a decision whose every field carries it', async () => {
      const decision = audit({
        chatUserId: id('U'),
        accessUserId: id('a'),
        taskId: id('task'),
        appId: id('app'),
        appName: text('app'),
        requesterName: text('requester'),
        levelName: text('level'),
        userName: text('user'),
        taskStep: text('step'),
        taskType: text('type'),
        reason: text('reason'),
        detail: text('detail'),
        outcome: 'declined',
        action: 'decline',
      });
      await store().appendAudit(decision);
      const [kept] = await store().listAudit({ taskId: id('task') });
      expect(kept).toEqual({
        ...decision,
        chatUserId: storedId('U'),
        accessUserId: storedId('a'),
        taskId: storedId('task'),
        appId: storedId('app'),
        appName: storedText('app'),
        requesterName: storedText('requester'),
        levelName: storedText('level'),
        userName: storedText('user'),
        taskStep: storedText('step'),
        taskType: storedText('type'),
        reason: storedText('reason'),
        detail: storedText('detail'),
      });
    });

    it('keeps a membership change, a link, a request and a question that carry it', async () => {
      const change: MembershipAuditEntry = membership({
        groupId: id('group'),
        groupName: text('group'),
        targetUserId: id('target'),
        targetName: text('target'),
        targetEmail: text('email'),
        detail: text('detail'),
      });
      await store().appendAudit(change);
      expect((await store().listAudit())[0]).toMatchObject({
        groupId: storedId('group'),
        targetUserId: storedId('target'),
        groupName: storedText('group'),
        targetName: storedText('target'),
        targetEmail: storedText('email'),
        detail: storedText('detail'),
      });

      await store().saveLink(link({ chatUserId: id('U'), displayName: text('name') }));
      expect((await store().getLink('slack', id('U')))?.displayName).toBe(storedText('name'));

      await store().recordRequest(request({ accessId: id('access'), workAppId: id('app') }));
      expect((await store().listOpenRequests())[0]).toMatchObject({
        accessId: storedId('access'),
        workAppId: storedId('app'),
      });

      const asked = question({ question: text('which'), askedByName: text('asker') });
      expect(await store().putTaskQuestion(asked)).toBe(true);
      expect(await store().getTaskQuestion(asked.id)).toMatchObject({
        question: storedText('which'),
        askedByName: storedText('asker'),
      });
      const now = new Date('2026-11-22T09:00:00Z');
      await store().setAway(away({ note: text('note'), name: text('name') }), now);
      expect((await store().listAway(now))[0]).toMatchObject({
        note: storedText('note'),
        name: storedText('name'),
      });
    });

    it('keeps a notification whose message (kept as JSON) carries it', async () => {
      const body = { message: { text: text('card'), [id('key')]: [REFUSED] } };
      expect(await store().claimNotification(claim({ body }))).toBe(true);
      const [kept] = await store().listNotifications({ taskIds: ['task-1'] });
      expect(kept?.intent?.body).toEqual({
        message: { text: storedText('card'), [storedId('key')]: [KEPT] },
      });
    });

    it('completes a decision kept before it was sent, once', async () => {
      const id = await store().appendAudit(audit({ taskId: 'task-9', outcome: 'started' }));
      const other = await store().appendAudit(audit({ taskId: 'task-8', outcome: 'approved' }));
      expect(await store().completeDecision(id, { outcome: 'declined', detail: null })).toBe(true);
      expect(await store().completeDecision(id, { outcome: 'failed', detail: 'x' })).toBe(false);
      // Only an entry still `started` is completed.
      expect(await store().completeDecision(other, { outcome: 'failed', detail: 'x' })).toBe(false);
      expect((await store().listAudit({ taskId: 'task-9' }))[0]?.outcome).toBe('declined');
      expect((await store().listAudit({ taskId: 'task-8' }))[0]?.outcome).toBe('approved');
    });

    it('keeps the bot’s own question waiting for a person’s next line', async () => {
      const until = new Date('2030-01-01T00:00:00Z');
      await store().askQuestion('slack', id('U'), { reason: text('why') }, until);
      const taken = await store().takeQuestion('slack', id('U'), new Date('2029-01-01T00:00:00Z'));
      expect(taken).toEqual({ reason: storedText('why') });
    });
  });
}
