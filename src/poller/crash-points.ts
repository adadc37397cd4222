/**
 * Test-only: with `ACCESSBOT_CRASH_AT=<step>` (or `<step>:<kind>`, a message kind of kinds.ts)
 * the process kills itself (SIGKILL) the first time a delivery (of that kind) reaches that step,
 * so the crash tests stop it at exactly that instant. Without the variable (always, outside those
 * tests) `crashPoint` is undefined: `crashPoint?.(step, recipient)` runs nothing.
 */
import { kindOf } from './kinds.ts';

export type CrashStep =
  | 'claimed'
  | 'tried'
  | 'posted'
  | 'saved'
  | 'outcome-requested'
  | 'updated'
  | 'reminder-requested'
  | 'reminder-updated'
  | 'followed-up';

const [chosen, kind] = (process.env.ACCESSBOT_CRASH_AT ?? '').split(':');

export const crashPoint: ((step: CrashStep, recipient: string) => void) | undefined = chosen
  ? (step, recipient) => {
      if (step === chosen && (!kind || kindOf(recipient) === kind)) {
        process.kill(process.pid, 'SIGKILL');
      }
    }
  : undefined;
