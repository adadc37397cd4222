/** What `requests` and `nudge` add about a waiting request: approvers away, a question. */
import type { Away, TaskQuestion } from '../../store/store.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { inert } from '../text.ts';

export interface Approvers {
  away: Array<{ name: string; untilDay: string }>;
  others: string[];
}

export function approversOf(
  ids: readonly string[],
  names: ReadonlyMap<string, string>,
  away: readonly Away[],
): Approvers {
  const byId = new Map(away.map((a) => [a.accessUserId, a]));
  const result: Approvers = { away: [], others: [] };
  for (const id of ids) {
    const gone = byId.get(id);
    const name = names.get(id) || gone?.name;
    if (gone) result.away.push({ name: name ?? gone.name, untilDay: gone.untilDay });
    else if (name) result.others.push(name);
  }
  return result;
}

/** "Alan Turing is away until Tue, Dec 1 2026; Ada Lovelace can decide it." */
export function awaySentence(v: Voice, a: Approvers): string | undefined {
  if (!a.away.length) return undefined;
  const away = v.list(
    a.away.map((p) => v.t('away.person', { name: inert(p.name, 100), day: v.day(p.untilDay) })),
  );
  const others = a.others.map((name) => inert(name, 100));
  return v.t('away.whoElse', {
    away,
    others: v.list(others),
    withOthers: flag(others.length),
  });
}

/** "Ada Lovelace asks: “…” — answer with `answer 2 -- <your answer>`." */
export const questionSentence = (v: Voice, q: TaskQuestion, n: number) =>
  v.t('requests.question', {
    asker: inert(q.askedByName, 100),
    question: inert(q.question, 200),
    n,
  });
