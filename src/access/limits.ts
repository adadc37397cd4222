/**
 * How much of the Access Service's answers accessbot reads: whatever the service sends, one
 * list costs at most `maxPages` requests, `maxItems` items and `maxListBytes` bytes, and one
 * response at most `maxResponseBytes`. Past a bound reading stops with a typed error
 * (`ResponseTooLargeError`, `ListTooLongError`), never a silently shortened list.
 */
export interface AccessLimits {
  /** Requests (pages) one list may take. */
  maxPages: number;
  /** Items one list may hold, counted before they are parsed. */
  maxItems: number;
  /** Bytes of one response body, counted while it is read. */
  maxResponseBytes: number;
  /** Bytes of all the pages of one list together. */
  maxListBytes: number;
}

/** Far above a real organisation's lists; low enough that a hostile answer cannot take the process. */
export const defaultLimits: AccessLimits = {
  maxPages: 1_000,
  maxItems: 50_000,
  maxResponseBytes: 8_000_000,
  maxListBytes: 32_000_000,
};
