/** What the router may use of access reviews: the batch's kind of confirmation. */

export { type ReviewBatches, type ReviewBatchOutcome, reviewKind } from './batch.ts';
export { DEFAULT_REVIEW_DUE_DAYS } from './due.ts';
