/** What a requester hears of how long their application's requests usually wait (audit's figure). */
import type { UsualWaits } from '../audit/index.ts';
import type { Voice } from '../i18n/voice.ts';

/** `said`, and the usual wait after it when there is one. */
export async function withUsualWait(
  usual: UsualWaits,
  v: Voice,
  app: { id: string; name: string },
  said: string,
): Promise<string> {
  const line = await usual.sentence(v, app);
  return line ? v.t('usual.after', { said, usual: line }) : said;
}

/** A note for each application, once, in the order given. */
export async function usualNotes(
  usual: UsualWaits,
  v: Voice,
  apps: ReadonlyMap<string, string>,
): Promise<{ kind: 'note'; text: string }[]> {
  const lines = await Promise.all([...apps].map(([id, name]) => usual.sentence(v, { id, name })));
  return lines.flatMap((text) => (text ? [{ kind: 'note' as const, text }] : []));
}
