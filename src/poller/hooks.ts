/**
 * The core's sweep port (core/sweep.ts) as the poller carries it out: what the features' hooks
 * tell, settle and escalate becomes notifications of the outbox (claimed, then sent or edited
 * once, targets.ts); the service is reached through the poll's gate.
 */
import type { Sweep } from '../core/sweep.ts';
import type { LinkStore } from '../store/store.ts';
import { driveEdit, showAround } from './cards.ts';
import type { PollerContext, PollerStore } from './context.ts';
import { claimAndDrive } from './deliver.ts';
import { servedLinks } from './linked-users.ts';
import { keyOf, versionOf } from './notification.ts';
import { findTask } from './resolve.ts';
import { isBrief } from './rules.ts';
import {
  destinationOf,
  directTargets,
  escalationTargets,
  KINDS,
  kindOf,
  voiceOf,
} from './targets.ts';

/** Telling people needs no poll and no service. */
type TellContext = Pick<PollerContext<LinkStore>, 'store' | 'outbox' | 'notifiers' | 'voices'>;

export const tellers = (ctx: TellContext): Pick<Sweep, 'linksOf' | 'tell'> => ({
  linksOf: (accessUserIds) => servedLinks(ctx, accessUserIds),
  async tell(links, { kind, round, event, accessUserId, message, notBefore }) {
    const served = links.filter((link) => ctx.notifiers.has(link.platform));
    for (const target of directTargets(served, kind, round)) {
      const v = await voiceOf(ctx, target.platform, target.destination);
      await ctx.outbox.send({ event, target, accessUserId, message: message(v), notBefore });
    }
  },
});

export function sweepOf(ctx: PollerContext): Sweep<PollerStore> {
  const { store, clock, rules } = ctx;
  return {
    ...ctx,
    ...tellers(ctx),
    async nameOf(accessUserId) {
      const links = await servedLinks(ctx, [accessUserId]);
      return links.find((l) => l.displayName)?.displayName ?? links[0]?.email;
    },
    findTask: (taskId) => findTask(ctx, taskId),
    ...(ctx.context && { defaultGroups: ctx.context.defaultGroups.bind(ctx.context) }),
    service: (call) => ctx.gate.run(() => call(ctx.client)),
    showAround: (taskIds) => showAround(ctx, taskIds),
    isCard: (n) => kindOf(n.recipient) === 'approver',

    async settle(event, kind, round, message) {
      const prefix = `${KINDS[kind].prefix}${round ? `${round}:` : ''}`;
      for (const n of await store.listNotifications({ taskIds: [event] })) {
        if (!n.recipient.startsWith(prefix) || n.resolvedAt || !ctx.notifiers.has(n.platform)) {
          continue;
        }
        const v = await voiceOf(ctx, n.platform, destinationOf(n));
        // Resolved: its message shows this for good, or, never posted, is dropped unsent.
        const body = { message: message(v) };
        const resolved = await store.resolveNotification(keyOf(n), body, ctx.owner, clock.now());
        if (resolved?.intent?.owner === ctx.owner) await ctx.outbox.drive(resolved, false);
      }
    },

    async showCard(links, { event, accessUserId, message }) {
      const sent = await store.listNotifications({ taskIds: [event] });
      const served = links.filter((link) => ctx.notifiers.has(link.platform));
      for (const target of directTargets(served, 'review')) {
        const v = await voiceOf(ctx, target.platform, target.destination);
        const body = message(v);
        const shows = versionOf(body);
        const n = sent.find(
          (m) => m.platform === target.platform && m.recipient === target.recipient,
        );
        if (!n) {
          await ctx.outbox.send({
            event,
            target,
            accessUserId,
            message: body,
            shownVersion: shows,
          });
          continue;
        }
        if (n.resolvedAt || n.intent || !n.messageRef || n.shownVersion === shows) continue;
        const key = keyOf(n);
        if (
          await store.refreshNotification(key, { message: body }, ctx.owner, clock.now(), shows)
        ) {
          await driveEdit(ctx, key);
        }
      }
    },

    async escalateTo(task, event, accessUserId, message) {
      const served = new Set(ctx.notifiers.keys());
      const targets = escalationTargets(task, rules, served, 'reviewEscalation');
      for (const target of targets) {
        const v = await voiceOf(ctx, target.platform, target.destination);
        const brief = isBrief(rules, target.platform, target.recipient);
        await ctx.outbox.send({ event, target, accessUserId, message: message(v, brief) });
      }
      return targets.length > 0;
    },

    async escalate(task, posted, accessUserId, compose) {
      const claimed = new Set(posted.map((n) => `${n.platform}:${n.recipient}`));
      const targets = escalationTargets(task, rules, new Set(ctx.notifiers.keys())).filter(
        (t) => !claimed.has(`${t.platform}:${t.recipient}`),
      );
      const message = targets.length ? await compose() : undefined;
      if (!message) return;
      for (const target of targets) {
        const v = await voiceOf(ctx, target.platform, target.destination);
        const brief = isBrief(rules, target.platform, target.recipient);
        await claimAndDrive(ctx, task, target, accessUserId, message(v, brief));
      }
    },
  };
}
