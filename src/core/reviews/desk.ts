/**
 * `reviews` and `review <app>`: a reviewer's own pending access reviews, read from their own
 * task list each time, so a row is only ever a task they may decide. Keep and Revoke are the
 * task's own Approve and Decline, decided like any click (tasks/decide.ts).
 */

import { z } from 'zod';
import type { Logger } from '../../log.ts';
import type { Actors } from '../actor.ts';
import type { ChatActor } from '../identity.ts';
import { type Reply, warning } from '../reply.ts';
import type { TaskAudience } from '../tasks/index.ts';
import { inert } from '../text.ts';
import type { Handlers, Turn } from '../turn.ts';
import { batchReply, type ReviewBatches } from './batch.ts';
import type { ReviewCommand } from './commands.ts';
import { type DefaultGroups, defaultsOf } from './defaults.ts';
import { groupsNamed, type ReviewGroup, reviewGroups } from './groups.ts';
import { groupPage, pageTasks, reviewsReply, whichGroup } from './messages.ts';

export interface ReviewDeskDeps {
  actors: Actors;
  audience: Pick<TaskAudience, 'pending'>;
  batches: ReviewBatches;
  /** Which groups give a person an access by default; unset: rows do not say. */
  defaultGroups?: DefaultGroups;
  log: Logger;
}

/** A group's "everyone left" button: the group's key (its ids), then what to do. */
const Clicked = z
  .string()
  .max(1000)
  .transform((value) => {
    const at = value.lastIndexOf(':');
    return [value.slice(0, at), value.slice(at + 1)];
  })
  .pipe(z.tuple([z.string().min(1), z.enum(['keep', 'revoke'])]));

export class ReviewDesk {
  readonly #d: ReviewDeskDeps;

  readonly commands: Handlers<ReviewCommand> = {
    reviews: async (turn) => reviewsReply(turn.v, await this.#groups(turn)),
    review: async (turn, c) => {
      const found = await this.#group(turn, c.target);
      if (!('tasks' in found)) return found;
      if (!c.batch) {
        const { defaultGroups, log } = this.#d;
        const defaults = await defaultsOf(defaultGroups, pageTasks(found, c.page), log);
        return groupPage(turn.v, found, c.page, defaults);
      }
      return batchReply(this.#d.batches, await turn.link(), turn.v, found, c.batch, c.reason);
    },
  };

  constructor(deps: ReviewDeskDeps) {
    this.#d = deps;
  }

  /**
   * "Keep everyone left" or "Revoke everyone left" clicked: the confirmation of the group as it
   * now stands in the clicker's own list (a revoke without its reason says how to give one).
   */
  clicked(actor: ChatActor, value: string, reason?: string): Promise<Reply> {
    return this.#d.actors.reply(actor, async (link, v) => {
      const said = Clicked.safeParse(value);
      const groups = reviewGroups(await this.#d.audience.pending(link));
      const group = said.success && groups.find((g) => g.key === said.data[0]);
      if (!said.success || !group) return warning(v, v.t('reviews.groupGone'));
      return batchReply(this.#d.batches, link, v, group, said.data[1], reason);
    });
  }

  async #groups(turn: Turn): Promise<ReviewGroup[]> {
    return reviewGroups(await this.#d.audience.pending(await turn.link()));
  }

  async #group(turn: Turn, target: string): Promise<ReviewGroup | Reply> {
    const { v } = turn;
    const groups = groupsNamed(await this.#groups(turn), target);
    if (groups.length === 1) return groups[0]!;
    if (groups.length > 1) return whichGroup(v, groups);
    return warning(v, v.t('reviews.noGroup', { target: inert(target, 80) }));
  }
}
