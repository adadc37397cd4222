/** The Slack app manifest asks for what the adapter uses, and points Slack at /slack/events. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
});
