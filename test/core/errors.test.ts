/**
 * A bug is not an outage: a programming error is never reported to a person as "the Access
 * Service is unavailable"; it is logged with its stack and the person is told it is our fault.
 */
import { describe, expect, it } from 'vitest';
import { AccessClient } from '../../src/access/client.ts';
import { ServiceUnavailableError } from '../../src/access/errors.ts';
import type { Task } from '../../src/access/schemas.ts';
import { AccessBot } from '../../src/core/bot.ts';
import { users } from '../../src/sandbox/seed.ts';
import { openStore } from '../../src/store/open.ts';
import { actor, captureLog } from '../helpers/bot.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox();

describe('failures at the Access Service boundary', () => {
  it('throws a programming error on as it is: a request that cannot be built is not an outage', async () => {
    // A header value with a line break is refused by node:http with a TypeError before sending.
    const client = new AccessClient({
      baseUrl: sandbox.current.url,
      apiKey: 'key\nwith a line break',
      apiSecret: sandbox.current.apiSecret,
      timeoutMs: 2_000,
      retry: { limit: 0 },
    });
    const error = await client.getUser(users.ada.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
  });

  it('still calls a refused connection an outage', async () => {
    const client = new AccessClient({
      baseUrl: 'http://127.0.0.1:9/api/v1',
      apiKey: 'key',
      apiSecret: 'secret',
      timeoutMs: 2_000,
      retry: { limit: 0 },
    });
    const error = await client.getUser(users.ada.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
  });
});

/** A client with a bug in it: reading tasks fails the way only code can. */
class BuggyClient extends AccessClient {
  override listTasks(): AsyncGenerator<Task> {
    throw new TypeError("Cannot read properties of undefined (reading 'status')");
  }
}

describe('a bug, as a person sees it', () => {
  it('says something went wrong on our side, not that the service is down, and logs the stack', async () => {
    const { log, lines } = captureLog();
    const store = await openStore('sqlite::memory:');
    const client = new BuggyClient({
      baseUrl: sandbox.current.url,
      apiKey: sandbox.current.apiKey,
      apiSecret: sandbox.current.apiSecret,
      timeoutMs: 2_000,
    });
    const bot = new AccessBot({ client, store, log, pendingStatus: 'Pending' });
    const reply = await bot.handle(actor(users.ada.email), 'tasks');
    expect(reply.tone).toBe('error');
    expect(reply.summary).toContain('Something went wrong on my side');
    expect(reply.summary).not.toContain('not answering');
    expect(lines.join('')).toContain('TypeError');
    expect(lines.join('')).toMatch(/"stack":".*errors\.test\.ts/);
    await store.close();
  });
});
