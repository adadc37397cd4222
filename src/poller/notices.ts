/**
 * The core's "tell this person" port through the outbox: one direct message per chat identity
 * of the person on each platform served, claimed before it is sent (kind `member`), so that it
 * goes out once per event whatever replica dies when.
 */
import type { VoiceDefaults } from '../core/i18n/voice.ts';
import type { TellPerson } from '../core/notices.ts';
import type { Notifier } from '../core/notifier.ts';
import type { LinkStore, Platform } from '../store/store.ts';
import { servedLinks } from './linked-users.ts';
import type { Outbox } from './outbox.ts';
import { directTargets, voiceOf } from './targets.ts';

export interface NoticesContext {
  store: LinkStore;
  outbox: Outbox;
  notifiers: ReadonlyMap<Platform, Notifier>;
  voices?: VoiceDefaults;
}

export const outboxNotices = (ctx: NoticesContext): TellPerson => ({
  async tell(accessUserId, event, message) {
    for (const target of directTargets(await servedLinks(ctx, [accessUserId]), 'member')) {
      const v = await voiceOf(ctx, target.platform, target.destination);
      await ctx.outbox.send({ event, target, accessUserId, message: message(v) });
    }
  },
});
