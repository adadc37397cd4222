/**
 * Slack's start: the token checked with `auth.test` (refused: one clear line), the Bolt app over
 * HTTP (receiver.ts) or Socket Mode with admission (admission.ts), the handlers registered.
 */
import { App, SocketModeReceiver } from '@slack/bolt';
import { z } from 'zod';
import { systemClock } from '../../src/core/clock.ts';
import type { PlatformAdapter, PlatformContext } from '../../src/core/platform.ts';
import { Admission, watchLoop } from './admission.ts';
import { SlackApi, type SlackApiOptions, slackLogger, webClientOptions } from './api.ts';
import { registerApps } from './apps.ts';
import { registerAsks } from './asks.ts';
import { registerChanges } from './changes.ts';
import { registerCommand } from './commands.ts';
import type { SlackContext } from './context.ts';
import { registerDecisions } from './decisions.ts';
import { registerDigest } from './digest.ts';
import { SlackDirectory } from './directory.ts';
import { SlackStartError, startError } from './errors.ts';
import { registerHome } from './home.ts';
import { SlackNotifier } from './notifier.ts';
import { SLACK_BODY_LIMIT, SLACK_PATH, slackHttp } from './receiver.ts';
import { registerRequestForm } from './request.ts';
import { registerReviews } from './reviews.ts';
import type { SlackSettings } from './settings.ts';
import { registerWorkflowStep, SlackStepCompleter } from './workflow-step.ts';

/** Slack gives up on an answer after 3 s; one Web API call must not take longer than this. */
const CALL_TIMEOUT_MS = 5_000;
const INTERACTIVE_RETRIES = 2;

const AuthTest = z.object({ user_id: z.string(), bot_id: z.string().optional() });

function buildApp(
  ctx: PlatformContext<SlackSettings>,
  me: z.infer<typeof AuthTest>,
  web: SlackApiOptions,
) {
  const { settings } = ctx;
  const { log } = web;
  const logger = slackLogger(log);
  const common = {
    token: settings.botToken,
    // Known from our own auth.test, so Bolt does not call it again.
    botUserId: me.user_id,
    botId: me.bot_id ?? '',
    logger,
    clientOptions: webClientOptions(web),
    // Bolt's conversation store keeps state per conversation that no handler reads.
    convoStore: false as const,
  };
  if (settings.appToken) {
    const receiver = new SocketModeReceiver({
      appToken: settings.appToken,
      logger,
      // A receiver built here takes its Web API URL from these options, not from the app's.
      installerOptions: { clientOptions: webClientOptions(web) },
    });
    return { app: new App({ ...common, receiver }) };
  }
  if (!settings.signingSecret)
    throw new SlackStartError('SLACK_SIGNING_SECRET is required for Slack over HTTP');
  const { receiver, route } = slackHttp({
    signingSecret: settings.signingSecret,
    replays: ctx.replays,
    log,
    metrics: ctx.metrics,
    clock: ctx.clock ?? systemClock,
    refusals: ctx.routes.refusals,
  });
  return { app: new App({ ...common, receiver }), route };
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
  const interactive = { ...apiOptions, retries: INTERACTIVE_RETRIES };
  const api = new SlackApi(interactive);
  // The poller's calls: never repeated or paused here; the poller retries on its own schedule.
  const background = new SlackApi({ ...apiOptions, retries: 0 });
  const notifier = new SlackNotifier(background);
  const me = await api.call('auth.test', {}, AuthTest).catch((error: unknown) => {
    throw startError(error, settings.apiUrl);
  });
  const loop = watchLoop();
  const voiceOf = (userId: string) => ctx.bot.voiceOf(notifier.people.known(userId));
  const admission = new Admission({ api, log, metrics, share: loop.share, voiceOf });
  const { app, route } = buildApp(ctx, me, interactive);
  const c: SlackContext = { bot: ctx.bot, api, log, metrics, people: notifier.people };

  app.error(async (error) => {
    log.error({ err: error.original ?? error }, 'a Slack handler failed');
    metrics.errors.inc({ kind: 'slack_handler' });
  });
  app.use(admission.middleware);
  registerCommand(app, c, settings.command);
  registerDecisions(app, c);
  registerAsks(app, c);
  registerChanges(app, c);
  registerRequestForm(app, c, notifier);
  registerApps(app, c, notifier);
  registerReviews(app, c, notifier);
  registerHome(app, c);
  registerWorkflowStep(app, c);
  registerDigest(app, c);

  if (route) ctx.routes.mount(SLACK_PATH, route, { maxBodyBytes: SLACK_BODY_LIMIT });
  else await app.start();
  log.info({ mode: route ? 'http' : 'socket', botUserId: me.user_id }, 'Slack connected');
  return {
    notifier,
    directory: new SlackDirectory(background),
    completer: new SlackStepCompleter(background),
    busy: () => admission.busy(),
    stop: async () => {
      if (!route) await app.stop();
      // Work goes on after the ack; stopping waits for it.
      await admission.idle();
      loop.stop();
    },
  };
}
