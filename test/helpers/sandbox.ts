/** One sandbox Access Service per suite, and a client pointed at it with fast retries. */
import { afterAll, beforeAll } from 'vitest';
import { AccessClient, type AccessClientOptions } from '../../src/access/client.ts';
import type { Sandbox as BareSandbox, SandboxOptions } from '../../src/sandbox/server.ts';
import { type Sandbox, startSandbox } from '../fakes/sandbox-faults.ts';

export const fastRetry = { limit: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 5_000 };

export function clientFor(sandbox: BareSandbox, overrides: Partial<AccessClientOptions> = {}) {
  return new AccessClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    apiSecret: sandbox.apiSecret,
    timeoutMs: 2_000,
    retry: fastRetry,
    ...overrides,
  });
}

/** Starts a sandbox before the suite's tests and closes it after; read `.current` in tests. */
export function useSandbox(options: SandboxOptions = {}) {
  const holder = {} as { current: Sandbox; client: AccessClient };
  beforeAll(async () => {
    holder.current = await startSandbox({ pageSize: 2, ...options });
    holder.client = clientFor(holder.current);
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}
