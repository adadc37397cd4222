/**
 * The daily digest on Teams, over the Bot Connector with the real botbuilder adapter: posted by
 * the Teams notifier as the outbox posts it, its rows' Approve and its Approve all shown clicked
 * as Teams sends them (`adaptiveCard/action`); each click decides through the same checks as
 * `approve` and answers with what is left, as the `tasks` list does.
 */
import { describe, expect, it } from 'vitest';
import { digestReply } from '../../src/core/digest/compose.ts';
import { english } from '../../src/core/i18n/voice.ts';
import { users } from '../../src/sandbox/seed.ts';
import { cardsOf } from '../fakes/bot-connector-cards.ts';
import { openGithubTask, shown, teamsKey, useTeams } from '../fakes/bot-connector-harness.ts';
import { teamsAction } from '../fakes/chat-drivers.ts';

const t = useTeams();
const sandbox = t.sandbox;
const status = (id: string) => sandbox.current.state.tasks.get(id)?.status;

/** Ada's digest of `count` new GitHub tasks, as her Teams chat shows it. */
async function postDigest(count: number) {
  await t.h.post(t.h.activities.installation('ada'));
  const ids = Array.from({ length: count }, () => openGithubTask(sandbox.current));
  const tasks = await Promise.all(ids.map((id) => t.h.client.getTask(id)));
  const digest = digestReply(english, tasks, { pendingStatus: 'Pending', now: new Date() });
  const ref = await t.h.teams.notifier.post({ kind: 'user', chatUserId: teamsKey('ada') }, digest);
  const activityId = String(ref.data.activityId);
  const [card] = cardsOf(t.h.connector.message(activityId)!);
  return { ids, card, activityId };
}

/** Sends the card's `verb` action (for `taskId`, if given) as Teams does when Ada clicks it. */
function click(card: unknown, activityId: string, verb: string, taskId?: string) {
  const action = teamsAction(card, verb, (data) => !taskId || data.value === taskId);
  expect(action, `a ${verb} button`).toBeDefined();
  const data = action!.data as Record<string, unknown>;
  return t.h.post(t.h.activities.cardAction('ada', verb, data, activityId));
}

describe('the daily digest on Teams', () => {
  it('shows every task with Approve and Decline, and approves the one clicked', async () => {
    const { ids, card, activityId } = await postDigest(3);
    expect(shown(card)).toContain('Your daily digest');
    const res = await click(card, activityId, 'approve', ids[1]);
    expect(res.status).toBe(200);
    const text = shown(res.body.value);
    expect(text).toContain('You approved');
    expect(ids.map(status)).toEqual(['Pending', 'Approved', 'Pending']);
  });

  it('approves every task shown with Approve all shown, one checked decision each', async () => {
    const { ids, card, activityId } = await postDigest(2);
    const res = await click(card, activityId, 'approveAll');
    expect(shown(res.body.value)).toContain('Approved 2 of 2 tasks');
    expect(ids.map(status)).toEqual(['Approved', 'Approved']);
  });

  it('decides nothing on a task decided elsewhere meanwhile, and says it was decided', async () => {
    const { ids, card, activityId } = await postDigest(1);
    // As the poll that sent the digest did: the tasks in Ada's list are remembered as hers.
    await t.h.store.rememberTasks(users.ada.id, ids, new Date());
    sandbox.current.state.decideTask(
      ids[0]!,
      'Declined',
      sandbox.current.state.tasks.get(ids[0]!)!.assigneeId,
    );
    const res = await click(card, activityId, 'approve', ids[0]);
    expect(res.status).toBe(200);
    expect(shown(res.body.value)).not.toContain('You approved');
    expect(shown(res.body.value)).toContain('already decided');
    expect(status(ids[0]!)).toBe('Declined');
  });
});
