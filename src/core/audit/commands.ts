/**
 * The commands of the audit trail: `history [person|all]`, `receipt <code>` and `report [days]`
 * (for auditors).
 */
import { z } from 'zod';
import { RECEIPT_LENGTH, readReceipt } from '../../store/audit-chain.ts';
import { fail, type Parsed, words } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';
import { MAX_PERSON_LENGTH, PersonRef, personOf } from '../person-ref.ts';
import { DEFAULT_DAYS, MAX_DAYS, parseDays } from './report.ts';

export const HistorySubject = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('own') }),
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('person'), person: PersonRef }),
]);
export type HistorySubject = z.infer<typeof HistorySubject>;

export const HistoryCommand = z.object({ name: z.literal('history'), subject: HistorySubject });

export const ReportCommand = z.object({
  name: z.literal('report'),
  days: z.number().int().min(1).max(MAX_DAYS),
});

/** `receipt 7K3QD-9X2MA`: the code a decision's reply showed (receipt.ts). */
export const ReceiptCommand = z.object({
  name: z.literal('receipt'),
  code: z.string().length(RECEIPT_LENGTH),
});

export function parseReceipt(v: Voice, args: string): Parsed<z.infer<typeof ReceiptCommand>> {
  const code = readReceipt(args);
  return code
    ? { ok: true, command: { name: 'receipt', code } }
    : fail(v.t('parse.receipt', { usage: v.t('usage.receipt') }));
}

/** `report [days]`: the help line of auditors. */
export const auditorUsage = (v: Voice) => v.t('usage.report', { days: DEFAULT_DAYS });

export function parseHistoryCommand(
  v: Voice,
  args: string,
): Parsed<z.infer<typeof HistoryCommand>> {
  const text = args.trim();
  if (text.length > MAX_PERSON_LENGTH) {
    return fail(v.t('parse.nameTooLong', { max: MAX_PERSON_LENGTH }));
  }
  const subject: HistorySubject = !text
    ? { kind: 'own' }
    : text.toLowerCase() === 'all'
      ? { kind: 'all' }
      : { kind: 'person', person: personOf(words(text)) };
  return { ok: true, command: { name: 'history', subject } };
}

export function parseReport(v: Voice, args: string): Parsed<z.infer<typeof ReportCommand>> {
  const days = args ? parseDays(args) : DEFAULT_DAYS;
  return days === undefined
    ? fail(v.t('parse.reportDays', { max: MAX_DAYS, usage: auditorUsage(v) }))
    : { ok: true, command: { name: 'report', days } };
}
