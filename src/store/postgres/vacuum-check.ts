import type { Pool } from 'pg';

/**
 * poll_schedule's rows are rewritten on every poll: without VACUUM every lease reads through dead
 * rows, and the poller falls behind within the hour. Some servers turn autovacuum off.
 */
export async function vacuumWarnings(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ autovacuum: string; track_counts: string }>(
    `SELECT current_setting('autovacuum') AS autovacuum,
            current_setting('track_counts') AS track_counts`,
  );
  const settings = rows[0];
  if (settings?.autovacuum === 'on' && settings.track_counts === 'on') return [];
  return [
    'PostgreSQL runs without autovacuum (autovacuum or track_counts is off): the poll schedule ' +
      'is rewritten on every poll and slows the poller as it bloats. Turn autovacuum on, or run ' +
      'VACUUM (ANALYZE) poll_schedule every few minutes (see docs/operations.md).',
  ];
}
