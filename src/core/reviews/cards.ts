/**
 * The poller's hook for access reviews: each round of a poll of an approver, their pending
 * reviews of one application and level are one card (one outbox message per approver, group and
 * round, and chat identity), not a card each. A review that comes in joins the card (it is edited);
 * a review decided — here, by a batch or elsewhere — leaves it, and the card says how many of the
 * round are reviewed. Once none is left the card says so for good and the round ends; reviews
 * that come later start the next round, with a card of its own. Its reminders and escalation:
 * remind.ts.
 */
import { type CardState, reviewCard } from './card.ts';
import { defaultsOf } from './defaults.ts';
import { groupDue } from './due.ts';
import { type ReviewGroup, reviewGroups } from './groups.ts';
import { pageTasks } from './messages.ts';
import type { ReviewPoll, ReviewSweep } from './poll.ts';
import { remindOrEscalate } from './remind.ts';
import type { ReviewCardStore } from './store.ts';

/** The approver's card of one group: `<access user id>/<group key>`. */
const cardKey = (accessUserId: string, groupKey: string) => `${accessUserId}/${groupKey}`;
const PREFIX = 'review/';
const eventOf = (card: string, round: number) => `${PREFIX}${card}/${round}`;

function parseEvent(event: string): { card: string; round: number } | undefined {
  const at = event.lastIndexOf('/');
  const round = Number(event.slice(at + 1));
  if (!event.startsWith(PREFIX) || !Number.isInteger(round)) return undefined;
  return { card: event.slice(PREFIX.length, at), round };
}

export async function seeToReviews(sweep: ReviewSweep, poll: ReviewPoll): Promise<void> {
  const shown = new Set<string>();
  for (const group of reviewGroups(poll.tasks)) {
    if (!group.key) continue;
    const event = await showGroup(sweep, poll, group, group.key);
    shown.add(event);
  }
  const mine = `${PREFIX}${cardKey(poll.accessUserId, '')}`;
  const done = new Set(
    poll.open.map((n) => n.taskId).filter((e) => e.startsWith(mine) && !shown.has(e)),
  );
  for (const event of done) await closeCard(sweep, event);
}

/** The group's card as it stands, its reviews new to it joining its round; its event. */
async function showGroup(
  sweep: ReviewSweep,
  poll: ReviewPoll,
  group: ReviewGroup,
  key: string,
): Promise<string> {
  const card = cardKey(poll.accessUserId, key);
  const ids = group.tasks.map((t) => t.id);
  const latest = await sweep.store.reviewRound(card);
  const held = new Set(latest.taskIds);
  // The round goes on while any of its reviews still waits; else these start the next.
  const round =
    latest.round > 0 && ids.some((id) => held.has(id)) ? latest.round : latest.round + 1;
  const fresh = ids.filter((id) => !held.has(id));
  if (fresh.length) await sweep.store.addReviewRows(card, round, fresh, sweep.clock.now());
  const total = round === latest.round ? held.size + fresh.length : fresh.length;
  const event = eventOf(card, round);
  const due = groupDue(group.tasks, sweep.reviewDueDays);
  const defaults = await defaultsOf(sweep.defaultGroups, pageTasks(group, 1), sweep.log);
  const state: CardState = { group, total, due, defaults };
  const { accessUserId, links } = poll;
  if (!poll.held) {
    await sweep.showCard(links, { event, accessUserId, message: (v) => reviewCard(v, state) });
  }
  const sent = poll.open.filter((n) => n.taskId === event);
  await remindOrEscalate(sweep, poll, { event, state, sent });
  return event;
}

/** Nothing of the round is left to review: its card says so, for good. */
async function closeCard(sweep: ReviewSweep, event: string): Promise<void> {
  const parsed = parseEvent(event);
  if (!parsed) return;
  const { taskIds } = await sweep.store.reviewRound(parsed.card, parsed.round);
  // Named as the service names the application and level, by one of the round's reviews.
  const task = taskIds[0] === undefined ? undefined : await sweep.findTask(taskIds[0]);
  const [named] = reviewGroups(task ? [task] : []);
  const group: ReviewGroup = { ...(named ?? emptyGroup), tasks: [] };
  const state: CardState = { group, total: taskIds.length, due: undefined, decided: taskIds };
  await sweep.settle(event, 'review', '', (v) => reviewCard(v, state));
}

const emptyGroup: ReviewGroup = {
  number: 0,
  app: '?',
  level: undefined,
  tasks: [],
  oldest: undefined,
  key: undefined,
};

/** The approvers whose cards hold the task: polled at once when it is decided. */
export async function reviewersOf(store: ReviewCardStore, taskId: string): Promise<string[]> {
  const cards = await store.reviewCardsOf(taskId);
  return [...new Set(cards.map((card) => card.slice(0, card.indexOf('/'))))];
}
