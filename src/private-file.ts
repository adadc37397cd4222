/**
 * The SQLite database (who is who across chat and the Access Service) and the log file are for
 * the account running accessbot only, whichever of them comes first. A directory accessbot
 * creates for one is 0700 (an existing one is left as it is: it may be shared, like /tmp); the
 * file is created 0600 before it is opened (SQLite gives its -wal, -shm and -journal files the
 * database file's mode). A file left by an earlier version with a wider mode is narrowed to
 * 0600 — if this account owns it; another owner's file keeps what they set.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const OWNER_ONLY_DIR = 0o700;
const OWNER_ONLY_FILE = 0o600;

/** `file` ready to open, owner-only, and so are the `companions` (suffixes) already there. */
export function preparePrivateFile(file: string, companions: readonly string[] = ['']): void {
  const dir = dirname(file);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  try {
    closeSync(openSync(file, 'wx', OWNER_ONLY_FILE));
  } catch (error) {
    // There already (a database, or something the opener will refuse with its own reason).
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (const path of companions.map((suffix) => `${file}${suffix}`)) narrow(path);
}

function narrow(path: string): void {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    return; // not there (yet): SQLite creates it with the database file's mode
  }
  const ours = process.getuid === undefined || stat.uid === process.getuid();
  if (stat.isFile() && ours && (stat.mode & 0o777) !== OWNER_ONLY_FILE) {
    chmodSync(path, OWNER_ONLY_FILE);
  }
}
