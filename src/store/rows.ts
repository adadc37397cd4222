import type { z } from 'zod';
import { checked } from './checked.ts';
import { StoreError } from './errors.ts';

const fieldOf = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** Instants sit in the columns named `at` or `…_at`; SQLite keeps them as epoch milliseconds. */
const isInstant = (column: string) => column === 'at' || column.endsWith('_at');

/**
 * A damaged row is a STORE_CORRUPT_ROW, never a record. `json` fields are SQLite text but parsed
 * jsonb from PostgreSQL; `shape` rearranges a record that is not one flat row.
 */
export function rowReader<T>(
  table: string,
  schema: z.ZodType<T>,
  options: { json?: string[]; shape?: (fields: Record<string, unknown>) => unknown } = {},
): (row: unknown) => T {
  const what = `a row of ${table}`;
  return (row) => {
    const fields: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(row as Record<string, unknown>)) {
      const field = fieldOf(column);
      if (isInstant(column) && typeof value === 'number') fields[field] = new Date(value);
      else if (typeof value === 'string' && options.json?.includes(field)) {
        try {
          fields[field] = JSON.parse(value);
        } catch (error) {
          throw new StoreError('STORE_CORRUPT_ROW', `${what} is invalid: ${column} is not JSON`, {
            cause: error,
          });
        }
      } else fields[field] = value;
    }
    return checked(
      schema,
      options.shape ? options.shape(fields) : fields,
      'STORE_CORRUPT_ROW',
      what,
    );
  };
}
