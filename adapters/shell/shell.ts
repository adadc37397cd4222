/**
 * The terminal chat of the demo, a platform like Slack and Teams. It reads commands line by line
 * (plainly in a pipe, so tests can drive it), lists the pending tasks at start, then prints what
 * the poller sends.
 */
import type { Readable, Writable } from 'node:stream';
import type { AccessBot } from '../../src/core/bot.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import type { Place } from '../../src/core/place.ts';
import type { PlatformAdapter, PlatformContext } from '../../src/core/platform.ts';
import { info, type Reply } from '../../src/core/reply.ts';
import { ShellNotifier } from './notifier.ts';
import { renderReply } from './render.ts';
import { openTerminal } from './terminal.ts';

export interface ShellSettings {
  email: string;
  /** Unset: DEFAULT_LOCALE. */
  locale?: string;
  input: Readable;
  output: Writable;
  interactive: boolean;
  /** Default: `interactive`. */
  color?: boolean;
}

type ShellContext = Pick<PlatformContext<ShellSettings>, 'settings'> & {
  bot: Pick<AccessBot, 'read' | 'run' | 'voiceOf'>;
};

interface Shell extends PlatformAdapter {
  /** Resolves when the input ends or the user types `quit`. */
  done: Promise<void>;
}

/** Resolves once the start-up list is shown, so the poller does not announce its tasks again. */
export async function startShell({ bot, settings: options }: ShellContext): Promise<Shell> {
  const { output, interactive } = options;
  const actor: ChatActor = {
    platform: 'shell',
    chatUserId: options.email.toLowerCase(),
    email: async () => options.email,
    locale: options.locale,
  };
  // The next line typed reaches the bot: a question ("Why decline?") takes it as the answer.
  const here: Place = { conversation: true };
  const terminal = openTerminal(options.input, output, interactive);
  const rl = terminal.lines;
  // Read at each print: the terminal may have been resized.
  const columns = () => (interactive ? (output as { columns?: number }).columns : undefined);
  const print = (reply: Reply) =>
    terminal.print(
      `${renderReply(reply, { color: options.color ?? interactive, columns: columns() })}\n`,
    );
  const notifier = new ShellNotifier(print, {
    person: actor.chatUserId,
    locale: options.locale,
  });
  const say = (reply: Reply) => {
    print(reply);
    notifier.saw(reply);
  };
  const greet = async () => {
    const v = bot.voiceOf(actor);
    print(info(v, v.t('render.shell.greeting', { email: options.email })));
    say(await bot.run(actor, { name: 'tasks' }, here));
    terminal.prompt();
  };
  // In order, after the greeting, even when a pipe delivers them all before start-up has finished.
  const greeted = greet();
  let queue = greeted;
  const done = new Promise<void>((resolve) => {
    rl.on('line', (line) => {
      queue = queue.then(async () => {
        const text = line.trim();
        if (text === 'quit' || text === 'exit') {
          rl.close();
          return;
        }
        const read = await bot.read(actor, text);
        if (read.kind === 'command') say(await bot.run(actor, read.command, here));
        else if (read.kind === 'reply') say(read.reply);
        else terminal.prompt();
      });
    });
    // Ctrl-C in an interactive terminal reaches readline, not the process: as in a shell, it
    // clears a half-typed line, and leaves from an empty one (so does Ctrl-D).
    rl.on('SIGINT', () => {
      if (!rl.line) return rl.close();
      rl.write(null, { ctrl: true, name: 'e' });
      rl.write(null, { ctrl: true, name: 'u' });
    });
    rl.on('close', () => void queue.then(resolve));
  });
  await greeted;
  return {
    notifier,
    done,
    stop: async () => {
      rl.close();
      await queue;
    },
  };
}
