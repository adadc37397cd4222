/**
 * Tells the terminal user about their tasks: the numbered list at start, then each task that
 * becomes pending while they type. A simple in-process check of their own pending list; the
 * real poller replaces it.
 */
import type { AccessBot } from '../../src/core/bot.ts';
import { plural } from '../../src/core/format.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import { info, type Reply } from '../../src/core/reply.ts';
import { taskCard } from '../../src/core/task-card.ts';
import type { Logger } from '../../src/log.ts';

export interface AnnouncerOptions {
  bot: AccessBot;
  actor: ChatActor;
  pendingStatus: string;
  intervalMs: number;
  log: Logger;
  say: (reply: Reply) => void;
}

export class Announcer {
  readonly #o: AnnouncerOptions;
  readonly #seen = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #failing = false;

  constructor(options: AnnouncerOptions) {
    this.#o = options;
  }

  /** Shows the numbered list of what is pending now, then checks again every interval. */
  async start(): Promise<void> {
    const { reply, tasks } = await this.#o.bot.taskList(this.#o.actor);
    for (const task of tasks) this.#seen.add(task.id);
    this.#o.say(reply);
    this.#timer = setInterval(() => void this.check(), this.#o.intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  async check(): Promise<void> {
    const { bot, actor, pendingStatus, say, log } = this.#o;
    try {
      const tasks = await bot.pendingTasks(actor);
      const fresh = tasks.filter((t) => !this.#seen.has(t.id));
      for (const t of fresh) this.#seen.add(t.id);
      this.#failing = false;
      if (!fresh.length) return;
      const title = `🔔 ${plural(fresh.length, 'new task')} waiting for your decision`;
      say(
        info(title, {
          title,
          blocks: [
            ...fresh.map((task) => ({
              kind: 'task' as const,
              card: taskCard(task, { pendingStatus }),
            })),
            {
              kind: 'note',
              text: 'Type `tasks` to number them, then `approve 1` or `decline 1 <reason>`.',
            },
          ],
        }),
      );
    } catch (error) {
      // One line per outage, not one per check.
      if (!this.#failing) log.warn({ err: error }, 'could not check for new tasks');
      this.#failing = true;
    }
  }
}
