/**
 * What accessbot knows of the Access Service's health: read once at start, where a wrong address
 * or refused credentials stop start-up with one line naming the setting and an outage only warns;
 * while the service is not up it is read again on a back-off, one line each time, until it
 * answers; every answer updates the state and the `accessbot_access_service_up` gauge, and an old
 * state is refreshed by one request at a time, never awaited by the one who asks.
 */
import { describe, expect, it } from 'vitest';
import type { AccessClient, AccessClientOptions } from '../../src/access/client.ts';
import { AccessHealth } from '../../src/app/access-health.ts';
import type { Clock } from '../../src/core/clock.ts';
import { ConfigError } from '../../src/errors.ts';
import { createMetrics } from '../../src/metrics.ts';
import { startSandbox } from '../fakes/sandbox-faults.ts';
import { captureLog } from '../helpers/bot.ts';
import { clientFor, useSandbox } from '../helpers/sandbox.ts';

const gaugeValue = async (metrics: ReturnType<typeof createMetrics>) =>
  (await metrics.accessUp.get()).values[0]?.value;

/** Time moves only when a test wakes the one waiting; each wait asked for is recorded. */
class SteppedClock implements Clock {
  ms = Date.UTC(2026, 0, 5, 9);
  readonly waits: number[] = [];
  #wake: Array<() => void> = [];
  #asked: Array<() => void> = [];

  now = () => new Date(this.ms);

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.waits.push(ms);
    for (const notify of this.#asked.splice(0)) notify();
    return new Promise((resolve) => {
      const done = () => resolve();
      signal?.addEventListener('abort', done, { once: true });
      this.#wake.push(() => {
        this.ms += ms;
        done();
      });
    });
  }

  /** Resolves once something waits (at once if something does). */
  waiting(): Promise<void> {
    return this.#wake.length
      ? Promise.resolve()
      : new Promise((resolve) => this.#asked.push(resolve));
  }

  /** Ends the wait in progress. */
  async wake(): Promise<void> {
    await this.waiting();
    this.#wake.shift()!();
  }
}

type Observe = NonNullable<AccessClientOptions['observe']>;

/** A health that reads the service through `client`, seeing every answer as the runtime does. */
function healthOf(make: (observe: Observe) => AccessClient, url: string) {
  const metrics = createMetrics();
  const { log, lines } = captureLog();
  const clock = new SteppedClock();
  let client: AccessClient | undefined;
  const health = new AccessHealth({
    gauge: metrics.accessUp,
    probe: () => client!.probe(),
    log,
    clock,
    url,
  });
  client = make((event) => health.seen(event));
  const logged = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string });
  return { health, metrics, clock, logged };
}

describe('the read at start', () => {
  const sandbox = useSandbox();

  it('stops start-up when the version prefix is missing, naming ACCESS_API_URL', async () => {
    const { origin } = sandbox.current;
    const { health } = healthOf(
      (observe) => clientFor(sandbox.current, { baseUrl: origin, observe }),
      `${origin}/`,
    );
    const error = await health.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      `the Access Service at ${origin}/ answered 404 to GET /WorkApps: is the version prefix, e.g. /api/v1, missing from ACCESS_API_URL?`,
    );
    expect(health.state).toBe('wrong address');
  });

  it('stops start-up when the secret is refused, naming both credentials and neither value', async () => {
    const wrong = 'not-the-secret-at-all';
    const { url } = sandbox.current;
    const { health } = healthOf(
      (observe) => clientFor(sandbox.current, { apiSecret: wrong, observe }),
      url,
    );
    const message = await health.start().then(
      () => '',
      (e: Error) => e.message,
    );
    expect(message).toBe(
      `the Access Service at ${url} refused ACCESS_API_KEY and ACCESS_API_SECRET (401 to GET /WorkApps): set both to the key and secret the service issued for accessbot`,
    );
    expect(message).not.toContain(wrong);
  });

  it('stops start-up when the address answers something that is not the service', async () => {
    sandbox.current.faults.malformNext(1);
    const { url } = sandbox.current;
    const { health } = healthOf((observe) => clientFor(sandbox.current, { observe }), url);
    await expect(health.start()).rejects.toThrow(
      `ACCESS_API_URL ${url} does not lead to the Access Service (GET /WorkApps: unexpected response body: the body is not JSON): set it to the service's base URL with its version prefix, e.g. https://access.example.com/api/v1`,
    );
  });

  it('logs that it is connected when the service answers', async () => {
    const { url } = sandbox.current;
    const { health, metrics, logged } = healthOf(
      (observe) => clientFor(sandbox.current, { observe }),
      url,
    );
    await health.start();
    expect(logged()).toEqual([expect.objectContaining({ msg: 'Access Service connected' })]);
    expect(health.report()).toEqual({ access_service: 'up' });
    expect(await gaugeValue(metrics)).toBe(1);
    // One request, nothing but the first page.
    expect(sandbox.current.requests.at(-1)).toMatchObject({ path: '/api/v1/WorkApps', query: {} });
  });
});

