/**
 * accessbot's entry point. With no configuration it runs the demo: the embedded sandbox and a
 * terminal chat. Start-up problems end in one clear line, never a stack trace; SIGINT and
 * SIGTERM stop everything within 10 seconds with exit code 0.
 */
import { startShell } from '../adapters/shell/shell.ts';
import { loadConfig, secretsOf } from './config.ts';
import { AppError } from './errors.ts';
import { createLogger } from './log.ts';
import { startRuntime } from './runtime.ts';
import { demoApprover } from './sandbox/seed.ts';

const SHUTDOWN_LIMIT_MS = 10_000;

function die(message: string): never {
  process.stderr.write(`accessbot: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof AppError)
      die(`configuration error:\n  ${error.message.replaceAll('\n', '\n  ')}`);
    throw error;
  }
  // The terminal is the chat in the demo: only warnings reach it unless LOG_LEVEL says otherwise.
  const level = process.env.LOG_LEVEL ? config.logLevel : 'warn';
  const log = createLogger({ level, secrets: secretsOf(config) });

  const runtime = await startRuntime(config, log).catch((error: unknown) => {
    if (error instanceof AppError) die(error.message);
    throw error;
  });

  const email = config.shellUserEmail ?? (runtime.sandbox ? demoApprover.email : undefined);
  if (!email) {
    await runtime.close();
    die(
      'SHELL_USER_EMAIL: set it to your e-mail address in the Access Service to use the terminal chat',
    );
  }
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  const shell = startShell({
    bot: runtime.bot,
    email,
    pendingStatus: config.tasks.pendingStatus,
    input: process.stdin,
    output: process.stdout,
    log,
    checkEveryMs: runtime.sandbox ? 1_000 : config.poll.intervalMs,
    interactive,
  });

  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ why }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    shell.stop();
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await shell.done;
  await stop('input closed');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `accessbot: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
