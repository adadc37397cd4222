/**
 * What the router and the poller may use of access reviews: the batch's kind of confirmation,
 * the default due date, the poller's hook (one card per approver, application and level) and who
 * holds a review's card.
 */
export { type ReviewBatches, type ReviewBatchOutcome, reviewKind } from './batch.ts';
export { reviewersOf, seeToReviews } from './cards.ts';
export { DEFAULT_REVIEW_DUE_DAYS } from './due.ts';
export { onReviewCard } from './groups.ts';
export type { ReviewPoll } from './poll.ts';
export type { ReviewCardStore } from './store.ts';
