/**
 * Slack on accessbot's one HTTP server: checks the bot token with `auth.test` (a refused token
 * stops start-up with one clear line), builds the Bolt app — over HTTP on `/slack/events` of the
 * shared server, or over Socket Mode when `SLACK_APP_TOKEN` is set — registers the handlers and
 * hands back the notifier and the member directory for the poller.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { App, HTTPReceiver } from '@slack/bolt';
import { z } from 'zod';
import type { PlatformAdapter, PlatformContext } from '../../src/core/platform.ts';
import type { Logger } from '../../src/log.ts';
import { SlackApi } from './api.ts';
import { registerChanges } from './changes.ts';
import { registerCommand } from './commands.ts';
import type { SlackContext } from './context.ts';
import { registerDecisions } from './decisions.ts';
import { SlackDirectory } from './directory.ts';
import { SlackStartError, startError } from './errors.ts';
import { publishHome, registerHome } from './home.ts';
import { Inflight } from './inflight.ts';
import { slackLogger } from './logger.ts';
import { SlackNotifier } from './notifier.ts';
import type { PublishHome } from './origin.ts';
import { answerRefused, checkReplay } from './replay-guard.ts';
import { registerRequestForm } from './request.ts';
import type { SlackSettings } from './settings.ts';

export const SLACK_PATH = '/slack/events';
/** Slack gives up on an answer after 3 s; one Web API call must not take longer than this. */
const CALL_TIMEOUT_MS = 5_000;
const INTERACTIVE_RETRIES = 2;
/** A 429 asking for a pause this short is waited out for a person's answer. */
const INTERACTIVE_RATE_LIMIT_WAIT_MS = 3_000;

const AuthTest = z.object({ user_id: z.string(), bot_id: z.string().optional() });

async function checkToken(api: SlackApi, apiUrl: string) {
  try {
    return await api.call('auth.test', {}, AuthTest);
  } catch (error) {
    throw startError(error, apiUrl);
  }
}

function buildApp(settings: SlackSettings, me: z.infer<typeof AuthTest>, log: Logger) {
  const common = {
    token: settings.botToken,
    // Known from our own auth.test, so Bolt does not call it again.
    botUserId: me.user_id,
    botId: me.bot_id ?? '',
    logger: slackLogger(log),
    clientOptions: {
      slackApiUrl: settings.apiUrl,
      timeout: CALL_TIMEOUT_MS,
      retryConfig: { retries: INTERACTIVE_RETRIES, factor: 2, minTimeout: 250, maxTimeout: 1_000 },
    },
  };
  if (settings.appToken) {
    return { app: new App({ ...common, socketMode: true, appToken: settings.appToken }) };
  }
  if (!settings.signingSecret)
    throw new SlackStartError('SLACK_SIGNING_SECRET is required for Slack over HTTP');
  const receiver = new HTTPReceiver({
    signingSecret: settings.signingSecret,
    endpoints: SLACK_PATH,
    logger: common.logger,
    // The ack goes out before the work: Slack drops answers slower than 3 s.
    processBeforeResponse: false,
  });
  return { app: new App({ ...common, receiver }), receiver };
}

export async function startSlack(ctx: PlatformContext<SlackSettings>): Promise<PlatformAdapter> {
  const { settings, metrics } = ctx;
  const log = ctx.log.child({ platform: 'slack' });
  const apiOptions = {
    token: settings.botToken,
    apiUrl: settings.apiUrl,
    log,
    metrics,
    timeoutMs: CALL_TIMEOUT_MS,
  };
  const api = new SlackApi({
    ...apiOptions,
    retries: INTERACTIVE_RETRIES,
    maxRateLimitWaitMs: INTERACTIVE_RATE_LIMIT_WAIT_MS,
  });
  // The poller's calls: never repeated or paused here; the poller retries on its own schedule.
  const background = new SlackApi({ ...apiOptions, retries: 0, maxRateLimitWaitMs: 0 });
  const notifier = new SlackNotifier(background);
  const me = await checkToken(api, settings.apiUrl);
  const { app, receiver } = buildApp(settings, me, log);
  const inflight = new Inflight();
  const c: SlackContext = { bot: ctx.bot, api, log, metrics };
  const home: PublishHome = (userId, lead) => publishHome(c, userId, lead);

  // Work goes on after the ack; stopping waits for it. Failures still reach app.error below.
  app.use(async ({ next }) => {
    const work = next();
    inflight.track(work);
    await work;
  });
  app.error(async (error) => {
    log.error({ err: error.original ?? error }, 'a Slack handler failed');
    metrics.errors.inc({ kind: 'slack_handler' });
  });
  registerCommand(app, c, settings.command);
  registerDecisions(app, c, home);
  registerChanges(app, c);
  registerRequestForm(app, c, notifier);
  registerHome(app, c);

  if (receiver) {
    const secret = settings.signingSecret ?? '';
    ctx.routes.mount(SLACK_PATH, async (req: IncomingMessage, res: ServerResponse, body) => {
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      const verdict = await checkReplay(req, body, secret, ctx.replays, new Date());
      if (verdict !== 'pass') {
        metrics.errors.inc({ kind: `slack_${verdict}` });
        return answerRefused(res, verdict, log);
      }
      receiver.requestListener(req, res);
    });
  } else {
    await app.start();
  }
  log.info({ mode: receiver ? 'http' : 'socket', botUserId: me.user_id }, 'Slack connected');
  return {
    notifier,
    directory: new SlackDirectory(background),
    stop: async () => {
      if (!receiver) await app.stop();
      await inflight.idle();
    },
  };
}
