/** What other features may use of the one pending confirmation: opening one, settling it. */
export {
  askApproval,
  type CodeCheck,
  claimApproval,
  closeApproval,
  confirmedBy,
  isProven,
  type Presented,
  type Proven,
} from './approval.ts';
export { CONFIRM_WITHIN_MS, ConfirmCode } from './code.ts';
export { asKind, openConfirmation } from './pending.ts';
export type { Carried, ConfirmKind } from './settle.ts';
