/** The Slack app manifest asks for what the adapter uses, and points Slack at /slack/events. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { STEP_CALLBACK_ID } from '../../adapters/slack/workflow-step.ts';
import { loadConfig } from '../../src/app/config.ts';

const manifest = readFileSync(new URL('../../manifest/slack.yaml', import.meta.url), 'utf8');
const values = (key: string) =>
  [...manifest.matchAll(new RegExp(`^\\s*-?\\s*${key}:\\s*(\\S+)`, 'gm'))].map((m) => m[1]);

describe('manifest/slack.yaml', () => {
  it('asks for exactly the bot scopes accessbot uses', () => {
    const bot = manifest.slice(manifest.indexOf('bot:\n', manifest.indexOf('scopes:')));
    const scopes = [...bot.slice(0, bot.indexOf('settings:')).matchAll(/^\s+- ([a-z.:]+)$/gm)].map(
      (m) => m[1],
    );
    expect(scopes).toEqual([
      'commands',
      'chat:write',
      'im:write',
      'im:history',
      'channels:history',
      'groups:history',
      'users:read',
      'users:read.email',
    ]);
  });

  it('sends commands, interactivity, option loads and events to /slack/events', () => {
    const urls = [
      ...values('url'),
      ...values('request_url'),
      ...values('message_menu_options_url'),
    ];
    expect(urls).toHaveLength(4);
    for (const url of urls) expect(url).toMatch(/^https:\/\/[^/]+\/slack\/events$/);
    expect(manifest).toMatch(/bot_events:\n\s+- app_home_opened/);
    expect(values('home_tab_enabled')).toEqual(['true']);
    expect(values('socket_mode_enabled')).toEqual(['false']);
  });

  it('names the slash command SLACK_COMMAND defaults to', () => {
    const config = loadConfig({
      ACCESS_API_URL: 'sandbox',
      SLACK_BOT_TOKEN: 'xoxb-x',
      SLACK_SIGNING_SECRET: 'secret',
    });
    expect(values('command')).toEqual([config.slack?.command]);
  });

  it('defines the workflow step Bolt listens for, on an org-ready app with its event', () => {
    const parsed = parse(manifest);
    expect(parsed.settings).toMatchObject({ org_deploy_enabled: true, function_runtime: 'remote' });
    expect(parsed.settings.event_subscriptions.bot_events).toContain('function_executed');
    const step = parsed.functions[STEP_CALLBACK_ID];
    expect(step.title).toBe('Request application access');
    const inputs = step.input_parameters;
    expect(Object.keys(inputs.properties)).toEqual([
      'person',
      'application',
      'permission_level',
      'justification',
      'filed_by',
    ]);
    expect(inputs.properties.person.type).toBe('slack#/types/user_id');
    expect(inputs.properties.filed_by.type).toBe('slack#/types/user_id');
    expect(inputs.properties.filed_by.description).toContain('Person who used this workflow');
    expect(inputs.required).toEqual(['person', 'application', 'justification', 'filed_by']);
    const outputs = step.output_parameters;
    expect(Object.keys(outputs.properties)).toEqual(['outcome', 'decided_by', 'reason', 'request']);
    expect(outputs.required).toEqual(['outcome']);
  });
});
