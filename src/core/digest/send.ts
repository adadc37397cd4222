/**
 * The digest's poller hook, run on each poll of a person who chose one: when their local time
 * reaches their digest time, every task waiting for them in one message, through the outbox under
 * the event `digest:<accessUserId>:<local day>`, whose claim is one per chat identity — so two
 * replicas, or one restarted, never send a day's digest twice. The day is noted after (one
 * replica wins the note), and the tasks shown with it: reminders count the digest as that day's
 * nudge. A day when nothing waits, or they are away, has no digest.
 */
import type { Task } from '../../access/schemas.ts';
import type { IdentityLink, TaskNumberStore } from '../../store/store.ts';
import type { Sweep } from '../sweep.ts';
import type { CardExtras } from '../tasks/index.ts';
import { digestReply, oldestFirst } from './compose.ts';
import { type DigestChoice, type DigestStore, MAX_DIGEST_TASKS } from './store.ts';
import { dueDay } from './time.ts';

export interface DigestRound {
  choice: DigestChoice;
  /** Their chat identities on the platforms served. */
  links: readonly IdentityLink[];
  /** Their pending tasks, as the poll read them. */
  tasks: readonly Task[];
  away: boolean;
  /** Their time zone (their platform's, else DEFAULT_TIME_ZONE). */
  zone: string;
  /** Which applications ask for a confirmation; unset: none known. */
  sensitivities?: (tasks: readonly Task[]) => Promise<ReadonlyMap<string, CardExtras>>;
}

export async function sendDigest(
  sweep: Sweep<DigestStore & TaskNumberStore>,
  round: DigestRound,
): Promise<void> {
  const { choice, links } = round;
  const { accessUserId } = choice;
  const now = sweep.clock.now();
  const day = dueDay(choice, now, round.zone);
  if (!day) return;
  const waiting = oldestFirst(round.tasks);
  if (round.away || !waiting.length || !links.length) {
    await sweep.store.markDigestSent(accessUserId, day, [], now);
    return;
  }
  const shown = waiting.slice(0, MAX_DIGEST_TASKS);
  const extras = await round.sensitivities?.(shown);
  const o = { pendingStatus: sweep.pendingStatus, now, extras };
  const event = `digest:${accessUserId}:${day}`;
  await sweep.tell(links, {
    kind: 'digest',
    event,
    accessUserId,
    message: (v) => digestReply(v, waiting, o),
  });
  const ids = shown.map((t) => t.id);
  if (!(await sweep.store.markDigestSent(accessUserId, day, ids, now))) return;
  // `approve 2` means the second task of the digest, as it does after `tasks`.
  for (const link of links) {
    await sweep.store.saveTaskNumbering(link.platform, link.chatUserId, ids, now);
  }
}
