/** `apps [search]`: the applications a person may see, optionally filtered, for linked people. */
import type { WorkApp } from '../../access/schemas.ts';
import type { Voice } from '../i18n/voice.ts';
import { described, info, listBlock, MAX_LIST, type Reply } from '../reply.ts';
import { inert } from '../text.ts';
import { appMatches } from './catalog.ts';

export function appsReply(v: Voice, all: readonly WorkApp[], search?: string): Reply {
  const apps = all
    .filter((app) => !search || appMatches(app, search))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (!apps.length) {
    return info(v, search ? v.t('apps.noMatch', { search: inert(search) }) : v.t('apps.empty'));
  }
  const lines = apps.map((a) => described(v, a));
  const count = apps.length;
  const title = search
    ? v.t('apps.titleMatching', { count, search: inert(search) })
    : v.t('apps.title', { count });
  const names = apps.map((a) => inert(a.name)).join(', ');
  return info(v, v.t('apps.summary', { title, names }), {
    title,
    blocks: [listBlock(lines, MAX_LIST), { kind: 'note', text: v.t('apps.hint') }],
  });
}