describe('an outage at start', () => {
  it('lets start-up go on, warns, rechecks on a back-off with one line each, until it answers', async () => {
    const down = await startSandbox();
    const { url } = down;
    const port = new URL(url).port;
    await down.close();
    const { health, metrics, clock, logged } = healthOf(
      (observe) => clientFor(down, { observe, retry: { limit: 0 } }),
      url,
    );
    await health.start();
    expect(logged().map((l) => [l.level, l.msg])).toEqual([
      [
        40,
        expect.stringMatching(
          new RegExp(
            `^the Access Service at ${url} is not answering \\(GET /WorkApps: the Access Service is unavailable: connection failed \\(ECONNREFUSED\\)\\); nothing accepts connections at 127\\.0\\.0\\.1:${port}: unless the service is down, check the host and port in ACCESS_API_URL; accessbot starts anyway, tells people the service is down, and checks again in 5 s$`,
          ),
        ),
      ],
    ]);
    expect(health.report()).toEqual({ access_service: 'down' });
    expect(await gaugeValue(metrics)).toBe(0);

    // Still down: a line after each check, each wait twice the last.
    for (let check = 1; check <= 3; check++) await clock.wake();
    await clock.waiting();
    expect(clock.waits).toEqual([5_000, 10_000, 20_000, 40_000]);
    const still = logged().slice(1);
    expect(still).toHaveLength(3);
    expect(still[2]).toMatchObject({
      level: 40,
      msg: expect.stringMatching(
        /is still not answering, 3 checks since .*, check the host and port in ACCESS_API_URL; checking again in 40 s$/,
      ),
    });

    // Back: the next check finds it, says so once, and the watch ends.
    const back = await startSandbox({ port: Number(port), apiSecret: down.apiSecret });
    try {
      await clock.wake();
      await expect.poll(() => health.state).toBe('up');
      expect(logged().at(-1)).toMatchObject({ level: 30, msg: 'the Access Service answers again' });
      expect(await gaugeValue(metrics)).toBe(1);
      expect(clock.waits).toHaveLength(4);
    } finally {
      health.stop();
      await back.close();
    }
  });
});

describe('the state', () => {
  it('follows the answers the client gets', async () => {
    const metrics = createMetrics();
    const { log } = captureLog();
    const health = new AccessHealth({
      gauge: metrics.accessUp,
      probe: async () => {},
      log,
      clock: new SteppedClock(),
      url: 'https://access.example.com/api/v1/',
      staleMs: Number.POSITIVE_INFINITY,
    });
    const seen = (status: number | 'error', endpoint = 'GET /Tasks/{taskId}' as const) =>
      health.seen({ endpoint, status });
    expect(health.report()).toEqual({ access_service: 'unknown' });
    seen(200);
    expect(health.report()).toEqual({ access_service: 'up' });
    expect(await gaugeValue(metrics)).toBe(1);
    seen('error');
    expect(health.report()).toEqual({ access_service: 'down' });
    expect(await gaugeValue(metrics)).toBe(0);
    // A task that is gone is the service answering; a list every service has, not found, is not.
    seen(404);
    expect(health.report()).toEqual({ access_service: 'up' });
    health.seen({ endpoint: 'GET /Tasks', status: 404 });
    expect(health.report()).toEqual({ access_service: 'wrong address' });
    expect(await gaugeValue(metrics)).toBe(0);
    seen(503);
    expect(health.report()).toEqual({ access_service: 'down' });
    seen(401);
    expect(health.report()).toEqual({ access_service: 'refusing our credentials' });
    expect(await gaugeValue(metrics)).toBe(0);
    health.stop();
  });

  it('refreshes an old state with one probe at a time, without waiting for it', async () => {
    const metrics = createMetrics();
    const probes: Array<PromiseWithResolvers<void>> = [];
    const { log } = captureLog();
    const clock = new SteppedClock();
    const health = new AccessHealth({
      gauge: metrics.accessUp,
      probe: () => {
        const probe = Promise.withResolvers<void>();
        probes.push(probe);
        return probe.promise;
      },
      log,
      clock,
      url: 'https://access.example.com/api/v1/',
      staleMs: 0,
    });
    expect(health.report()).toEqual({ access_service: 'unknown' });
    expect(health.report()).toEqual({ access_service: 'unknown' });
    expect(probes).toHaveLength(1);
    // A failing probe is a state (its request is seen like any other), not an error.
    probes[0]!.reject(new Error('connection refused'));
    await probes[0]!.promise.catch(() => {});
    await Promise.resolve();
    clock.ms += 1;
    expect(health.report()).toEqual({ access_service: 'unknown' });
    expect(probes).toHaveLength(2);
    health.stop();
  });
});
