/** What other features may use of absences: a person's local day and clock. */
export { addDays, dayText, localDay, partsAt } from './days.ts';
