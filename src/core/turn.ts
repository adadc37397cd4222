/** One command as a feature's handler receives it, after the actor pipeline (actor.ts). */
import type { IdentityLink } from '../store/store.ts';
import type { Voice } from './i18n/voice.ts';
import type { ChatActor } from './identity.ts';
import type { Place } from './place.ts';
import type { Reply } from './reply.ts';

export interface Turn {
  actor: ChatActor;
  v: Voice;
  place: Place;
  /** Resolved when a handler first needs it. */
  link: () => Promise<IdentityLink>;
}

export type Handlers<C extends { name: string }> = {
  [K in C['name']]: (turn: Turn, command: Extract<C, { name: K }>) => Promise<Reply>;
};
