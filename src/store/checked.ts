import { z } from 'zod';
import { StoreError, type StoreErrorCode } from './errors.ts';

/** Records are checked on the way in (a caller's bug) and on the way out (a damaged database). */
export function checked<T>(
  schema: z.ZodType<T>,
  value: unknown,
  code: Extract<StoreErrorCode, 'STORE_INVALID_INPUT' | 'STORE_CORRUPT_ROW'>,
  what: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new StoreError(code, `${what} is invalid: ${z.prettifyError(parsed.error)}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

export const checkedInput = <T>(schema: z.ZodType<T>, value: unknown, what: string): T =>
  checked(schema, value, 'STORE_INVALID_INPUT', what);
