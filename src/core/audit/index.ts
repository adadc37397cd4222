/** What other features may use of the audit trail: recording what happened. */
export { RECENT_DAYS, recentDecisions } from './recent.ts';
export {
  type DecisionIntent,
  recordAppChange,
  recordAway,
  recordChange,
  recordDecision,
  recordDecisionIntent,
  recordQuestion,
  recordTaskEvent,
  taskNamesOf,
} from './record.ts';
