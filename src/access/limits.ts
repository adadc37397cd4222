/** Bounds on reading the Access Service: past one, a typed error, never a shortened list. */
export interface AccessLimits {
  maxPages: number;
  /** Counted before they are parsed. */
  maxItems: number;
  /** Counted while it is read. */
  maxResponseBytes: number;
  /** All the pages of one list together. */
  maxListBytes: number;
}

/** Far above a real organisation's lists; too low for a hostile answer to take the process. */
export const defaultLimits: AccessLimits = {
  maxPages: 1_000,
  maxItems: 50_000,
  maxResponseBytes: 8_000_000,
  maxListBytes: 32_000_000,
};
