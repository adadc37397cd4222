/** What the router may use of access reviews: the batch's kind of confirmation. */
export { type ReviewBatches, type ReviewBatchOutcome, reviewKind } from './batch.ts';
