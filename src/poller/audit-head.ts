/**
 * Once a day, on one replica, the audit chain's head (its last link's entry, place and hash) is
 * posted to the auditors' channel (`AUDIT_HEAD_CHANNEL`) through the outbox, under the event
 * `audit-head:<UTC day>`, so a day's head is posted once across replicas and restarts; and it is
 * always written to the log. A head kept where the store's operator cannot write catches a log
 * rewritten whole (`npm run audit -- --verify --head <hash>`).
 */
import { headMessage } from '../core/audit/index.ts';
import type { Platform } from '../store/store.ts';
import type { PollerContext } from './context.ts';
import { target, voiceOf } from './targets.ts';

const DAY_MS = 86_400_000;
const JOB = 'audit-head';

export interface HeadChannel {
  platform: Platform;
  channelId: string;
}

/** `slack:C0123456` or `teams:<conversation id>`. */
export function parseHeadChannel(value: string): HeadChannel {
  const match = /^(slack|teams):(\S+)$/.exec(value.trim());
  if (!match) throw new Error('must be slack:<channel id> or teams:<conversation id>');
  return { platform: match[1] as Platform, channelId: match[2]! };
}

export async function postAuditHead(
  ctx: PollerContext,
  channel: HeadChannel | undefined,
): Promise<void> {
  const { store, clock, log } = ctx;
  const now = clock.now();
  try {
    if (!(await store.claimScheduledRun(JOB, now, new Date(now.getTime() + DAY_MS)))) return;
    const head = await store.auditHead();
    const day = now.toISOString().slice(0, 10);
    const { entryId, link, hash } = head;
    log.info({ auditHead: { day, entryId, link, hash } }, 'audit chain head');
    if (!channel || !ctx.notifiers.has(channel.platform)) return;
    const to = { kind: 'channel' as const, channelId: channel.channelId };
    const v = await voiceOf(ctx, channel.platform, to);
    await ctx.outbox.send({
      event: `${JOB}:${day}`,
      target: target(channel.platform, to, 'auditHead'),
      accessUserId: JOB,
      message: headMessage(v, { day, entryId, link, hash }),
    });
  } catch (error) {
    log.warn({ err: error }, 'the audit chain head could not be posted; tried again tomorrow');
  }
}
