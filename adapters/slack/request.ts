/**
 * Requesting access through the form: opening it, suggesting applications as the person types,
 * filling the permission levels once one is picked (`views.update`), and submitting it through
 * the same core call as the one-line `request` command. The answer goes back to the conversation
 * the command came from (its response_url), or as a direct message when there is none.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { AccessClient } from '../../src/access/client.ts';
import type { WorkApp } from '../../src/access/schemas.ts';
import { appMatches } from '../../src/core/directory.ts';
import type { Notifier } from '../../src/core/notifier.ts';
import type { Reply } from '../../src/core/reply.ts';
import { submitRequest } from '../../src/core/request.ts';
import { replyForError } from '../../src/core/service-errors.ts';
import { slackActor } from './actor.ts';
import type { SlackContext } from './context.ts';
import {
  actionIds,
  callbackIds,
  RequestMetadata as Meta,
  type RequestMetadata,
  readMetadata,
} from './ids.ts';
import { ackFirst } from './inflight.ts';
import { limits } from './limits.ts';
import { Click, inputOf, Submission, Suggestion } from './payloads.ts';
import { renderReply } from './render.ts';
import {
  appOption,
  type LevelChoice,
  requestBlocks,
  requestModal,
  UNAVAILABLE,
  unavailableOption,
} from './request-modal.ts';

/** Options must be in the ack, within Slack's 3 s: a slower service gets an honest option. */
const SUGGEST_WITHIN_MS = 2_000;
/** The application list changes rarely; every keystroke in the picker would otherwise fetch it. */
const CATALOG_TTL_MS = 30_000;

export class AppCatalog {
  readonly #client: AccessClient;
  readonly #now: () => number;
  #cached: { at: number; apps: Promise<WorkApp[]> } | undefined;

  constructor(client: AccessClient, now: () => number = Date.now) {
    this.#client = client;
    this.#now = now;
  }

  apps(): Promise<WorkApp[]> {
    if (this.#cached && this.#now() - this.#cached.at < CATALOG_TTL_MS) return this.#cached.apps;
    const apps = Array.fromAsync(this.#client.listWorkApps());
    const entry = { at: this.#now(), apps };
    this.#cached = entry;
    apps.catch(() => {
      if (this.#cached === entry) this.#cached = undefined;
    });
    return apps;
  }

  /** Applications matching what was typed, by name, at most a select's 100. */
  async suggest(typed: string): Promise<WorkApp[]> {
    const q = typed.trim();
    return (await this.apps())
      .filter((app) => !q || appMatches(app, q))
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, limits.options);
  }
}

export async function openRequestForm(
  c: SlackContext,
  triggerId: string,
  meta: RequestMetadata,
): Promise<void> {
  await c.api.call('views.open', { trigger_id: triggerId, view: requestModal(meta) }, z.unknown());
}

export function registerRequestForm(app: App, c: SlackContext, notifier: Notifier): void {
  const catalog = new AppCatalog(c.client);

  app.options(actionIds.requestApp, async ({ ack, body }) => {
    const typed = Suggestion.safeParse(body);
    const found = await Promise.race([
      catalog.suggest(typed.success ? typed.data.value : '').catch((error: unknown) => {
        c.log.warn({ err: error }, 'could not list applications for the request form');
        return undefined;
      }),
      delay(SUGGEST_WITHIN_MS, undefined),
    ]);
    await ack({ options: found ? found.map(appOption) : [unavailableOption()] });
  });

  app.action(actionIds.requestApp, async ({ ack, body }) => {
    await ackFirst(ack);
    const click = Click.safeParse(body);
    const view = click.success ? click.data.view : undefined;
    const picked = click.success ? click.data.actions[0]?.selected_option : undefined;
    if (!view || !picked) return;
    const meta = readMetadata(Meta, view.private_metadata) ?? {};
    const justification =
      inputOf(view.state, requestBlocks.why, actionIds.requestWhy)?.value ?? undefined;
    const levels = await levelsOf(c, picked.value);
    await c.api
      .call(
        'views.update',
        {
          view_id: view.id,
          ...(view.hash ? { hash: view.hash } : {}),
          view: requestModal(meta, { app: picked, levels, justification }),
        },
        z.unknown(),
      )
      .catch((error: unknown) => {
        // hash_conflict: the person picked again meanwhile and a newer update wins.
        c.log.info({ err: error }, 'the request form was not updated');
      });
  });

  app.view(callbackIds.request, async ({ ack, body }) => {
    const submission = Submission.safeParse(body);
    if (!submission.success) {
      await ack({
        response_action: 'errors',
        errors: { [requestBlocks.app]: 'This form is out of date. Close it and start again.' },
      });
      return;
    }
    const { state, private_metadata } = submission.data.view;
    const picked = inputOf(state, requestBlocks.app, actionIds.requestApp)?.selected_option;
    if (!picked || picked.value === UNAVAILABLE) {
      await ack({
        response_action: 'errors',
        errors: { [requestBlocks.app]: 'Choose an application from the list.' },
      });
      return;
    }
    const levelBlock = requestBlocks.level(picked.value);
    const level = inputOf(state, levelBlock, actionIds.requestLevel);
    if (level && !level.selected_option) {
      await ack({ response_action: 'errors', errors: { [levelBlock]: 'Choose a level.' } });
      return;
    }
    await ackFirst(ack);
    const userId = submission.data.user.id;
    const justification =
      inputOf(state, requestBlocks.why, actionIds.requestWhy)?.value?.trim() || undefined;
    const chosenLevel = level?.selected_option;
    let reply: Reply;
    try {
      const link = await c.bot.identity.resolve(slackActor(c.api, userId));
      reply = await submitRequest(
        c.client,
        link.accessUserId,
        { id: picked.value, name: picked.text.text },
        chosenLevel ? { id: chosenLevel.value, name: chosenLevel.text.text } : undefined,
        justification,
      );
    } catch (error) {
      reply = replyForError(error, c.log);
    }
    c.metrics.actions.inc({ platform: 'slack', action: 'request', outcome: reply.tone });
    const meta = readMetadata(Meta, private_metadata) ?? {};
    await answer(c, notifier, userId, meta.responseUrl, reply);
  });
}

async function levelsOf(c: SlackContext, appId: string): Promise<LevelChoice> {
  if (appId === UNAVAILABLE) {
    return {
      kind: 'message',
      text: 'The Access Service is not answering; pick again in a minute.',
    };
  }
  try {
    return { kind: 'levels', levels: await Array.fromAsync(c.client.listPermissionLevels(appId)) };
  } catch (error) {
    return { kind: 'message', text: replyForError(error, c.log).summary };
  }
}

/** Back where the command was typed; a DM when there is no response_url or it has expired. */
async function answer(
  c: SlackContext,
  notifier: Notifier,
  userId: string,
  responseUrl: string | undefined,
  reply: Reply,
): Promise<void> {
  if (responseUrl) {
    try {
      await c.api.respond(responseUrl, { response_type: 'ephemeral', ...renderReply(reply) });
      return;
    } catch (error) {
      c.log.info({ err: error }, 'response_url refused the answer; sending it as a DM');
    }
  }
  await notifier.post({ kind: 'user', chatUserId: userId }, reply);
}
