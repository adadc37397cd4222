/** The webhook health rule, from the times every replica reads in the store. */
import { describe, expect, it } from 'vitest';
import { webhookState } from '../../src/poller/webhook-health.ts';

const HOUR = 3_600_000;
const now = new Date(Date.UTC(2026, 10, 22, 12));
const ago = (ms: number) => new Date(now.getTime() - ms);
const watch = { silenceMs: 2 * HOUR };

describe('webhook health', () => {
  it('is off without a secret, whatever the store says', () => {
    expect(webhookState(undefined, { delivered: ago(1) }, now)).toBe('off');
  });

  it('is silent before the first delivery and after ACCESS_WEBHOOK_SILENCE without one', () => {
    expect(webhookState(watch, {}, now)).toBe('silent');
    expect(webhookState(watch, { delivered: ago(2 * HOUR - 1) }, now)).toBe('healthy');
    expect(webhookState(watch, { delivered: ago(2 * HOUR) }, now)).toBe('silent');
  });

  it('distrusts webhooks after a missed delivery until a later one and a silence period', () => {
    const missed = ago(HOUR);
    expect(webhookState(watch, { delivered: ago(1), missed }, now)).toBe('missed');
    const later = new Date(now.getTime() + HOUR + 1);
    expect(webhookState(watch, { delivered: ago(2 * HOUR), missed }, later)).toBe('missed');
    expect(webhookState(watch, { delivered: ago(1), missed }, later)).toBe('healthy');
  });
});
