/** What `reviews` and `review <app>` show: groups, then one group's people a page at a time. */
import { type Task, taskFacts } from '../../access/schemas.ts';
import { MAX_REASON_LENGTH } from '../grammar.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import {
  type Block,
  type Button,
  type Form,
  info,
  listBlock,
  MAX_LIST,
  type Reply,
} from '../reply.ts';
import { inert } from '../text.ts';
import type { RowDefaults } from './defaults.ts';
import { labelOf, type ReviewGroup } from './groups.ts';

/** A row takes two Slack blocks (text and its buttons): ten stay well inside 50 a message. */
export const ROWS_PER_PAGE = 10;

/** The reason of "Revoke everyone left", as a card's form names it. */
export const REASON_INPUT = 'reason';

/** Enough of a task id to name it (`approve 3f2b8c1d`): the shortest prefix the grammar takes. */
export const shortId = (task: Task) => inert(task.id.slice(0, 8));

export const groupLabel = (g: Pick<ReviewGroup, 'app' | 'level'>) => inert(labelOf(g));

export function reviewsReply(v: Voice, groups: readonly ReviewGroup[]): Reply {
  if (!groups.length) return info(v, v.t('reviews.none'));
  const items = groups.map((g) =>
    v.t('reviews.group', {
      number: g.number,
      group: groupLabel(g),
      count: g.tasks.length,
      oldest: g.oldest ? v.time(g.oldest) : '',
      withOldest: flag(g.oldest),
    }),
  );
  const count = groups.reduce((n, g) => n + g.tasks.length, 0);
  const title = v.t('reviews.title', { count, groups: groups.length });
  return info(v, v.t('reviews.summary', { title, items: items.join('; ') }), {
    title,
    blocks: [listBlock(items, MAX_LIST), { kind: 'note', text: v.t('reviews.howTo') }],
  });
}

const pagesOf = (group: ReviewGroup) => Math.max(1, Math.ceil(group.tasks.length / ROWS_PER_PAGE));

/** The reviews a page shows (past the last page: the last). */
export function pageTasks(group: ReviewGroup, page: number): Task[] {
  const at = Math.min(page, pagesOf(group));
  return group.tasks.slice((at - 1) * ROWS_PER_PAGE, at * ROWS_PER_PAGE);
}

/**
 * One page of a group: a row per person with Keep and Revoke, then how to see the rest.
 * `defaults`: the groups that give each row's person the access by default, where known.
 */
export function groupPage(
  v: Voice,
  group: ReviewGroup,
  page: number,
  defaults: RowDefaults = new Map(),
): Reply {
  const pages = pagesOf(group);
  const at = Math.min(page, pages);
  const shown = pageTasks(group, at);
  const label = groupLabel(group);
  const blocks: Block[] = shown.flatMap((task): Block[] => [
    { kind: 'text', text: rowText(v, task, defaults.get(task.id)) },
    { kind: 'actions', buttons: rowButtons(v, task, group) },
  ]);
  const left = group.tasks.length - at * ROWS_PER_PAGE;
  if (left > 0) {
    const next = `review ${group.number} page ${at + 1}`;
    blocks.push({ kind: 'note', text: v.t('reviews.more', { count: left, next }) });
  }
  if (group.key) blocks.push({ kind: 'actions', buttons: everyoneButtons(v, group, group.key) });
  blocks.push({
    kind: 'note',
    text: v.t('reviews.groupHowTo', { number: group.number, count: group.tasks.length }),
  });
  const title = v.t('reviews.groupTitle', {
    group: label,
    count: group.tasks.length,
    page: at,
    pages,
  });
  return info(v, title, { title, blocks });
}

/** Unnumbered: `approve 3` means the third of the `tasks` list, never a row here. */
function rowText(v: Voice, task: Task, groups: readonly string[] | undefined): string {
  const f = taskFacts(task);
  const level = f.permissionLevelName;
  return v.t('reviews.row', {
    defaults: v.list((groups ?? []).map((g) => inert(g, 120))),
    withDefaults: flag(groups?.length),
    person: inert(f.userDisplayName ?? f.userId ?? '?'),
    level: level ? inert(level) : '',
    withLevel: flag(level),
    since: f.createdAt ? v.time(f.createdAt) : '',
    withSince: flag(f.createdAt),
    id: shortId(task),
  });
}

/** The task card's own Approve and Decline, named for a review and spoken with who it is. */
function rowButtons(v: Voice, task: Task, group: ReviewGroup): Button[] {
  const f = taskFacts(task);
  const said = {
    person: inert(f.userDisplayName ?? f.userId ?? '?'),
    group: groupLabel(group),
  };
  return [
    {
      label: v.t('reviews.keep'),
      action: 'approve',
      value: task.id,
      style: 'primary',
      spoken: v.t('reviews.keepSpoken', said),
    },
    {
      label: v.t('reviews.revoke'),
      action: 'decline',
      value: task.id,
      style: 'danger',
      spoken: v.t('reviews.revokeSpoken', said),
    },
  ];
}

/** Each asks to confirm first; Revoke takes its one reason in the card where a platform can. */
function everyoneButtons(v: Voice, group: ReviewGroup, key: string): Button[] {
  const said = { group: groupLabel(group), count: group.tasks.length };
  return [
    {
      label: v.t('reviews.keepAll', said),
      action: 'reviewAll',
      value: `${key}:keep`,
      spoken: v.t('reviews.keepAllSpoken', said),
    },
    {
      label: v.t('reviews.revokeAll', said),
      action: 'reviewAll',
      value: `${key}:revoke`,
      style: 'danger',
      spoken: v.t('reviews.revokeAllSpoken', said),
      form: revokeAllForm(v),
    },
  ];
}

/** The one reason of "Revoke everyone left", asked before its confirmation. */
export function revokeAllForm(v: Voice): Form {
  const reason = {
    kind: 'text' as const,
    id: REASON_INPUT,
    label: v.t('reviews.reasonLabel'),
    maxLength: MAX_REASON_LENGTH,
    optional: false,
  };
  return { title: v.t('reviews.revokeAllTitle'), submit: v.t('reviews.next'), inputs: [reason] };
}

/** Several groups share the application's name: which one. */
export function whichGroup(v: Voice, groups: readonly ReviewGroup[]): Reply {
  const items = groups.map((g) =>
    v.t('reviews.choice', { number: g.number, group: groupLabel(g), count: g.tasks.length }),
  );
  const said = v.t('reviews.whichGroup', { choices: items.join('; ') });
  return info(v, said);
}
