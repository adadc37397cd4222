/**
 * Teams people as the Bot Connector describes them (`TeamsInfo.getMember`): the only source of a
 * person's e-mail, never the activity the client sent. Read afresh when the core asks for an
 * address; who a `29:` id is never changes, so that is kept an hour.
 */
import { TeamsInfo, type TurnContext } from 'botbuilder';
import { z } from 'zod';
import { timedCache } from '../../src/core/cache.ts';
import { RECHECK_AFTER_MS } from '../../src/core/identity.ts';
import { RecipientGoneError } from '../../src/core/notifier.ts';
import { type ConnectorDeps, callConnector } from './api.ts';

/** The connector says `objectId`; botbuilder's type `aadObjectId` (filled only when listing). */
const Member = z
  .looseObject({
    objectId: z.string().optional(),
    aadObjectId: z.string().optional(),
    email: z.string().optional(),
    userPrincipalName: z.string().optional(),
  })
  .transform((m) => ({
    objectId: (m.objectId || m.aadObjectId)?.toLowerCase(),
    // The `userPrincipalName` is the sign-in address in most tenants.
    email: m.email || m.userPrincipalName || undefined,
  }));
export type Member = z.infer<typeof Member>;

const KNOWN_MAX = 10_000;

export class TeamsMembers {
  readonly #deps: ConnectorDeps;
  /** `member` is absent for someone the conversation does not hold, kept like any answer. */
  readonly #known;

  constructor(deps: ConnectorDeps, now: () => number) {
    this.#deps = deps;
    this.#known = timedCache({
      ttl: RECHECK_AFTER_MS,
      max: KNOWN_MAX,
      now,
      load: async (userId: string, context: TurnContext) => ({
        member: await this.#ask(context, userId),
      }),
    });
  }

  /** Undefined when the conversation does not hold them. */
  async read(context: TurnContext, userId: string): Promise<Member | undefined> {
    const member = await this.#ask(context, userId);
    this.#known.set(userId, { member });
    return member;
  }

  /** The same, from memory when it was read within the hour. */
  async known(context: TurnContext, userId: string): Promise<Member | undefined> {
    return (await this.#known.forceFetch(userId, { context })).member;
  }

  /** As `known`; `fresh` when it was read just now, not from memory. */
  async recall(
    context: TurnContext,
    userId: string,
  ): Promise<{ member: Member | undefined; fresh: boolean }> {
    const kept = this.#known.get(userId);
    if (kept) return { member: kept.member, fresh: false };
    return { member: await this.read(context, userId), fresh: true };
  }

  async #ask(context: TurnContext, userId: string): Promise<Member | undefined> {
    try {
      const found = await callConnector(this.#deps, 'getMember', () =>
        TeamsInfo.getMember(context, userId),
      );
      const member = Member.safeParse(found);
      if (member.success) return member.data;
      this.#deps.log.warn({ issues: member.error.issues.length }, 'unreadable Teams member');
      return undefined;
    } catch (error) {
      if (error instanceof RecipientGoneError) return undefined;
      throw error;
    }
  }
}
