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
 * The body (read and bounded by the server) is parsed here, malformed JSON answered 400, and the
 * activity handed to botbuilder's `processActivity` — `CloudAdapter.process` would also print
 * every refused request's stack to the console. What runs in a turn is the caller's `logic`.
 * botbuilder's own error text never reaches the caller: it is logged, and the caller gets a short
 * JSON body — 401 for any failure before the turn began, which is authentication (a forged
 * signature throws a plain error). A request refused before the turn goes to the server's one
 * counter of refusals (told once a minute, with the last reason and no stack), and a failure of
 * ours keeps its stack in its line. botbuilder itself still prints to stderr for an expired
 * token (its stack) or a signature that does not verify (the public signing key it tried):
 * nothing secret.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type Activity,
  CloudAdapter,
  ConfigurationBotFrameworkAuthentication,
  type InvokeResponse,
  type TurnContext,
} from 'botbuilder';
import type { ServiceClientCredentialsFactory } from 'botframework-connector';
import { ConfigError } from '../../src/errors.ts';
import type { Logger } from '../../src/log.ts';
import type { Metrics } from '../../src/metrics.ts';
import { isLoopback } from '../../src/server/loopback.ts';
import type { RefusalDoor } from '../../src/server/refusals.ts';
import { botbuilderSettings, credentialsFactory } from './credentials.ts';
import type { TeamsSettings } from './settings.ts';

type TurnLogic = (context: TurnContext) => Promise<void>;

/** botbuilder's adapter, taking an activity already parsed: its errors are thrown, not printed. */
export class TeamsBotAdapter extends CloudAdapter {
  serve(auth: string, activity: Activity, logic: TurnLogic): Promise<InvokeResponse | undefined> {
    return this.processActivity(auth, activity, logic);
  }
}

/** The adapter, its tokens from `credentials` (credentials.ts): the same the start check used. */
export function createAdapter(
  teams: TeamsSettings,
  credentials?: ServiceClientCredentialsFactory,
): TeamsBotAdapter {
  if (!teams.appId && !teams.anonymous) {
    throw new ConfigError(
      'MicrosoftAppId is required to serve Teams (TEAMS_ANONYMOUS=1 turns authentication off for local tests only)',
    );
  }
  return new TeamsBotAdapter(
    new ConfigurationBotFrameworkAuthentication(
      botbuilderSettings(teams),
      credentials ?? credentialsFactory(teams),
    ),
  );
}

/**
 * `anonymous`: with no token to check, a web page could drive a developer's local bot. So only
 * `Content-Type: application/json` is taken (415 otherwise: browsers send a cross-origin
 * `text/plain` post without asking first), and only a loopback `Host` (403 otherwise: a page on a
 * name rebound to 127.0.0.1 sends its own name).
 */
export function messagesHandler(
  adapter: TeamsBotAdapter,
  logic: TurnLogic,
  log: Logger,
  options: { anonymous: boolean; refusals: RefusalDoor; metrics: Pick<Metrics, 'errors'> },
) {
  return async (req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<void> => {
    if (req.method !== 'POST') return send(res, 405, { error: 'POST only' });
    if (options.anonymous && !loopbackHost(req.headers.host)) {
      options.refusals.refused({ reason: 'anonymous mode: Host is not loopback' });
      return send(res, 403, { error: 'anonymous mode answers only requests to localhost' });
    }
    if (options.anonymous && !isJson(req.headers['content-type'])) {
      options.refusals.refused({ reason: 'anonymous mode: not application/json' });
      return send(res, 415, { error: 'Content-Type must be application/json' });
    }
    const body = parseJson(raw);
    if (!body) {
      options.refusals.refused({ reason: 'the body is not a JSON object' });
      return send(res, 400, { error: 'body must be a JSON object' });
    }
    if (typeof body.type !== 'string') {
      options.refusals.refused({ reason: 'an activity without a type' });
      return send(res, 400, { error: 'not a Bot Framework activity' });
    }
    let turned = false;
    const turn: TurnLogic = (context) => {
      turned = true;
      options.refusals.passed();
      return logic(context);
    };
    try {
      const auth = req.headers.authorization ?? '';
      const answer = await adapter.serve(auth, body as unknown as Activity, turn);
      if (answer?.body === undefined) return void res.writeHead(answer?.status ?? 200).end();
      send(res, answer.status, answer.body);
    } catch (error) {
      if (!turned) {
        options.metrics.errors.inc({ kind: 'teams_unauthenticated' });
        options.refusals.refused({ reason: (error as Error).message });
        return send(res, 401, { error: 'unauthorized' });
      }
      log.warn({ err: error }, 'botbuilder failed');
      send(res, 500, { error: 'internal error' });
    }
  };
}

/** `application/json`, with any parameters (`; charset=utf-8`), in any case. */
function isJson(type: string | undefined): boolean {
  return type?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

/** The host name of a `Host` header (`127.0.0.1:3978`, `[::1]:3978`, `localhost`) is loopback. */
function loopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  try {
    return isLoopback(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
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
