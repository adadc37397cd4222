import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AccessError } from '../../src/access/errors.ts';
import { createLogger } from '../../src/log.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

const SECRET = 's3cr3t-"api"-value';

describe('log lines people read', () => {
  it('carry no control, bidi or invisible character a terminal or viewer would act on', () => {
    const { lines, stream } = capture();
    const log = createLogger({ level: 'info' }, stream);
    const hostile = 'Dennis\u001b]0;owned\u0007\u009b2J\u202egnp.exe\u200b\r\n';
    log.warn({ reason: hostile, nested: { name: hostile } }, `declined: ${hostile}`);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line.trimEnd()).not.toMatch(/[\p{Cc}\u200b\u202e]/u);
    expect(line.endsWith('\n')).toBe(true);
    const parsed = JSON.parse(line);
    expect(parsed.msg).toBe('declined: Dennis\u001b]0;owned\u00072Jgnp.exe\r\n');
    expect(parsed.nested.name).toBe('Dennis\u001b]0;owned\u00072Jgnp.exe\r\n');
  });
});

describe('log redaction', () => {
  it('never writes a configured secret, wherever it appears', () => {
    const { lines, stream } = capture();
    const log = createLogger({ level: 'info', secrets: [SECRET, 'xoxb-123-bot-token'] }, stream);
    log.info({ note: `the secret is ${SECRET}` }, `message with xoxb-123-bot-token`);
    log.info({ nested: { deep: { deeper: { value: SECRET } } } }, 'nested');
    const error = new Error(`request failed with secret ${SECRET}`, {
      cause: new Error('token xoxb-123-bot-token refused'),
    });
    log.error({ err: error }, 'failure');
    const out = lines.join('');
    expect(lines).toHaveLength(3);
    expect(out).not.toContain('s3cr3t');
    expect(out).not.toContain('xoxb-123-bot-token');
    expect(out).toContain('[REDACTED]');
    expect(out).toContain('request failed with secret');
  });

  it('never writes a response_url or a confirmation code, from any logger, however nested', () => {
    const { lines, stream } = capture();
    const log = createLogger({ level: 'debug' }, stream);
    const url = 'https://hooks.slack.com/commands/T1/2/abc';
    const task = '0b7e6f52-1c3a-4e8b-9d2f-5a6b7c8d9e0f';
    log.debug(
      JSON.stringify({
        response_url: url,
        view: { private_metadata: JSON.stringify({ code: 'k7mq2xwp' }) },
      }),
    );
    log.warn(
      {
        value: `${task}:k7mq2xwp`,
        text: 'confirm k7mq2xwp, then cancel k7mq2xwp',
        responseUrl: url,
      },
      'clicked',
    );
    const out = lines.join('');
    expect(lines).toHaveLength(2);
    expect(out).not.toContain('hooks.slack.com/commands');
    expect(out).not.toContain('k7mq2xwp');
    expect(out).toContain(`${task}:[REDACTED]`);
  });

  it('keeps an error code that is no confirmation code, so the operator reads what failed', () => {
    const { lines, stream } = capture();
    const log = createLogger({ level: 'info' }, stream);
    const refused = Object.assign(new Error('connect failed'), { code: 'ECONNREFUSED' });
    log.warn({ err: refused, code: 'ratelimited' }, 'the call failed');
    const out = lines.join('');
    expect(out).toContain('"code":"ECONNREFUSED"');
    expect(out).toContain('"code":"ratelimited"');
  });

  it('redacts credential headers and fields by name even when their value is not known', () => {
    const { lines, stream } = capture();
    const log = createLogger({ level: 'info' }, stream);
    log.info(
      {
        headers: { 'x-api-secret': 'unknown-1', authorization: 'Bearer unknown-2' },
        options: { headers: { 'x-api-secret': 'unknown-3' } },
        password: 'unknown-4',
      },
      'request',
    );
    const out = lines.join('');
    for (const value of ['unknown-1', 'unknown-2', 'unknown-3', 'unknown-4']) {
      expect(out).not.toContain(value);
    }
  });

  it('logs an Access Service error with its endpoint and code, not the request options', () => {
    const { lines, stream } = capture();
    const log = createLogger({ level: 'info', secrets: [SECRET] }, stream);
    const error = new AccessError('ACCESS_UNAVAILABLE', 'GET /Tasks/{taskId}', 'down');
    Object.assign(error, { options: { headers: { 'x-api-secret': SECRET } } });
    log.warn({ err: error }, 'service down');
    const entry = JSON.parse(lines[0]!);
    expect(entry.err).toMatchObject({
      code: 'ACCESS_UNAVAILABLE',
      endpoint: 'GET /Tasks/{taskId}',
    });
    expect(entry.err.options).toBeUndefined();
    expect(lines[0]).not.toContain('s3cr3t');
  });
});
