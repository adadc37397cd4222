/** What the group commands work with, built once by the bot. */
import { randomInt } from 'node:crypto';
import type { AccessClient } from '../../access/client.ts';
import type { Logger } from '../../log.ts';
import type {
  AuditStore,
  AwayStore,
  ChannelGroupStore,
  GroupChangeStore,
  LinkStore,
  ReportStore,
  TaskQuestionStore,
} from '../../store/store.ts';
import type { Identity } from '../identity.ts';
import type { TellPerson } from '../notices.ts';
import type { GroupRules } from './rules.ts';

/** The links name the approvers in a report; questions and absences are counted in it. */
export type GroupStore = GroupChangeStore &
  ChannelGroupStore &
  AuditStore &
  LinkStore &
  TaskQuestionStore &
  AwayStore &
  ReportStore;

export interface GroupDeps {
  client: AccessClient;
  store: GroupStore;
  identity: Identity;
  rules: GroupRules;
  notices?: TellPerson;
  log: Logger;
  now: () => Date;
  newId: () => string;
  /** How long a confirmation card may be confirmed. */
  confirmWithinMs: number;
  /** Audit rows a report in chat may read. */
  reportMaxRows: number;
}

/** Long enough to read the card and click; short enough that a forgotten card goes stale. */
export const CONFIRM_WITHIN_MS = 15 * 60_000;

/** No 0/o, 1/l/i: the id is read off a card and typed. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A change's id: 10 characters, about 49 bits, so a card's id cannot be guessed. */
export function newChangeId(): string {
  return Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
