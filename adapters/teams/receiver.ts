/**
 * `/api/messages`: botbuilder's `CloudAdapter` on our own `node:http` server. With an app id every
 * request must carry a valid Bot Framework token; with none botbuilder accepts anything, including
 * a `serviceUrl` pointing at the caller's own server (which would then answer the member lookup
 * with anyone's e-mail address): so only when `TEAMS_ANONYMOUS=1` says so, which the configuration
 * accepts for local development only. The body is parsed here (malformed: 400) and handed to
 * `processActivity`, as `CloudAdapter.process` would print every refused request's stack.
 * botbuilder's error text never reaches the caller: a failure before the turn began is
 * authentication (401, one log line without a stack); one of ours keeps its stack in its line.
 * Each activity is carried out once: its id is kept in the store's replay guard (shared by every
 * replica) while its token is accepted, at most a day. That runs after authentication and the
 * tenant check, so a refused request writes nothing; when the store cannot say, it is served.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type Activity,
  ActivityTypes,
  CloudAdapter,
  ConfigurationBotFrameworkAuthentication,
  type InvokeResponse,
  type TurnContext,
} from 'botbuilder';
import type { ServiceClientCredentialsFactory } from 'botframework-connector';
import { z } from 'zod';
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { ReplayGuard } from '../../src/core/platform.ts';
import { ConfigError } from '../../src/errors.ts';
import type { Logger } from '../../src/log.ts';
import type { Metrics } from '../../src/metrics.ts';
import { isLoopback } from '../../src/server/loopback.ts';
import type { RefusalDoor } from '../../src/server/refusals.ts';
import { answerInvoke, errorResponse, messageResponse } from './activity.ts';
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
  const factory = credentials ?? credentialsFactory(teams);
  return new TeamsBotAdapter(
    new ConfigurationBotFrameworkAuthentication(botbuilderSettings(teams), factory),
  );
}

/**
 * `anonymous`: only `application/json` (415 otherwise: a web page's cross-origin `text/plain` post
 * needs no preflight) and only a loopback `Host` (403 otherwise: a page on a name rebound to
 * 127.0.0.1 sends its own name), or a web page could drive a developer's local bot.
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
    const object = typeof value === 'object' && value !== null && !Array.isArray(value);
    return object ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** botbuilder's `clockTolerance` when it checks a token's times. */
const TOLERANCE_MS = 5 * 60_000;
/** How long an activity without a token is remembered: the usual life of one. */
const UNSIGNED_MS = 60 * 60_000;
export const MAX_KEEP_MS = 24 * 60 * 60_000;

/** The claims botbuilder checked, as it keeps them on the turn. */
const Claims = z.object({ claims: z.array(z.object({ type: z.string(), value: z.unknown() })) });

function tokenEnd(context: TurnContext): number | undefined {
  const identity = Claims.safeParse(context.turnState.get(context.adapter.BotIdentityKey));
  const exp = identity.success ? identity.data.claims.find((c) => c.type === 'exp')?.value : 0;
  return typeof exp === 'number' && exp > 0 ? exp * 1000 + TOLERANCE_MS : undefined;
}

interface ReplayOptions {
  replays: ReplayGuard;
  now: () => Date;
  log: Logger;
  voiceOf: (person: { locale?: string }) => Voice;
}

export function onlyOnce(o: ReplayOptions, logic: TurnLogic): TurnLogic {
  return async (context) => {
    const { activity } = context;
    const v = () => o.voiceOf({ locale: activity.locale });
    if (!activity.id) {
      o.log.warn({ type: activity.type }, 'refused a Teams activity without an id');
      if (activity.type !== ActivityTypes.Invoke) return;
      return answerInvoke(context, errorResponse(400, 'BadRequest', v().t('teams.noActionId')));
    }
    if (await firstTime(o, context, activity.id)) return logic(context);
    o.log.warn({ type: activity.type }, 'refused a replayed Teams activity (same id seen before)');
    if (activity.type !== ActivityTypes.Invoke) return;
    await answerInvoke(context, messageResponse(v().t('teams.replayed')));
  };
}

async function firstTime(o: ReplayOptions, context: TurnContext, id: string): Promise<boolean> {
  const now = o.now();
  const end = tokenEnd(context) ?? now.getTime() + UNSIGNED_MS;
  const forgetAfter = new Date(Math.min(end, now.getTime() + MAX_KEEP_MS));
  const named = `${context.activity.conversation?.id ?? ''}\u0000${id}`;
  const key = `teams:${createHash('sha256').update(named).digest('base64url')}`;
  try {
    return await o.replays.firstSeen(key, now, forgetAfter);
  } catch (error) {
    o.log.warn({ err: error }, 'could not check a Teams activity for a replay; serving it');
    return true;
  }
}
