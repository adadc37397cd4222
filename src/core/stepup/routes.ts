/**
 * The page's routes on the one HTTP server: the page, its script and style, and the three calls
 * its script makes. Every answer forbids inline code, framing, caching and referrers, so the
 * token in the address goes nowhere else; it is never logged (the server logs paths only).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { answer, type Routes } from '../../server/route.ts';
import type { Voice } from '../i18n/voice.ts';
import type { Ceremonies } from './ceremonies.ts';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from './ceremony.ts';
import { STEP_UP_PATH } from './links.ts';
import { pageHtml } from './page.ts';
import { PAGE_SCRIPT, PAGE_STYLE } from './script.ts';

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** A WebAuthn response is a few KiB; nothing larger is read. */
const MAX_BODY_BYTES = 64 * 1024;

const Call = z.object({ token: z.string().max(100), response: z.looseObject({}).optional() });

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, ...SECURITY_HEADERS }).end(body);
}

const only =
  (
    method: 'GET' | 'POST',
    serve: (req: IncomingMessage, res: ServerResponse, body: Buffer) => unknown,
  ) =>
  async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    if (req.method !== method)
      return answer(res, 405, { error: 'method not allowed' }, { allow: method });
    await serve(req, res, body);
  };

export function mountStepUp(http: Routes, ceremonies: Ceremonies, fallback: Voice): void {
  const limits = { maxBodyBytes: MAX_BODY_BYTES };
  http.mount(
    STEP_UP_PATH,
    only('GET', async (req, res) => {
      const token = new URL(req.url ?? '/', 'http://localhost').searchParams.get('t');
      const opened = await ceremonies.open(token);
      const page = pageHtml(fallback, opened);
      send(res, opened.ok ? 200 : 410, 'text/html; charset=utf-8', page);
    }),
  );
  http.mount(
    `${STEP_UP_PATH}/page.js`,
    only('GET', (_req, res) => send(res, 200, 'text/javascript; charset=utf-8', PAGE_SCRIPT)),
  );
  http.mount(
    `${STEP_UP_PATH}/page.css`,
    only('GET', (_req, res) => send(res, 200, 'text/css; charset=utf-8', PAGE_STYLE)),
  );
  const call = (work: (call: z.infer<typeof Call>) => Promise<unknown>) =>
    only('POST', async (_req, res, body) => {
      let parsed: z.ZodSafeParseResult<z.infer<typeof Call>>;
      try {
        parsed = Call.safeParse(JSON.parse(body.toString('utf8')));
      } catch {
        return answer(res, 400, { ok: false }, SECURITY_HEADERS);
      }
      if (!parsed.success) return answer(res, 400, { ok: false }, SECURITY_HEADERS);
      answer(res, 200, await work(parsed.data), SECURITY_HEADERS);
    });
  http.mount(
    `${STEP_UP_PATH}/options`,
    call((c) => ceremonies.options(c.token)),
    limits,
  );
  http.mount(
    `${STEP_UP_PATH}/register`,
    call((c) => ceremonies.register(c.token, c.response as unknown as RegistrationResponseJSON)),
    limits,
  );
  http.mount(
    `${STEP_UP_PATH}/confirm`,
    call((c) => ceremonies.confirm(c.token, c.response as unknown as AuthenticationResponseJSON)),
    limits,
  );
}
