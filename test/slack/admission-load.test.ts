/**
 * The one bound admission keeps, with no server: requests in flight in the process and per
 * person. A request within it runs; one past it is answered "busy" at once, in its ack, however
 * long the others take; a place is free again the moment its request ends. Work is held by
 * promises the test releases: nothing here waits on time.
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { Admission, busyText } from '../../adapters/slack/admission.ts';
import type { SlackApi } from '../../adapters/slack/api.ts';
import { english } from '../../src/core/i18n/voice.ts';
import { createLogger } from '../../src/log.ts';
import { createMetrics } from '../../src/metrics.ts';

const busyAck = { response_type: 'ephemeral', text: busyText(english) };

/** A slash command from `user` whose work lasts until `release` is called. */
function command(user: string) {
  const acks: unknown[] = [];
  let ran = false;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const args = {
    body: { command: '/access', user_id: user, text: 'help' },
    ack: async (response?: unknown) => void acks.push(response),
    next: async () => {
      ran = true;
      await held;
    },
  } as unknown as Parameters<Middleware<AnyMiddlewareArgs>>[0];
  return { args, acks, ran: () => ran, release };
}

/** Starts `c` through `bound`, checks it runs, and lets it and `others` go. */
async function runsBeside(bound: Admission, c: ReturnType<typeof command>, others: (typeof c)[]) {
  const taken = bound.middleware(c.args);
  expect(c.ran()).toBe(true);
  for (const o of [...others, c]) o.release();
  await taken;
}

function admission() {
  return new Admission({
    api: {} as SlackApi,
    log: createLogger({ level: 'silent' }),
    metrics: createMetrics(),
    limits: { maxInFlight: 3, perPerson: 2 },
  });
}

describe('the in-flight bound', () => {
  it('runs requests up to the process bound, answers the next "busy" at once, and frees a place when one ends', async () => {
    const bound = admission();
    const first = [command('U-ADA'), command('U-GRACE'), command('U-ALAN')];
    const running = first.map((c) => bound.middleware(c.args));
    expect(first.every((c) => c.ran())).toBe(true);
    expect(bound.busy()).toBe(true);

    const late = command('U-KEN');
    await bound.middleware(late.args);
    expect(late.ran()).toBe(false);
    expect(late.acks).toEqual([busyAck]);

    first[0]!.release();
    await running[0];
    expect(bound.busy()).toBe(false);
    await runsBeside(bound, command('U-KEN'), first);
    await Promise.all(running);
    await bound.idle();
  });

  it('holds one person to their own bound while others still get in', async () => {
    const bound = admission();
    const ada = [command('U-ADA'), command('U-ADA')];
    const running = ada.map((c) => bound.middleware(c.args));
    const third = command('U-ADA');
    await bound.middleware(third.args);
    expect(third.acks).toEqual([busyAck]);
    expect(bound.busy()).toBe(false);

    await runsBeside(bound, command('U-GRACE'), ada);
    await Promise.all(running);
  });
});
