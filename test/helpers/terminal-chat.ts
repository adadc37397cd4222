/**
 * One person's terminal chat over streams, as the tests drive it: `ask` types a line and
 * resolves once the terminal shows the bot's answer to that line. The answer is recognised by
 * what it is — the reply the bot returned for the line, as the terminal renders it — never by a
 * pause in the output, so a slow machine only makes it later.
 */
import { PassThrough } from 'node:stream';
import { renderReply } from '../../adapters/shell/render.ts';
import { type ShellSettings, startShell } from '../../adapters/shell/shell.ts';
import type { AccessBot } from '../../src/core/bot.ts';
import type { Notifier } from '../../src/core/notifier.ts';
import type { Reply } from '../../src/core/reply.ts';

/** Far beyond any answer; only reached when an answer never comes. */
const ANSWER_TIMEOUT_MS = 30_000;

export type TerminalChat = Awaited<ReturnType<typeof openTerminalChat>>;

/** Starts the chat and resolves once it shows the start-up task list. */
export async function openTerminalChat(
  options: Omit<ShellSettings, 'input' | 'output' | 'interactive'> & {
    bot: AccessBot;
    /** Serves the terminal's notifier once the start-up list is shown; unset: no notifications. */
    startNotifications?: (notifier: Notifier) => Promise<{ stop(): Promise<void> }>;
  },
) {
  const input = new PassThrough();
  const output = new PassThrough();
  let seen = '';
  const checks = new Set<() => void>();
  output.on('data', (chunk) => {
    seen += String(chunk);
    for (const check of checks) check();
  });
  // The bot's replies in order: the start-up list first, then one per line typed.
  const replies: Reply[] = [];
  const { bot, startNotifications, ...settings } = options;
  const shell = await startShell({
    settings: { ...settings, input, output, interactive: false },
    bot: {
      voiceOf: (actor) => bot.voiceOf(actor),
      read: async (...args) => {
        const line = await bot.read(...args);
        if (line.kind === 'reply') replies.push(line.reply);
        return line;
      },
      run: async (...args) => {
        const reply = await bot.run(...args);
        replies.push(reply);
        return reply;
      },
    },
  });

  /** What the terminal printed after `from`, once it includes the `n`th reply. */
  const shown = (n: number, from: number) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const reply = replies[n];
        if (!reply || !seen.includes(renderReply(reply, { color: false }), from)) return;
        checks.delete(check);
        clearTimeout(timer);
        resolve(seen.slice(from));
      };
      const timer = setTimeout(() => {
        checks.delete(check);
        reject(new Error(`no answer shown; the terminal shows:\n${seen.slice(from)}`));
      }, ANSWER_TIMEOUT_MS);
      checks.add(check);
      check();
    });

  let asked = 0;
  await shown(asked, 0);
  const notifications = await startNotifications?.(shell.notifier);
  return {
    /**
     * Types `line` (not `quit`; empty only when a question waits for it) and resolves with what
     * it printed.
     */
    ask: (line: string) => {
      const from = seen.length;
      input.write(`${line}\n`);
      return shown(++asked, from);
    },
    /** Everything printed so far. */
    seen: () => seen,
    /** Resolves with what `probe` finds in everything printed, once it finds something. */
    waitFor: <T>(probe: (printed: string) => T | undefined) =>
      new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = probe(seen);
          if (found === undefined) return;
          checks.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          checks.delete(check);
          reject(new Error(`not shown; the terminal shows:\n${seen}`));
        }, ANSWER_TIMEOUT_MS);
        checks.add(check);
        check();
      }),
    stop: async () => {
      await shell.stop();
      await notifications?.stop();
    },
  };
}

/** One person's terminal chat, and more of theirs opened in other languages as a test asks. */
export async function openTerminalChats(
  options: Omit<Parameters<typeof openTerminalChat>[0], 'locale'>,
) {
  const opened: TerminalChat[] = [];
  const inLanguage = async (locale?: string) => {
    const chat = await openTerminalChat({ ...options, locale });
    opened.push(chat);
    return chat;
  };
  return {
    chat: await inLanguage(),
    inLanguage,
    stop: async () => {
      for (const chat of opened) await chat.stop();
    },
  };
}
