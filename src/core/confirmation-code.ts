/**
 * The code a sensitive approval's confirmation carries: six hex characters, short enough to type
 * (`confirm 4f1c2a`), cut from an HMAC-SHA256 keyed with a secret of the deployment over the
 * task, its application, level and person, the approver it was shown to, and the quarter hour it
 * was made in. Knowing every id does not make a code; a code made for one approver confirms
 * nothing for another; and a code is good for the quarter hour it was made in and the next one
 * (15 to 30 minutes). An older one is recognised for a day as expired, so its holder is shown a
 * fresh confirmation rather than told it is wrong. Codes are compared in constant time.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Task } from '../access/schemas.ts';
import { taskFacts } from '../access/task-facts.ts';

/** How long one window of codes lasts; a code is good in its own window and the next. */
export const CODE_WINDOW_MS = 15 * 60_000;
/** Windows in which a code is good: its own and the next. */
const GOOD_WINDOWS = 2;
/** Windows, counted back, in which an older code is recognised as expired: a day's worth. */
const KNOWN_WINDOWS = (24 * 60 * 60_000) / CODE_WINDOW_MS;
const CODE_LENGTH = 6;

/** `good`: it confirms; `expired`: it did, and a fresh one is due; `wrong`: it never did. */
export type CodeCheck = 'good' | 'expired' | 'wrong';

/**
 * The key of every code, from a secret the deployment already keeps (every replica shares it):
 * HKDF-SHA256 with a label of its own, so the code reveals nothing of the secret.
 */
export function confirmationKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'accessbot', 'confirmation codes v1', 32));
}

export class ConfirmationCodes {
  readonly #key: Buffer;
  readonly #now: () => Date;

  /** `key`: see `confirmationKey`; unset, a random key of this process (codes work here only). */
  constructor(now: () => Date, key: Buffer = randomBytes(32)) {
    this.#key = key;
    this.#now = now;
  }

  /** The code `approver` (an Access user id) confirms `task` with now. */
  issue(task: Task, approver: string): string {
    return this.#code(task, approver, this.#window());
  }

  /** Whether `code` confirms `task` for `approver` now. */
  check(task: Task, approver: string, code: string): CodeCheck {
    const typed = Buffer.from(code.toLowerCase());
    if (typed.length !== CODE_LENGTH) return 'wrong';
    const now = this.#window();
    let said: CodeCheck = 'wrong';
    // Every window is computed and compared, whatever matched: the time taken says nothing.
    for (let back = 0; back < KNOWN_WINDOWS; back++) {
      const expected = Buffer.from(this.#code(task, approver, now - back));
      if (timingSafeEqual(typed, expected) && said === 'wrong') {
        said = back < GOOD_WINDOWS ? 'good' : 'expired';
      }
    }
    return said;
  }

  /**
   * The task among `tasks` that `code` confirms for `approver` — one it is good for first, else
   * one it has expired for — or undefined.
   */
  find(tasks: readonly Task[], approver: string, code: string): Task | undefined {
    const checked = tasks.map((task) => ({ task, said: this.check(task, approver, code) }));
    return (checked.find((c) => c.said === 'good') ?? checked.find((c) => c.said === 'expired'))
      ?.task;
  }

  #window(): number {
    return Math.floor(this.#now().getTime() / CODE_WINDOW_MS);
  }

  #code(task: Task, approver: string, window: number): string {
    const f = taskFacts(task);
    const bound = [task.id, f.workAppId, f.permissionLevelId, f.userId, approver, window];
    const mac = createHmac('sha256', this.#key);
    // JSON keeps the fields apart: no two different lists of facts read the same.
    mac.update(JSON.stringify(['accessbot confirmation', ...bound.map((v) => v ?? null)]));
    return mac.digest('hex').slice(0, CODE_LENGTH);
  }
}
