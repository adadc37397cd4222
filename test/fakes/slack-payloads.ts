/**
 * Requests shaped like the ones Slack sends (field names from Slack's reference): slash commands,
 * `block_actions` clicks built from the blocks the bot actually posted, view submissions,
 * `block_suggestion` option loads and Events API callbacks — each signed and posted.
 */
import { BOT_USER_ID } from './slack-api.ts';
import { post, type Sent, signedHeaders } from './slack-bot.ts';

type Json = Record<string, unknown>;
interface Block {
  type: string;
  block_id?: string;
  elements?: Json[];
  element?: Json;
}

const team = { id: 'T-TEAM', domain: 'test' };
let triggers = 0;
const trigger = () => `trigger-${++triggers}`;

/** The envelope every interaction payload has: its type, who acted, the app and workspace. */
const envelope = (type: string, user: string) => ({
  type,
  user: { id: user, username: user.toLowerCase(), team_id: team.id },
  api_app_id: 'A-APP',
  token: 'verification-token',
  trigger_id: trigger(),
  team,
});

export function commandBody(text: string, user: string, responseUrl: string, command = '/access') {
  return new URLSearchParams({
    token: 'verification-token',
    team_id: team.id,
    team_domain: team.domain,
    channel_id: 'C-GENERAL',
    channel_name: 'general',
    user_id: user,
    user_name: user.toLowerCase(),
    command,
    text,
    api_app_id: 'A-APP',
    response_url: responseUrl,
    trigger_id: trigger(),
  }).toString();
}

export function sendCommand(url: string, text: string, user: string, responseUrl: string) {
  const body = commandBody(text, user, responseUrl);
  return post(url, body, 'form', signedHeaders(body));
}

export function sendInteraction(url: string, payload: Json): Promise<Sent> {
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  return post(url, body, 'form', signedHeaders(body));
}

export function sendEvent(url: string, event: Json): Promise<Sent> {
  const body = JSON.stringify({
    token: 'verification-token',
    team_id: team.id,
    api_app_id: 'A-APP',
    type: 'event_callback',
    event_id: `Ev-${trigger()}`,
    event_time: Math.floor(Date.now() / 1000),
    event,
  });
  return post(url, body, 'json', signedHeaders(body));
}

/**
 * A `function_executed` event of the "Request application access" step, shaped as Slack sends it
 * (Bolt's own tests: test/unit/helpers/events.ts), with the manifest's inputs.
 */
export function stepExecuted(executionId: string, inputs: Record<string, string>) {
  const parameter = (name: string, type: string, required: boolean) => ({
    type,
    name,
    description: name,
    title: name,
    is_required: required,
  });
  return {
    type: 'function_executed',
    function: {
      id: 'Fn-REQUEST',
      callback_id: 'request_access',
      title: 'Request application access',
      description: 'Files an access request for a person and finishes once it is decided.',
      type: 'app',
      input_parameters: [
        parameter('person', 'slack#/types/user_id', true),
        parameter('application', 'string', true),
        parameter('permission_level', 'string', false),
        parameter('justification', 'string', true),
        parameter('filed_by', 'slack#/types/user_id', true),
      ],
      output_parameters: [
        parameter('outcome', 'string', true),
        parameter('decided_by', 'string', false),
        parameter('reason', 'string', false),
        parameter('request', 'string', false),
      ],
      app_id: 'A-APP',
      date_updated: 1659054991,
      date_deleted: 0,
      date_created: 1725987754,
    },
    inputs,
    function_execution_id: executionId,
    workflow_execution_id: `Wf-${executionId}`,
    event_ts: '1659055013.509853',
    bot_access_token: 'xwfp-step-token',
  };
}

/** Finds the button with `actionId` (and `value`, when given) in posted blocks. */
export function findButton(blocks: unknown[], actionId: string, value?: string) {
  for (const block of blocks as Block[]) {
    if (block.type !== 'actions') continue;
    const button = block.elements?.find(
      (e) => e.action_id === actionId && (value === undefined || e.value === value),
    );
    if (button) return { block, button };
  }
  throw new Error(`no ${actionId} button${value ? ` for ${value}` : ''} in the posted blocks`);
}

/** Where the clicked blocks are: an ephemeral answer, a posted message, or App Home. */
export type Where =
  | { kind: 'ephemeral'; responseUrl: string }
  | { kind: 'message'; channel: string; ts: string; responseUrl: string }
  | { kind: 'home'; viewId: string };

export function clickPayload(
  blocks: unknown[],
  actionId: string,
  user: string,
  where: Where,
  value?: string,
): Json {
  const { block, button } = findButton(blocks, actionId, value);
  const action = {
    type: 'button',
    action_id: button.action_id,
    block_id: block.block_id ?? 'b',
    text: button.text,
    value: button.value,
    action_ts: String(Date.now() / 1000),
  };
  const common = { ...envelope('block_actions', user), actions: [action] };
  switch (where.kind) {
    case 'ephemeral':
      return {
        ...common,
        container: {
          type: 'message',
          message_ts: '1.2',
          channel_id: 'C-GENERAL',
          is_ephemeral: true,
        },
        channel: { id: 'C-GENERAL', name: 'general' },
        response_url: where.responseUrl,
      };
    case 'message':
      return {
        ...common,
        container: {
          type: 'message',
          message_ts: where.ts,
          channel_id: where.channel,
          is_ephemeral: false,
        },
        channel: { id: where.channel },
        message: { type: 'message', user: BOT_USER_ID, ts: where.ts, text: 'task', blocks },
        response_url: where.responseUrl,
      };
    case 'home':
      return {
        ...common,
        container: { type: 'view', view_id: where.viewId },
        view: {
          id: where.viewId,
          type: 'home',
          blocks,
          private_metadata: '',
          hash: 'hash-home',
          state: { values: {} },
        },
      };
  }
}

/** A select in a modal, as Slack reports it (`block_actions` with the view and its state). */
export function selectPayload(
  view: Json,
  actionId: string,
  user: string,
  option: Json,
  state: Json = {},
) {
  return {
    ...envelope('block_actions', user),
    container: { type: 'view', view_id: view.id },
    view: { ...view, state: { values: state } },
    actions: [
      {
        type: 'external_select',
        action_id: actionId,
        block_id: 'app',
        selected_option: option,
        action_ts: String(Date.now() / 1000),
      },
    ],
  };
}

export function submissionPayload(view: Json, user: string, values: Json): Json {
  return {
    ...envelope('view_submission', user),
    view: { ...view, hash: 'hash-x', state: { values } },
  };
}

export function suggestionPayload(view: Json, actionId: string, user: string, value: string): Json {
  return {
    ...envelope('block_suggestion', user),
    container: { type: 'view', view_id: view.id },
    view,
    action_id: actionId,
    block_id: 'app',
    value,
  };
}
