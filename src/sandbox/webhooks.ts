/**
 * The sandbox's webhooks, as accessbot assumes the Access Service sends them (README, "Webhooks").
 * Events of one moment go out as one delivery, best effort like the real thing: polling catches up.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { TaskRecord } from './model.ts';
import type { SandboxState } from './state.ts';

export interface WebhookTarget {
  url: string;
  secret: string;
  signatureHeader?: string;
  timestampHeader?: string;
}

interface WebhookEvent {
  type: 'task.created' | 'task.decided';
  taskId: string;
  /** The assignee, and on a decision the requester too. */
  userIds: string[];
}

export interface WebhookSender {
  close(): Promise<void>;
}

export function sendWebhooks(
  state: SandboxState,
  target: WebhookTarget,
  now: () => Date = () => new Date(),
): WebhookSender {
  const inFlight = new Set<Promise<void>>();
  let batch: WebhookEvent[] = [];

  const deliver = async (events: WebhookEvent[]) => {
    const body = JSON.stringify({ id: randomUUID(), occurredAt: now().toISOString(), events });
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const signature = createHmac('sha256', target.secret).update(`${timestamp}.${body}`);
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [target.signatureHeader ?? 'x-access-signature']: `sha256=${signature.digest('hex')}`,
          [target.timestampHeader ?? 'x-access-timestamp']: timestamp,
        },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      await response.arrayBuffer();
    } catch {
      // Best effort: a receiver that is down misses it.
    }
  };

  const queue = (event: WebhookEvent) => {
    if (!batch.length) {
      setImmediate(() => {
        const events = batch;
        batch = [];
        const sending = deliver(events).finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      });
    }
    batch.push(event);
  };
  const onCreated = (task: TaskRecord) =>
    queue({ type: 'task.created', taskId: task.id, userIds: [task.assigneeId] });
  const onDecided = (task: TaskRecord) => {
    const requester = task.metadata.requestedBy;
    const userIds = requester ? [task.assigneeId, requester] : [task.assigneeId];
    queue({ type: 'task.decided', taskId: task.id, userIds: [...new Set(userIds)] });
  };
  state.on('taskCreated', onCreated);
  state.on('taskDecided', onDecided);

  return {
    close: async () => {
      state.off('taskCreated', onCreated);
      state.off('taskDecided', onDecided);
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all(inFlight);
    },
  };
}
