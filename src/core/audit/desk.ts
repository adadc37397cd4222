/** `history`, `receipt`, `report`, and the App Home's recent actions. */
import type { z } from 'zod';
import type { Actors } from '../actor.ts';
import { findPerson, personName } from '../find-person.ts';
import type { ChatActor } from '../identity.ts';
import type { Reply } from '../reply.ts';
import type { Handlers, Turn } from '../turn.ts';
import type { HistoryCommand, HistorySubject, ReceiptCommand, ReportCommand } from './commands.ts';
import type { AuditDeps } from './deps.ts';
import { HISTORY_SHOWN, historyReply, type NamedEntry, ownQuery, readHistory } from './history.ts';
import { receiptReply } from './receipt.ts';
import { reportReply } from './report-chat.ts';

export class AuditDesk {
  readonly #d: AuditDeps & { actors: Actors };

  readonly commands: Handlers<
    z.infer<typeof HistoryCommand> | z.infer<typeof ReportCommand> | z.infer<typeof ReceiptCommand>
  > = {
    history: (turn, c) => this.#history(turn, c.subject),
    report: async ({ v, link }, c) => reportReply(this.#d, await link(), v, c.days),
    receipt: async ({ v, link }, c) => receiptReply(this.#d, await link(), v, c.code),
  };

  constructor(deps: AuditDeps & { actors: Actors }) {
    this.#d = deps;
  }

  /** Newest first, with the Access user they are for; undefined when they cannot be read now. */
  async recent(
    actor: ChatActor,
    limit: number,
  ): Promise<{ entries: NamedEntry[]; viewer?: string } | undefined> {
    const link = await this.#d.actors.link(actor).catch(() => undefined);
    const entries = await readHistory(this.#d, ownQuery(actor, link, limit));
    return entries && { entries, viewer: link?.accessUserId };
  }

  async #history({ v, place, link: linked }: Turn, subject: HistorySubject): Promise<Reply> {
    const deps = this.#d;
    const link = await linked();
    if (subject.kind === 'own') {
      const entries = await readHistory(deps, ownQuery(link, link, HISTORY_SHOWN));
      return historyReply(v, entries, v.t('history.own'), {
        viewer: link.accessUserId,
        withActor: false,
      });
    }
    const allowed = await deps.mayAudit(link, v);
    if (!allowed.ok) return allowed.reply;
    if (subject.kind === 'all') {
      const entries = await readHistory(deps, { limit: HISTORY_SHOWN });
      return historyReply(v, entries, v.t('history.everyone'), { withActor: true });
    }
    const found = await findPerson({ ...deps, mention: place.mention }, v, subject.person);
    if ('reply' in found) return found.reply;
    const { person } = found;
    // What an auditor asks of a person: what they did, not what was done to them.
    const entries = await readHistory(deps, { by: person.accessUserId, limit: HISTORY_SHOWN });
    return historyReply(v, entries, v.t('history.of', { name: personName(person) }), {
      withActor: false,
    });
  }
}
