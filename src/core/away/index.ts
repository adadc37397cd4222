/** What other features may use of absences: a person's local day and clock. */
export { addDays, dayText, localDay, partsAt, startOf } from './days.ts';
