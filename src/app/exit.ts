/** How the entry points stop on a problem at start: one clear line on stderr, exit code 1. */
import { AppError } from '../errors.ts';
import { type Config, loadConfig } from './config.ts';

export function die(message: string): never {
  process.stderr.write(`accessbot: ${message}\n`);
  process.exit(1);
}

/** The configuration, or `configuration error: …` (one line per problem) and exit code 1. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const lines = error.message.split('\n');
    die(`configuration error:${lines.length === 1 ? ' ' : '\n  '}${lines.join('\n  ')}`);
  }
}
