/**
 * botbuilder writes to the console, in production too: the whole stack of every refused token,
 * and the signing keys it tried. Each such request already gets our own log line saying why
 * (receiver.ts), so while a Bot Framework request is processed what botbuilder writes to the
 * console is kept for that request instead, and the request's log line tells it, once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';

const kept = new AsyncLocalStorage<unknown[]>();
let diverted = false;

/** Once per process: `console.error` and `console.warn` keep their output in a request's store. */
function divert(): void {
  if (diverted) return;
  diverted = true;
  for (const level of ['error', 'warn'] as const) {
    const print = console[level];
    console[level] = (...args: unknown[]) => {
      const said = kept.getStore();
      if (!said) return print.apply(console, args);
      said.push(args.length === 1 ? args[0] : format(...args));
    };
  }
}

/** Runs `process`, adding what it writes to the console to `said` rather than printing it. */
export function keepingConsole<T>(said: unknown[], process: () => Promise<T>): Promise<T> {
  divert();
  return kept.run(said, process);
}
