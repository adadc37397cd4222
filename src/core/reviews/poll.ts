/** What the poller's hook for access reviews works with each round of a poll of one approver. */
import type { Task } from '../../access/schemas.ts';
import type { IdentityLink, LinkStore, Notification } from '../../store/store.ts';
import type { Sweep } from '../sweep.ts';
import type { ReviewCardStore } from './store.ts';

export interface ReviewPoll {
  accessUserId: string;
  /** Their chat identities on the platforms served. */
  links: readonly IdentityLink[];
  /** Their pending list. */
  tasks: readonly Task[];
  /** Their unresolved messages, as the poll found them. */
  open: readonly Notification[];
  /** Whether it is their working hours. */
  nudgeable: () => Promise<boolean>;
  /** `digest daily`: their reviews wait for the digest, with no card (they are still escalated). */
  held: boolean;
  /** Their time zone. */
  zone: () => Promise<string>;
}

export type ReviewSweep = Sweep<ReviewCardStore & LinkStore>;
