/**
 * accessbot's entry point: Slack and Teams on one HTTP server, else the terminal chat (on the
 * embedded sandbox without an Access Service: the demo). Start-up problems end in one clear line,
 * never a stack trace; SIGINT and SIGTERM stop everything within 10 seconds with exit code 0.
 */
import { startShell } from '../../adapters/shell/shell.ts';
import { terminalLocale } from '../core/i18n/voice.ts';
import { AppError } from '../errors.ts';
import { createLogger, type Logger, logFileFor } from '../log.ts';
import { scheduleDemoRequest } from '../sandbox/demo-activity.ts';
import { demoApprover } from '../sandbox/seed.ts';
import { type Config, secretsOf } from './config.ts';
import { demoConfig, linkDemoColleague, seedDemoAsks, seedDemoDecisions } from './demo.ts';
import { seedDemoReviews } from './demo-reviews.ts';
import { configOrExit, die } from './exit.ts';
import { startLocalPolling } from './polling.ts';
import { type Runtime, startRuntime } from './runtime.ts';
import { serve } from './serve.ts';
import { startLine } from './start-line.ts';

const SHUTDOWN_LIMIT_MS = 10_000;

/** The terminal chat, started as every platform is, then served by the poller. */
async function runShell(config: Config, runtime: Runtime, log: Logger, interactive: boolean) {
  const { sandbox } = runtime;
  // With SANDBOX_EMAIL_MAP the demo approver may have a real address: ask the sandbox.
  const email = config.shellUserEmail ?? sandbox?.state.user(demoApprover.id).email;
  if (!email) {
    throw new AppError(
      'CONFIG_INVALID',
      'SHELL_USER_EMAIL: set it to your e-mail address in the Access Service to use the terminal chat (or configure Slack or Teams)',
    );
  }
  // The sample organisation's absence, question and review campaign, before the start-up list
  // shows them.
  if (sandbox) {
    await seedDemoAsks(runtime.store, sandbox.state, email, new Date(), log);
    await seedDemoDecisions(runtime.store, sandbox.state, new Date(), log);
    seedDemoReviews(sandbox.state, new Date());
  }
  // https://no-color.org: any non-empty value turns colour off.
  const color = interactive && !process.env.NO_COLOR;
  const { stdin: input, stdout: output } = process;
  const locale = terminalLocale(process.env);
  const shell = await startShell({
    bot: runtime.bot,
    settings: { email, input, output, interactive, color, locale },
  });
  runtime.poller.serve(shell.notifier);
  let cancelDemo = () => {};
  let polling: { stop(): Promise<void> } | undefined;
  try {
    if (sandbox) await linkDemoColleague(runtime.store, sandbox.state, email, new Date());
    polling = await startLocalPolling({ config, runtime, log });
    // Counted from here, however slow the start: the demo's request is pushed as it arrives,
    // never listed with the tasks shown at start.
    if (sandbox && config.demoRequestAfterMs > 0) {
      cancelDemo = scheduleDemoRequest(sandbox.state, config.demoRequestAfterMs);
    }
  } catch (error) {
    log.error({ err: error }, 'could not start notifications');
  }
  return {
    done: shell.done,
    stop: async () => {
      cancelDemo();
      await shell.stop();
      await polling?.stop();
    },
  };
}

async function main(): Promise<void> {
  const config = configOrExit();
  const serverMode = Boolean(config.slack || config.teams);
  // In the terminal chat stdout is the conversation: only warnings unless LOG_LEVEL says otherwise.
  const level = serverMode || process.env.LOG_LEVEL ? config.logLevel : 'warn';
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  const file = logFileFor({ logFile: config.logFile, terminalChat: !serverMode, interactive });
  const log = createLogger({ level, secrets: secretsOf(config), file });
  log.info(startLine(config), 'starting');
  for (const line of config.ignoredSettings) log.warn(line);

  let runtime: Runtime | undefined;
  let stopMode: () => Promise<void> = async () => {};
  let done: Promise<void> = new Promise(() => {});
  // Listening before anything starts: a signal during start-up stops what has started, too.
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ why }, 'shutting down');
    const began = performance.now();
    setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    await stopMode();
    await runtime?.close();
    log.info({ shutdownMs: Math.round(performance.now() - began) }, 'stopped');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stop(signal));
  try {
    // The demo: the terminal chat on the embedded sandbox.
    runtime = await startRuntime(serverMode || config.access ? config : demoConfig(config), log);
    if (serverMode) stopMode = (await serve(config, runtime, log)).close;
    else ({ done, stop: stopMode } = await runShell(config, runtime, log, interactive));
  } catch (error) {
    await runtime?.close();
    if (error instanceof AppError) die(error.message);
    throw error;
  }

  await done;
  await stop('input closed');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `accessbot: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
