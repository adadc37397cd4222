/**
 * Access reviews through the real poller and bot on a fake clock: people with GitHub Write put
 * under review by Ada, her chat identity linked, and what reached her, by title.
 */
import type { ChatActor } from '../../src/core/identity.ts';
import type { Reply } from '../../src/core/reply.ts';
import { users } from '../../src/sandbox/seed.ts';
import {
  botOver,
  chatId,
  link,
  nextSweep,
  type PollerSetup,
  type Sent,
  usePollerWorld,
} from '../poller/fakes.ts';
import { reviewsOfAda } from './reviews.ts';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

export const textOf = (reply: Reply) =>
  [reply.title, reply.summary, ...reply.blocks.flatMap((b) => ('text' in b ? [b.text] : []))].join(
    '\n',
  );

export function useReviewWorld() {
  const w = usePollerWorld({ sandboxOnClock: true });
  let made = 0;

  /** `count` people with GitHub Write, each under review by Ada, due at `dueAt` if given. */
  const reviews = (count: number, dueAt?: Date) => {
    const ids = reviewsOfAda(w.sandbox.state, count, { dueAt, from: made + 1 });
    made += count;
    return ids;
  };

  /** Ada (and `others`) linked on Slack, a replica, and the bot over it. */
  const world = async (
    options: Partial<PollerSetup> = {},
    others: Array<keyof typeof users> = [],
  ) => {
    made = 0;
    await link(w.store, ['ada', ...others]);
    const replica = (owner = 'replica-a') => w.poller({ owner, ...options }).poller;
    const poller = replica();
    const bot = botOver(w, poller);
    const ada: ChatActor = {
      platform: 'slack',
      chatUserId: chatId('ada'),
      email: async () => users.ada.email,
    };
    const say = async (text: string) => textOf(await bot.handle(ada, text));
    return { poller, replica, bot, say, sweep: () => nextSweep(poller, w.clock) };
  };

  const to = (person: keyof typeof users) =>
    w.slack.posts.filter((p) => p.to.kind === 'user' && p.to.chatUserId === chatId(person));
  const titled = (posts: Sent[], start: string) =>
    posts.filter((p) => p.message.title?.startsWith(start));
  /** Ada's GitHub review cards. */
  const cards = () => titled(to('ada'), 'Access reviews of GitHub');
  /** What the card `ref` shows now: its last edit, else as posted. */
  const shownNow = (card: Sent) => {
    const edits = w.slack.updates.filter((u) => u.ref.data.id === card.ref.data.id);
    return textOf((edits.at(-1) ?? card).message);
  };
  const editsOf = (card: Sent) => w.slack.updates.filter((u) => u.ref.data.id === card.ref.data.id);
  return { w, reviews, world, to, titled, cards, shownNow, editsOf };
}
