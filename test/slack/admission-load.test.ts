/**
 * The event loop's load as admission sees it: the share of new requests taken follows the loop's
 * utilisation, averaged so that a short burst turns nobody away; below a share of one, a request
 * is taken or told "busy" by a draw. Samples and draws are passed in: nothing here waits.
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { Admission, busyText, loopLoad } from '../../adapters/slack/admission.ts';
import type { SlackApi } from '../../adapters/slack/api.ts';
import { english } from '../../src/core/i18n/voice.ts';
import { createLogger } from '../../src/log.ts';
import { createMetrics } from '../../src/metrics.ts';

/** A load fed `values` one sample at a time. */
function fed(values: number[]) {
  const queue = [...values];
  const load = loopLoad(() => queue.shift() ?? 0);
  for (let i = 0; i < values.length; i++) load.sample();
  return load;
}

describe('the loop load', () => {
  it('takes every request while the loop has time to spare', () => {
    expect(fed(Array(50).fill(0.7)).share()).toBe(1);
  });

  it('takes a twentieth of new requests once the loop is saturated, and all again after', () => {
    const load = fed(Array(50).fill(1));
    expect(load.share()).toBe(0.05);
    const values = Array(50).fill(0.3);
    const calm = loopLoad(() => values.shift() ?? 1);
    for (let i = 0; i < 50; i++) calm.sample();
    expect(calm.share()).toBe(1);
  });

  it('takes a share in between while the loop is between busy and saturated', () => {
    const share = fed(Array(50).fill(0.875)).share();
    expect(share).toBeCloseTo(0.5, 2);
  });

  it('turns nobody away for a short burst', () => {
    expect(fed([1, 1, 0.2]).share()).toBe(1);
  });
});

describe('admission under load', () => {
  const command = (user: string) => {
    const acks: unknown[] = [];
    let ran = false;
    const args = {
      body: { command: '/access', user_id: user, text: 'help' },
      ack: async (response?: unknown) => void acks.push(response),
      next: async () => {
        ran = true;
      },
    } as unknown as Parameters<Middleware<AnyMiddlewareArgs>>[0];
    return { args, acks, ran: () => ran };
  };

  it('takes a request when the draw falls within the share, and answers "busy" otherwise', async () => {
    const draws = [0.4, 0.6];
    const admission = new Admission({
      api: {} as SlackApi,
      log: createLogger({ level: 'silent' }),
      metrics: createMetrics(),
      share: () => 0.5,
      random: () => draws.shift()!,
    });
    expect(admission.busy()).toBe(true);
    const taken = command('U-ADA');
    await admission.middleware(taken.args);
    expect(taken.ran()).toBe(true);
    const turned = command('U-GRACE');
    await admission.middleware(turned.args);
    expect(turned.ran()).toBe(false);
    expect(turned.acks).toEqual([{ response_type: 'ephemeral', text: busyText(english) }]);
  });
});
