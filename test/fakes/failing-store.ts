/**
 * A store that goes down when a test says so: while `down`, every call (reads, writes, the
 * replay guard, the rate count, ping) fails as a lost database does, with the store's own
 * `STORE_QUERY_FAILED`; `close` still closes. Between, it is the real store it wraps.
 */
import { StoreError } from '../../src/store/errors.ts';
import type { Store } from '../../src/store/store.ts';

export interface FailingStore {
  store: Store;
  /** Calls refused since the store went down. */
  refused: string[];
  down(): void;
  up(): void;
}

export function failingStore(real: Store): FailingStore {
  let down = false;
  const refused: string[] = [];
  const store = new Proxy(real, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || name === 'close') return value;
      return (...args: unknown[]) => {
        if (!down) return value.apply(target, args);
        refused.push(String(name));
        return Promise.reject(
          new StoreError('STORE_QUERY_FAILED', `${String(name)} failed: connection refused`),
        );
      };
    },
  });
  return {
    store,
    refused,
    down: () => {
      down = true;
    },
    up: () => {
      down = false;
    },
  };
}
