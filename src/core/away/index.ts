/** What other features may use of absences. */
export { dayOf } from './days.ts';
