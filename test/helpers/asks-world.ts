/**
 * Questions and absences on a fake clock, through the real bot and poller (the platform a
 * recording notifier): Ada, Alan and Grace linked, a poller reminding daily and escalating after
 * three days to C-LEADS, and what each was sent.
 */
import type { ChatActor } from '../../src/core/identity.ts';
import type { NotifyRules } from '../../src/poller/rules.ts';
import { tasks, users } from '../../src/sandbox/seed.ts';
import { botOver, cardOf, chatId, link, nextSweep, usePollerWorld } from '../poller/fakes.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const ADA_TASK = tasks.adaGraceGithubWrite;
export const ALAN_TASK = tasks.alanGraceGithubWrite;

export function useAsksWorld() {
  const w = usePollerWorld({ sandboxOnClock: true });
  const rules: NotifyRules = {
    channels: [],
    escalations: [],
    defaultEscalation: { platform: 'slack', channelId: 'C-LEADS' },
    notifyOnly: [],
  };

  type Person = 'ada' | 'alan' | 'grace';
  const actor = (who: Person): ChatActor => ({
    platform: 'slack',
    chatUserId: chatId(who),
    email: async () => users[who].email,
  });

  /** Ada, Alan and Grace linked; a poller reminding daily, escalating after three days. */
  async function world() {
    await link(w.store, ['ada', 'alan', 'grace']);
    const { poller } = w.poller({ rules, remindAfterMs: DAY, escalateAfterMs: 3 * DAY });
    const bot = botOver(w, poller);
    /** What `who` is shown for a typed line: its summary, then the text of its blocks. */
    const say = async (who: Person, text: string) => {
      const reply = await bot.handle(actor(who), text);
      const lines = reply.blocks.flatMap((b) =>
        b.kind === 'list' ? b.items : b.kind === 'text' || b.kind === 'note' ? [b.text] : [],
      );
      return [reply.summary, ...lines].join('\n');
    };
    await nextSweep(poller, w.clock);
    return { poller, bot, say, sweep: () => nextSweep(poller, w.clock) };
  }

  const to = (who: Person) =>
    w.slack.posts.filter((p) => p.to.kind === 'user' && p.to.chatUserId === chatId(who));
  /** The card of `taskId` as its last post or edit shows it. */
  function lastCard(taskId: string) {
    const post = w.slack.posts.find(
      (p) => cardOf(p.message)?.taskId === taskId && !p.message.title?.includes('away'),
    );
    const edits = w.slack.updates.filter((u) => u.ref.data.id === post?.ref.data.id);
    return cardOf((edits.at(-1) ?? post)!.message);
  }
  const remindedAbout = (taskId: string) =>
    w.slack.followUps.filter(
      (f) =>
        f.message.summary.includes('GitHub (Write)') &&
        f.ref.data.id ===
          w.slack.posts.find((p) => cardOf(p.message)?.taskId === taskId)?.ref.data.id,
    ).length;
  return { w, world, to, lastCard, remindedAbout };
}
