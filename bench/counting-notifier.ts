/**
 * The benchmark's chat platform: counts the messages per task and remembers when each was first
 * sent; keeps nothing else, so that the poller's process holds little beside the poller.
 */
import type { Destination, Lookup, MessageRef, Notifier } from '../src/core/notifier.ts';
import type { Reply } from '../src/core/reply.ts';

export class CountingNotifier implements Notifier {
  readonly platform = 'slack' as const;
  readonly sent = new Map<string, number>();
  readonly firstSentAt = new Map<string, number>();
  /** Messages posted, all tasks together. */
  posted = 0;

  async post(to: Destination, message: Reply): Promise<MessageRef> {
    const card = message.blocks.find((b) => b.kind === 'task');
    const taskId = card?.kind === 'task' ? card.card.taskId : '?';
    this.posted++;
    this.sent.set(taskId, (this.sent.get(taskId) ?? 0) + 1);
    if (!this.firstSentAt.has(taskId)) this.firstSentAt.set(taskId, Date.now());
    return { platform: this.platform, destination: to, data: { ts: String(this.posted) } };
  }

  async update(): Promise<void> {}

  async followUp(): Promise<void> {}

  async find(): Promise<Lookup> {
    return { kind: 'unknown' };
  }

  async timeZoneOf(): Promise<string | undefined> {
    return undefined;
  }

  async localeOf(): Promise<string | undefined> {
    return undefined;
  }
}
