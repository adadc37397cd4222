/** What other features may use of the audit trail: recording what happened, and naming it. */
export { appChangeNamed, requestTypeNamed, typedName } from './app-change-named.ts';
export { headMessage, type PostedHead } from './head.ts';
export { receiptNote, withReceipt } from './receipt.ts';
export { RECENT_DAYS, recentDecisions } from './recent.ts';
export {
  type AuditWriter,
  type DecisionIntent,
  decisionOn,
  decisionTaken,
  recordAction,
  recordAppChange,
  recordAway,
  recordChange,
  recordDecision,
  recordDecisionIntent,
  recordTaskEvent,
  taskNamesOf,
} from './record.ts';
export { UsualWaits } from './usual-wait.ts';
