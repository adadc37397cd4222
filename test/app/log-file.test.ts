import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config.ts';
import { createLogger, logFileFor, TERMINAL_CHAT_LOG_FILE } from '../../src/log.ts';
import { openStore } from '../../src/store/open.ts';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('where logs go', () => {
  it('keeps the terminal chat on a terminal free of log lines: they go to a file', () => {
    const at = (terminalChat: boolean, interactive: boolean, logFile?: string) =>
      logFileFor({ logFile, terminalChat, interactive });
    expect(at(true, true)).toBe(TERMINAL_CHAT_LOG_FILE);
    // In a pipe stdout and stderr are separate streams, and servers log to stderr for the platform.
    expect(at(true, false)).toBeUndefined();
    expect(at(false, true)).toBeUndefined();
    expect(at(false, false, '/var/log/accessbot.log')).toBe('/var/log/accessbot.log');
    expect(at(true, true, 'chat.log')).toBe('chat.log');
  });

  it('appends JSON lines to LOG_FILE, creating its folder, with secrets scrubbed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'accessbot-log-'));
    const config = loadConfig({ LOG_FILE: join(dir, 'logs', 'accessbot.log') });
    expect(config.logFile).toBe(join(dir, 'logs', 'accessbot.log'));
    const log = createLogger({
      level: 'info',
      secrets: ['xoxb-secret-token'],
      file: config.logFile,
    });
    log.warn('Slack refused xoxb-secret-token');
    log.info({ channel: 'C1' }, 'second line');
    const lines = readFileSync(config.logFile!, 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
      'Slack refused [REDACTED]',
      'second line',
    ]);
  });

  it.skipIf(process.platform === 'win32')(
    'keeps ./data owner-only whether the log or the store creates it first',
    async () => {
      for (const logFirst of [true, false]) {
        const data = join(mkdtempSync(join(tmpdir(), 'accessbot-log-')), 'data');
        const logFile = join(data, 'accessbot.log');
        const db = join(data, 'accessbot.db');
        const write = () => createLogger({ level: 'info', file: logFile }).info('hello');
        if (logFirst) write();
        const store = await openStore(`sqlite:${db}`);
        if (!logFirst) write();
        expect([modeOf(data), modeOf(logFile), modeOf(db)]).toEqual([0o700, 0o600, 0o600]);
        await store.close();
      }
    },
  );

  it.skipIf(process.platform === 'win32')('narrows a log file left readable by others', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'accessbot-log-')), 'accessbot.log');
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    createLogger({ level: 'info', file }).info('hello');
    expect(modeOf(file)).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('hello');
  });

  it('treats an empty LOG_FILE as unset', () => {
    expect(loadConfig({ LOG_FILE: '' }).logFile).toBeUndefined();
  });
});
