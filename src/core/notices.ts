/**
 * The "tell this person" port: a short direct message to an Access user on every platform where
 * they are linked, sent once per event however often it is asked for and whatever replica dies
 * when (the poller's outbox implements it). A person who cannot be reached is logged, and the
 * change they are told about stands.
 */
import type { Voice } from './i18n/voice.ts';
import type { Reply } from './reply.ts';

export interface TellPerson {
  /**
   * `event` names what they are told of (e.g. a group change's id): one message per event,
   * written in each of the person's chat identities' own voice.
   */
  tell(accessUserId: string, event: string, message: (v: Voice) => Reply): Promise<void>;
}
