/** Which application a person's words name, as `request` and `app` read them. */
import type { WorkApp } from '../../access/schemas.ts';
import { words as quotedWords } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';
import { matchByName, normalize } from '../match.ts';
import { type Reply, warning } from '../reply.ts';
import { inert } from '../text.ts';

/** `"GitHub", "GitLab"`. */
export const quoted = (v: Voice, items: readonly { name: string }[]) =>
  v.list(items.map((i) => v.t('request.quoted', { name: inert(i.name) })));

/** The rest of the words name the level. Longest exact name first, then one app named in part. */
export function findApp(
  v: Voice,
  apps: readonly WorkApp[],
  target: string,
): { app: WorkApp; rest: string } | Reply {
  // A quoted name ("AWS Console") is one word.
  const words = quotedWords(target);
  const prefix = (n: number) => words.slice(0, n).join(' ');
  for (let n = words.length; n >= 1; n--) {
    const app = apps.find((a) => normalize(a.name) === normalize(prefix(n)));
    if (app) return { app, rest: words.slice(n).join(' ') };
  }
  let suggestions: WorkApp[] = [];
  for (let n = words.length; n >= 1; n--) {
    const match = matchByName(apps, prefix(n), (a) => a.name);
    if (match.kind === 'one') return { app: match.item, rest: words.slice(n).join(' ') };
    if (match.kind === 'many') {
      const apps = quoted(v, match.items.slice(0, 10));
      return warning(v, v.t('request.severalApps', { typed: inert(prefix(n)), apps }));
    }
    if (!suggestions.length) suggestions = match.suggestions;
  }
  const typed = inert(words.join(' '));
  return warning(
    v,
    suggestions.length
      ? v.t('request.noAppGuess', { typed, apps: quoted(v, suggestions) })
      : v.t('request.noApp', { typed }),
  );
}
