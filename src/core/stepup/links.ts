/**
 * A pending confirmation's link: made when the confirmation is asked for, bound to the person who
 * must confirm it and to that confirmation, sent to them alone, good once and for minutes.
 */
import type { IdentityLink } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import type { Block } from '../reply.ts';
import { cut } from '../text.ts';
import type { StepUpStore } from './store.ts';
import { idOfToken, newToken, STEP_UP_WITHIN_MS } from './token.ts';

const DAY_MS = 86_400_000;

/** The page's path; its token travels as `?t=`. */
export const STEP_UP_PATH = '/passkey';

export interface LinkDeps {
  store: Pick<StepUpStore, 'saveStepUp' | 'passkeysOf' | 'pruneStepUps'>;
  now: () => Date;
  /** Where people reach accessbot (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
}

/** What a confirmation asks, said in the asker's voice: the link's page shows it again. */
export interface Asking {
  /** Null: the link adds a passkey. */
  confirmationId: string | null;
  taskId: string | null;
  summary: string;
}

/** Set when STEP_UP=passkey: a confirmation is asked with a link to its page, never a code. */
export type AskStepUp = (link: IdentityLink, v: Voice, asking: Asking) => Promise<Block[]>;

export async function stepUpLink(
  deps: LinkDeps,
  link: IdentityLink,
  v: Voice,
  asking: Asking,
): Promise<Block[]> {
  const token = newToken();
  const now = deps.now();
  // Links a day past their end go as new ones are made: one indexed delete, on any replica.
  await deps.store.pruneStepUps(new Date(now.getTime() - DAY_MS));
  await deps.store.saveStepUp({
    id: idOfToken(token),
    platform: link.platform,
    chatUserId: link.chatUserId,
    accessUserId: link.accessUserId,
    locale: v.locale,
    confirmationId: asking.confirmationId,
    taskId: asking.taskId,
    summary: cut(asking.summary, 2000),
    challenge: null,
    provenAt: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STEP_UP_WITHIN_MS),
    usedAt: null,
  });
  const enrolled = (await deps.store.passkeysOf(link.platform, link.chatUserId)).length > 0;
  const url = `${deps.publicUrl}${STEP_UP_PATH}?t=${token}`;
  const minutes = STEP_UP_WITHIN_MS / 60_000;
  const text =
    asking.confirmationId === null
      ? v.t('stepup.chat.add', { minutes })
      : v.t('stepup.chat.ask', { enrolled: enrolled ? 'yes' : 'no', minutes });
  return [
    { kind: 'text', text },
    { kind: 'link', label: v.t('stepup.chat.open'), url },
  ];
}
