/**
 * The passkey page's routes over HTTP, without a browser: the page in its person's language with
 * a strict Content-Security-Policy and no inline code, an unknown, expired or used link refused on
 * the page and in every call, what is confirmed escaped, calls that are not JSON or not POST
 * refused, an assertion by a credential the person does not hold refused, nothing decided, and
 * the token never in a log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/sandbox/seed.ts';
import { actor } from '../../helpers/bot.ts';
import { useSandbox } from '../../helpers/sandbox.ts';
import { approvals, linkIn, sensitiveRequest, stepUpWorld } from '../../helpers/stepup-world.ts';

const sandbox = useSandbox();
let world: Awaited<ReturnType<typeof stepUpWorld>>;
beforeAll(async () => {
  world = await stepUpWorld(sandbox.client);
});
afterAll(() => world.close());

const tim = { ...actor(users.tim.email), locale: 'de-DE' };
const token = (url: string) => new URL(url).searchParams.get('t')!;
const call = async (path: string, body: string, method = 'POST') => {
  const res = await fetch(`${world.origin}/passkey/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(method === 'POST' && { body }),
  });
  return { status: res.status, body: await res.text(), headers: res.headers };
};
const timsLink = async () => {
  const [taskId] = sensitiveRequest(sandbox.current);
  const url = linkIn(await world.bot.handle(tim, `approve ${taskId}`))!;
  return { taskId: taskId!, url };
};

describe('the passkey page over HTTP', () => {
  it('is in its person’s language, says what is confirmed, and runs nothing inline', async () => {
    const { url } = await timsLink();
    const res = await fetch(url);
    const html = await res.text();
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Mit Ihrem Passkey bestätigen');
    expect(html).toMatch(
      /<p id="summary">Payroll \w+ ist eine sensible Anwendung. Grace Hopper .*Member/,
    );
    expect(html).toContain('role="status" aria-live="polite"');
    expect(html).not.toMatch(/<script>|<script(?![^>]*\bsrc=)|\sstyle=|\son[a-z]+=/);
    const script = await call('page.js', '', 'GET');
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.body).toContain('parseRequestOptionsFromJSON');
    expect((await call('page.css', '', 'GET')).headers.get('content-type')).toContain('text/css');
  });

  it('refuses an unknown link on the page and in every call', async () => {
    const res = await fetch(`${world.origin}/passkey?t=${'A'.repeat(43)}`);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('This link is not valid');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    for (const path of ['options', 'register', 'confirm']) {
      const answer = JSON.parse((await call(path, JSON.stringify({ token: 'nope' }))).body);
      expect(answer).toEqual({
        ok: false,
        message: 'This link is not valid. Nothing was decided.',
      });
    }
  });

  it('refuses a body that is not JSON, a call that is not POST, and a page asked by POST', async () => {
    expect((await call('options', 'not json')).status).toBe(400);
    expect((await call('options', '', 'GET')).status).toBe(405);
    expect((await call('confirm', JSON.stringify({ token: 1 }))).status).toBe(400);
    const page = await fetch(`${world.origin}/passkey`, { method: 'POST', body: '{}' });
    expect(page.status).toBe(405);
  });

  it('refuses an assertion by a credential the person does not hold: nothing is decided', async () => {
    const { taskId, url } = await timsLink();
    const options = JSON.parse((await call('options', JSON.stringify({ token: token(url) }))).body);
    expect(options).toMatchObject({ ok: true, options: { enrol: true } });
    expect(options.options.publicKey.authenticatorSelection.userVerification).toBe('required');
    const forged = { id: 'c29tZW9uZS1lbHNl', rawId: 'c29tZW9uZS1lbHNl', type: 'public-key' };
    const answer = JSON.parse(
      (await call('confirm', JSON.stringify({ token: token(url), response: forged }))).body,
    );
    expect(answer.message).toContain('gehört nicht der Person');
    const registered = JSON.parse(
      (await call('register', JSON.stringify({ token: token(url), response: forged }))).body,
    );
    expect(registered).toEqual({ ok: false, message: expect.stringContaining('nicht geprüft') });
    expect(await world.store.passkeysOf('slack', tim.chatUserId)).toEqual([]);
    expect(approvals(sandbox.current, taskId)).toHaveLength(0);
  });

  it('refuses an expired link on the page and in its calls, and never logs a token', async () => {
    const { taskId, url } = await timsLink();
    world.clock.now = new Date(world.clock.now.getTime() + 11 * 60_000);
    const res = await fetch(url);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('Dieser Link ist abgelaufen');
    const answer = JSON.parse((await call('options', JSON.stringify({ token: token(url) }))).body);
    expect(answer).toMatchObject({ ok: false });
    expect(approvals(sandbox.current, taskId)).toHaveLength(0);
    expect(world.logLines.join('')).toContain('a passkey step-up was refused');
    expect(world.logLines.join('')).not.toContain(token(url));
  });
});
