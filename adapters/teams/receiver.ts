/**
 * `/api/messages`: botbuilder's `CloudAdapter` on our own `node:http` server.
 *
 * The adapter is authenticated from botbuilder's own variables. With an app id, every inbound
 * request must carry a valid Bot Framework token (botbuilder answers 401 otherwise); with none,
 * botbuilder accepts anything — including a `serviceUrl` that points at the caller's own server,
 * which then answers the member lookup with anyone's e-mail address. So that is allowed only
 * when `TEAMS_ANONYMOUS=1` said so, never as the result of a missing variable, and the
 * configuration accepts that switch only for local development: NODE_ENV development or test,
 * and HOST on loopback (src/app/config.ts).
 *
 * botbuilder expects the JSON body already parsed and an Express-like response, so this parses
 * the body (read and bounded by the server), answers malformed JSON with 400 itself, and gives
 * `CloudAdapter.process` the small response object it asks for. What runs in a turn is the
 * caller's `logic`. botbuilder's own error text never reaches the caller: it is logged, and the
 * caller gets a short JSON body — 401 for any failure before the turn began, which is
 * authentication (botbuilder answers a forged signature with 500). A refused request is one log
 * line with the reason and no stack; what botbuilder wrote to the console for it is not printed
 * (botbuilder-console.ts), and a failure of ours keeps its stack in its line.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CloudAdapter,
  ConfigurationBotFrameworkAuthentication,
  type TurnContext,
} from 'botbuilder';
import type { ServiceClientCredentialsFactory } from 'botframework-connector';
import { ConfigError } from '../../src/errors.ts';
import type { Logger } from '../../src/log.ts';
import type { Metrics } from '../../src/metrics.ts';
import type { Refusals } from '../../src/server/refusals.ts';
import { keepingConsole } from './botbuilder-console.ts';
import { type AuthOverrides, botbuilderSettings, credentialsFactory } from './credentials.ts';
import type { TeamsSettings } from './settings.ts';

/** The adapter, its tokens from `credentials` (credentials.ts): the same the start check used. */
export function createAdapter(
  teams: TeamsSettings,
  overrides: AuthOverrides = {},
  credentials?: ServiceClientCredentialsFactory,
): CloudAdapter {
  if (!teams.appId && !teams.anonymous) {
    throw new ConfigError(
      'MicrosoftAppId is required to serve Teams (TEAMS_ANONYMOUS=1 turns authentication off for local tests only)',
    );
  }
  const settings = { ...botbuilderSettings(teams), ...overrides };
  return new CloudAdapter(
    new ConfigurationBotFrameworkAuthentication(
      settings,
      credentials ?? credentialsFactory(teams, overrides),
    ),
  );
}

type TurnLogic = (context: TurnContext) => Promise<void>;

/**
 * `jsonOnly`: only `Content-Type: application/json` is taken (415 otherwise). Anonymous mode needs
 * it: with no token to check, a web page could otherwise drive a developer's local bot with a
 * cross-origin `text/plain` post, which browsers send without asking first.
 */
export function messagesHandler(
  adapter: CloudAdapter,
  logic: TurnLogic,
  log: Logger,
  options: { jsonOnly: boolean; refusals: Refusals; metrics: Pick<Metrics, 'errors'> },
) {
  return async (req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<void> => {
    if (req.method !== 'POST') return send(res, 405, { error: 'POST only' });
    if (options.jsonOnly && !isJson(req.headers['content-type'])) {
      log.warn('refused a Bot Framework request that is not application/json');
      return send(res, 415, { error: 'Content-Type must be application/json' });
    }
    const body = parseJson(raw);
    if (!body) {
      log.warn('refused a Bot Framework request whose body is not a JSON object');
      return send(res, 400, { error: 'body must be a JSON object' });
    }
    let turned = false;
    const turn: TurnLogic = (context) => {
      turned = true;
      options.refusals.passed();
      return logic(context);
    };
    /** What botbuilder wrote to the console while it processed this request. */
    const said: unknown[] = [];
    let told = false;
    const failed = (status: number, text: string) => {
      told = true;
      const unauthorized = status === 401 || (!turned && status >= 500);
      if (unauthorized) {
        options.metrics.errors.inc({ kind: 'teams_unauthenticated' });
        options.refusals.refused({ status, reason: text });
        return send(res, 401, { error: 'unauthorized' });
      }
      const err = said.find((s) => s instanceof Error);
      log.warn({ status, reason: text, ...(err ? { err } : {}) }, 'botbuilder failed');
      send(res, status >= 500 ? 500 : status, {
        error: status >= 500 ? 'internal error' : 'bad request',
      });
    };
    try {
      await keepingConsole(said, () =>
        adapter.process(
          { method: 'POST', headers: req.headers as Record<string, string>, body },
          expressLike(res, failed),
          turn,
        ),
      );
    } catch (error) {
      // botbuilder's own activity parsing throws before its handler runs.
      told = true;
      log.warn({ err: error }, 'refused an activity botbuilder could not read');
      if (!res.headersSent) send(res, 400, { error: 'not a Bot Framework activity' });
    }
    // Anything else botbuilder wrote (a warning on an activity it turned away) is logged here.
    if (!told) {
      for (const s of said) {
        log.warn(s instanceof Error ? { err: s } : { said: String(s) }, 'botbuilder wrote this');
      }
    }
  };
}

/** `application/json`, with any parameters (`; charset=utf-8`), in any case. */
function isJson(type: string | undefined): boolean {
  return type?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

function parseJson(raw: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // not JSON: no body
  }
  return undefined;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * The four methods (and the socket) botbuilder's `Response` interface uses. A text body is
 * botbuilder's own error message: it goes to `failed`, not to the caller.
 */
function expressLike(res: ServerResponse, failed: (status: number, text: string) => void) {
  let status = 200;
  let body: unknown;
  return {
    socket: res.socket,
    status(code: number) {
      status = code;
    },
    header(name: string, value: unknown) {
      res.setHeader(name, String(value));
    },
    send(value: unknown) {
      body = value;
    },
    end() {
      if (res.headersSent) return;
      if (typeof body === 'string') return failed(status, body);
      if (body === undefined) return void res.writeHead(status).end();
      send(res, status, body);
    },
  };
}
