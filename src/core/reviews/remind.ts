/**
 * A review card's reminders and escalation. The reviewer is reminded as the due date nears — on
 * the day a week before, two days before, and on the day itself, on their own calendar — each
 * once (a message of its own in the outbox, one per step), in their working hours; a step that
 * had passed when the card first went out is not sent, and when several are due at once only the
 * latest is. Once the due date has passed, the application's owners (APP_OWNERS) hear of it, or,
 * with none linked, its escalation channels (NOTIFY_RULES), once per card. Only a card with
 * reviews left is reminded or escalated: the caller shows groups that still wait.
 */
import { taskFacts } from '../../access/schemas.ts';
import type { IdentityLink, Notification } from '../../store/store.ts';
import { addDays, localDay, startOf } from '../away/index.ts';
import { normalize } from '../match.ts';
import { type CardState, type ReminderStep, reviewEscalation, reviewReminder } from './card.ts';
import type { ReviewPoll, ReviewSweep } from './poll.ts';

const STEPS: ReadonlyArray<{ step: ReminderStep; daysBefore: number }> = [
  { step: 'today', daysBefore: 0 },
  { step: 'twoDays', daysBefore: 2 },
  { step: 'week', daysBefore: 7 },
];

interface Card {
  event: string;
  state: CardState;
  /** Its messages as the poll found them. */
  sent: readonly Notification[];
}

export async function remindOrEscalate(
  sweep: ReviewSweep,
  poll: ReviewPoll,
  card: Card,
): Promise<void> {
  const { due } = card.state;
  if (!due || !card.state.group.tasks.length) return;
  const now = sweep.clock.now();
  if (now.getTime() >= Date.parse(due)) {
    if (await poll.nudgeable()) await escalate(sweep, poll, card);
    return;
  }
  // Reminded once its card is out (an approver with a daily digest has none: the digest is it).
  const first = Math.min(...card.sent.map((n) => n.claimedAt.getTime()));
  if (!Number.isFinite(first)) return;
  const step = stepAt(now, due, await poll.zone());
  if (!step || step.at.getTime() < first || !(await poll.nudgeable())) return;
  const { event, state } = card;
  await sweep.tell(poll.links, {
    kind: 'reviewReminder',
    event,
    round: step.step,
    accessUserId: poll.accessUserId,
    message: (v) => reviewReminder(v, state, step.step),
  });
}

/** The latest step begun by `now`: its first moment in the reviewer's zone. */
function stepAt(now: Date, due: string, zone: string) {
  const day = localDay(new Date(due), zone);
  for (const { step, daysBefore } of STEPS) {
    const at = startOf(addDays(day, -daysBefore), zone);
    if (at <= now) return { step, at };
  }
  return undefined;
}

async function escalate(sweep: ReviewSweep, poll: ReviewPoll, card: Card): Promise<void> {
  const { event, state } = card;
  const reviewer = await sweep.nameOf(poll.accessUserId);
  const owners = await ownerLinks(sweep, state);
  const told = { event, accessUserId: poll.accessUserId };
  if (owners.length) {
    await sweep.tell(owners, {
      kind: 'reviewEscalation',
      ...told,
      message: (v) => reviewEscalation(v, state, reviewer),
    });
    return;
  }
  const task = state.group.tasks[0]!;
  const posted = await sweep.escalateTo(task, event, poll.accessUserId, (v) =>
    reviewEscalation(v, state, reviewer),
  );
  if (!posted) {
    sweep.log.warn({ event }, 'an access review is overdue and has nobody to escalate to');
  }
}

/** The chat identities of the application's owners that APP_OWNERS names. */
async function ownerLinks(sweep: ReviewSweep, state: CardState): Promise<IdentityLink[]> {
  const [task] = state.group.tasks;
  const appId = task && taskFacts(task).workAppId;
  const names = [state.group.app, ...(appId ? [appId] : [])].map(normalize);
  const emails = new Set(
    Object.entries(sweep.appOwners)
      .filter(([app]) => names.includes(normalize(app)))
      .flatMap(([, owners]) => owners.map((e) => e.trim().toLowerCase())),
  );
  if (!emails.size) return [];
  const linked = (await sweep.store.listLinks()).filter((l) => emails.has(l.email.toLowerCase()));
  return sweep.linksOf(new Set(linked.map((l) => l.accessUserId)));
}
