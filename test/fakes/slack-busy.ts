/**
 * A person facing a real accessbot process on a busy machine: when the bot turns a command or a
 * click away as busy (it keeps its acks on time under load), they try again a moment later.
 */
import { setTimeout as pause } from 'node:timers/promises';
import type { FakeSlack } from './slack-api.ts';
import { sendCommand, sendInteraction } from './slack-payloads.ts';

const BUSY = /busy right now/;
/** A person's moment before trying again: it spaces the tries, nothing waits on it. */
const AGAIN_AFTER_MS = 100;

/** Sends `/access <text>` until the bot takes it; resolves with the response_url it answers. */
export async function commandTaken(
  fake: FakeSlack,
  url: string,
  text: string,
  user: string,
): Promise<string> {
  for (;;) {
    const responseUrl = fake.responseUrl();
    const ack = await sendCommand(url, text, user, responseUrl);
    if (ack.status !== 200) throw new Error(`the command was refused: ${ack.status} ${ack.body}`);
    if (!BUSY.test(ack.body)) return responseUrl;
    await pause(AGAIN_AFTER_MS);
  }
}

/**
 * Clicks (the payload built for a fresh response_url) until the bot takes the click; resolves
 * with what `done` finds once the click had its effect.
 */
export async function clickTaken<T>(
  fake: FakeSlack,
  url: string,
  payload: (responseUrl: string) => Record<string, unknown>,
  done: () => T | undefined,
): Promise<T> {
  for (;;) {
    const responseUrl = fake.responseUrl();
    await sendInteraction(url, payload(responseUrl));
    const busy = () => fake.respondedTo(responseUrl).some((r) => BUSY.test(String(r.body.text)));
    const outcome = await fake.waitFor(() => done() ?? (busy() ? 'busy' : undefined));
    if (outcome !== 'busy') return outcome;
    await pause(AGAIN_AFTER_MS);
  }
}
