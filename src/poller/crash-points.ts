/**
 * Test-only: with `ACCESSBOT_CRASH_AT=<step>` the process kills itself (SIGKILL) the first time
 * it reaches that step of a delivery, so the crash tests stop it at exactly that instant. Without
 * the variable (always, outside those tests) `crashPoint` is undefined: `crashPoint?.(step)` runs
 * nothing.
 */
export type CrashStep =
  | 'claimed'
  | 'posted'
  | 'saved'
  | 'outcome-requested'
  | 'updated'
  | 'reminder-requested'
  | 'reminder-updated'
  | 'followed-up';

const chosen = process.env.ACCESSBOT_CRASH_AT;

export const crashPoint: ((step: CrashStep) => void) | undefined = chosen
  ? (step) => {
      if (step === chosen) process.kill(process.pid, 'SIGKILL');
    }
  : undefined;
