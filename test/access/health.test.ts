/**
 * What accessbot knows of the Access Service's health: every answer updates it and the
 * `accessbot_access_service_up` gauge, and an old state is refreshed by one request at a time,
 * never awaited by the one who asks.
 */
import { describe, expect, it } from 'vitest';
import { AccessHealth } from '../../src/app/access-health.ts';
import { createMetrics } from '../../src/metrics.ts';

const gaugeValue = async (metrics: ReturnType<typeof createMetrics>) =>
  (await metrics.accessUp.get()).values[0]?.value;

describe('the Access Service health', () => {
  it('follows the answers the client gets', async () => {
    const metrics = createMetrics();
    const health = new AccessHealth(metrics.accessUp, async () => {}, Number.POSITIVE_INFINITY);
    expect(health.report()).toEqual({ access_service: 'unknown' });
    health.seen(200);
    expect(health.report()).toEqual({ access_service: 'up' });
    expect(await gaugeValue(metrics)).toBe(1);
    health.seen('error');
    expect(health.report()).toEqual({ access_service: 'down' });
    expect(await gaugeValue(metrics)).toBe(0);
    health.seen(404);
    expect(health.report()).toEqual({ access_service: 'up' });
    health.seen(503);
    expect(health.report()).toEqual({ access_service: 'down' });
    health.seen(401);
    expect(health.report()).toEqual({ access_service: 'refusing our credentials' });
    expect(await gaugeValue(metrics)).toBe(0);
  });

  it('refreshes an old state with one probe at a time, without waiting for it', async () => {
    const metrics = createMetrics();
    const probes: Array<PromiseWithResolvers<void>> = [];
    const health = new AccessHealth(
      metrics.accessUp,
      () => {
        const probe = Promise.withResolvers<void>();
        probes.push(probe);
        return probe.promise;
      },
      0,
    );
    expect(health.report()).toEqual({ access_service: 'unknown' });
    expect(health.report()).toEqual({ access_service: 'unknown' });
    expect(probes).toHaveLength(1);
    // The probe's request is seen like any other; a failing probe is a state, not an error.
    health.seen('error');
    probes[0]!.reject(new Error('connection refused'));
    await probes[0]!.promise.catch(() => {});
    await Promise.resolve();
    expect(health.report()).toEqual({ access_service: 'down' });
    expect(probes).toHaveLength(2);
  });
});
