import type { Pool, PoolClient } from 'pg';

/** On failure the connection is destroyed, not pooled: it may be broken or mid-transaction. */
export async function transaction<T>(
  pool: Pool,
  run: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  // An unheard `error` on a checked-out client would crash the process; the query rejects anyway.
  const ignore = () => {};
  client.on('error', ignore);
  let failure: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await run(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    // The original error is the one worth reporting; a failed ROLLBACK only confirms the loss.
    await client.query('ROLLBACK').catch(ignore);
    throw error;
  } finally {
    client.off('error', ignore);
    client.release(failure);
  }
}
