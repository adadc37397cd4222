/**
 * A rendered reply fitted into one message or view: at most so many blocks and so much text across
 * them (past about 12,000 characters Slack refuses a message with `msg_blocks_too_long`). Whole
 * parts are left out, and one last note says what, or that texts were shortened.
 */
import type { types } from '@slack/bolt';
import type { Voice } from '../../src/core/i18n/voice.ts';
import { limits, mrkdwn, mrkdwnText } from './rich-text.ts';

export type SlackBlock = types.KnownBlock;

/** Well inside Slack's ~12,000 characters, with room for the note that says what is left out. */
export const TEXT_BUDGET = 10_000;

/** What one message or view may still hold. */
type Room = { blocks: number; text: number };

/** One rendered piece; `build` sees which task cards made it in (for "Approve all"). */
export interface Group {
  size: number;
  taskId?: string;
  build: (shownTasks: ReadonlySet<string>) => SlackBlock[];
}

const sum = (numbers: number[]) => numbers.reduce((n, m) => n + m, 0);

/** What Slack counts against a message: the text of every text object, wherever it sits. */
export function textLength(node: unknown): number {
  if (!node || typeof node !== 'object') return 0;
  const o = node as Record<string, unknown>;
  if ((o.type === 'plain_text' || o.type === 'mrkdwn') && typeof o.text === 'string') {
    return o.text.length;
  }
  return sum(Object.values(o).map(textLength));
}

/** The most the closing note takes: one block, and its words. */
const NOTE_TEXT = 400;

const tasksIn = (groups: readonly Group[]) =>
  new Set(groups.flatMap((g) => (g.taskId ? [g.taskId] : [])));

/**
 * Whole groups in order while they fit, keeping room to say what was left out. The small parts
 * around the cards (title, notes, "Approve all") get their room first, smallest first, so a long
 * list loses cards from its end rather than its buttons, and a long part goes before short ones.
 * `shortened`: texts were already cut to fit, which the note says too.
 */
export function fitBlocks(v: Voice, groups: Group[], room: Room, shortened: boolean): SlackBlock[] {
  const all = tasksIn(groups);
  const built = groups.map((g) => g.build(all));
  const texts = built.map(textLength);
  const whole =
    !shortened && sum(groups.map((g) => g.size)) <= room.blocks && sum(texts) <= room.text;
  const blocks = whole ? room.blocks : room.blocks - 1;
  const text = whole ? room.text : room.text - NOTE_TEXT;
  const around = groups.flatMap((g, i) => (g.taskId ? [] : [i]));
  around.sort((a, b) => texts[a]! - texts[b]! || groups[a]!.size - groups[b]!.size);
  const kept = new Set<number>();
  let used = { blocks: 0, text: 0 };
  const take = (i: number) => {
    const next = { blocks: used.blocks + groups[i]!.size, text: used.text + texts[i]! };
    if (next.blocks > blocks || next.text > text) return false;
    kept.add(i);
    used = next;
    return true;
  };
  for (const i of around) take(i);
  let leftOutTasks = 0;
  for (const [i, group] of groups.entries()) {
    if (group.taskId && (leftOutTasks || !take(i))) leftOutTasks++;
  }
  const leftOut = around.length - around.filter((i) => kept.has(i)).length;
  const shownGroups = groups.filter((_, i) => kept.has(i));
  // All kept: each group is as it was built for all of them.
  const shown = tasksIn(shownGroups);
  const out = whole ? built.flat() : shownGroups.flatMap((g) => g.build(shown));
  const what = [
    leftOutTasks ? v.t('render.moreTasks', { count: leftOutTasks }) : '',
    leftOut ? v.t('render.moreParts', { count: leftOut }) : '',
  ].filter(Boolean);
  const notes = [
    what.length ? v.t('render.slack.leftOut', { what: v.list(what) }) : '',
    shortened ? v.t('render.slack.shortened') : '',
  ].filter(Boolean);
  if (notes.length) {
    out.push({
      type: 'context',
      elements: notes.map((line) => mrkdwn(mrkdwnText(line, limits.contextText))),
    });
  }
  return out;
}
