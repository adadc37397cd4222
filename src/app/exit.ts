/** How the entry points stop on a problem at start: one clear line on stderr, exit code 1. */
import { AppError } from '../errors.ts';
import { type Config, loadConfig } from './config.ts';

export function die(message: string): never {
  process.stderr.write(`accessbot: ${message}\n`);
  process.exit(1);
}

const USAGE = `usage: npm start

accessbot is configured by environment variables only. Every setting, with its meaning and
default, is in docs/configuration.md; deploy/accessbot.env.example lists them to fill in. With
no settings at all, npm start runs the demo.`;

/**
 * The configuration, or `configuration error: …` (one line per problem) and exit code 1;
 * `--help` says where the settings are instead.
 */
export function configOrExit(): Config {
  if (process.argv.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const lines = error.message.split('\n');
    die(`configuration error:${lines.length === 1 ? ' ' : '\n  '}${lines.join('\n  ')}`);
  }
}
