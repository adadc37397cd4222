/**
 * App Home's digest control (drawn in home.ts): a change of how tasks reach the person, or of the
 * time, is saved through the core's digest desk, as `digest daily 09:00` would be, and the tab
 * shows the outcome.
 */
import type { App } from '@slack/bolt';
import { DigestMode, DigestTime } from '../../src/core/digest/store.ts';
import { speaker } from './actor.ts';
import type { SlackContext } from './context.ts';
import { publishHome } from './home.ts';
import { actionIds, Click } from './payloads.ts';
import { renderBlocks } from './render.ts';

export function registerDigest(app: App, c: SlackContext): void {
  const count = (outcome: string) =>
    c.metrics.actions.inc({ platform: 'slack', action: 'digest', outcome });
  const onChange = (actionId: string, choose: (action: Click['actions'][number]) => Choice) =>
    app.action(actionId, async ({ ack, body }) => {
      await ack();
      const click = Click.safeParse(body);
      const choice = click.success ? choose(click.data.actions[0]!) : undefined;
      if (!click.success || !choice) return count('malformed');
      const userId = click.data.user.id;
      const actor = await speaker(c, userId);
      const mode = choice.mode ?? (await c.bot.digest.now(actor)).mode;
      const reply = await c.bot.digest.set(actor, mode, choice.time);
      count(reply.tone);
      await publishHome(c, userId, renderBlocks(reply));
    });
  onChange(actionIds.digestMode, (action) => {
    const mode = DigestMode.safeParse(action.selected_option?.value);
    return mode.success ? { mode: mode.data } : undefined;
  });
  onChange(actionIds.digestTime, (action) => {
    const time = DigestTime.safeParse(action.selected_time);
    return time.success ? { time: time.data } : undefined;
  });
}

type Choice = { mode?: DigestMode; time?: string } | undefined;
