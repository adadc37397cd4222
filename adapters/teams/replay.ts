/**
 * Each Teams activity is carried out once: its id is kept in the store's replay guard (shared by
 * every replica) while its token is accepted, at most a day. It runs after authentication and the
 * tenant check, so a refused request writes nothing; when the store cannot say, it is served.
 */
import { createHash } from 'node:crypto';
import { ActivityTypes, type TurnContext } from 'botbuilder';
import { z } from 'zod';
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { ReplayGuard } from '../../src/core/platform.ts';
import type { Logger } from '../../src/log.ts';
import { answerInvoke, errorResponse, messageResponse } from './activity.ts';

type TurnLogic = (context: TurnContext) => Promise<void>;

/** botbuilder's `clockTolerance` when it checks a token's times. */
const TOLERANCE_MS = 5 * 60_000;
/** How long an activity without a token is remembered: the usual life of one. */
const UNSIGNED_MS = 60 * 60_000;
export const MAX_KEEP_MS = 24 * 60 * 60_000;

/** The claims botbuilder checked, as it keeps them on the turn. */
const Claims = z.object({ claims: z.array(z.object({ type: z.string(), value: z.unknown() })) });

function tokenEnd(context: TurnContext): number | undefined {
  const identity = Claims.safeParse(context.turnState.get(context.adapter.BotIdentityKey));
  const exp = identity.success ? identity.data.claims.find((c) => c.type === 'exp')?.value : 0;
  return typeof exp === 'number' && exp > 0 ? exp * 1000 + TOLERANCE_MS : undefined;
}

interface ReplayOptions {
  replays: ReplayGuard;
  now: () => Date;
  log: Logger;
  voiceOf: (person: { locale?: string }) => Voice;
}

export function onlyOnce(o: ReplayOptions, logic: TurnLogic): TurnLogic {
  return async (context) => {
    const { activity } = context;
    const v = () => o.voiceOf({ locale: activity.locale });
    if (!activity.id) {
      o.log.warn({ type: activity.type }, 'refused a Teams activity without an id');
      if (activity.type !== ActivityTypes.Invoke) return;
      return answerInvoke(context, errorResponse(400, 'BadRequest', v().t('teams.noActionId')));
    }
    if (await firstTime(o, context, activity.id)) return logic(context);
    o.log.warn({ type: activity.type }, 'refused a replayed Teams activity (same id seen before)');
    if (activity.type !== ActivityTypes.Invoke) return;
    await answerInvoke(context, messageResponse(v().t('teams.replayed')));
  };
}

async function firstTime(o: ReplayOptions, context: TurnContext, id: string): Promise<boolean> {
  const now = o.now();
  const end = tokenEnd(context) ?? now.getTime() + UNSIGNED_MS;
  const forgetAfter = new Date(Math.min(end, now.getTime() + MAX_KEEP_MS));
  const named = `${context.activity.conversation?.id ?? ''}\u0000${id}`;
  const key = `teams:${createHash('sha256').update(named).digest('base64url')}`;
  try {
    return await o.replays.firstSeen(key, now, forgetAfter);
  } catch (error) {
    o.log.warn({ err: error }, 'could not check a Teams activity for a replay; serving it');
    return true;
  }
}
