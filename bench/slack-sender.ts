/**
 * The benchmark's Slack: a worker thread that posts each signed request and times its answer,
 * on its own event loop, so the bot's work after an ack is not charged to the ack (in the real
 * world Slack is another machine). Times are absolute (timeOrigin + now) to compare across threads.
 */
import { parentPort } from 'node:worker_threads';

export interface SendRequest {
  id: number;
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface SendResult {
  id: number;
  status: number;
  sentAt: number;
  ackMs: number;
}

const now = () => performance.timeOrigin + performance.now();

parentPort?.on('message', async (request: SendRequest) => {
  const sentAt = now();
  const res = await fetch(request.url, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
  });
  await res.arrayBuffer();
  const result: SendResult = { id: request.id, status: res.status, sentAt, ackMs: now() - sentAt };
  parentPort?.postMessage(result);
});
