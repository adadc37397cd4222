/**
 * What a card too large for a Teams message at its shortest texts leaves out: tasks from the end,
 * then a list's last lines (counted in its "and N more"), then the largest other parts, never its
 * buttons. A note says what went; "Approve all" covers only the tasks still shown.
 */
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { Block, Reply } from '../../src/core/reply.ts';

/** The reply with one more thing left out, or undefined when nothing more can go. */
function without(
  blocks: readonly Block[],
): { blocks: Block[]; left: 'task' | 'line' | 'part' } | undefined {
  const rest = [...blocks];
  const task = rest.findLastIndex((b) => b.kind === 'task');
  if (task >= 0) {
    rest.splice(task, 1);
    return { blocks: rest, left: 'task' };
  }
  const list = rest.findLastIndex((b) => b.kind === 'list' && b.items.length > 0);
  const found = rest[list];
  if (found?.kind === 'list') {
    rest[list] = { ...found, items: found.items.slice(0, -1), more: found.more + 1 };
    return { blocks: rest, left: 'line' };
  }
  const size = (b: Block) => (b.kind === 'actions' ? -1 : JSON.stringify(b).length);
  const largest = rest.reduce((at, b, i) => (at < 0 || size(b) > size(rest[at]!) ? i : at), -1);
  if (largest < 0 || size(rest[largest]!) < 0) return undefined;
  rest.splice(largest, 1);
  return { blocks: rest, left: 'part' };
}

/** "Approve all" names only the tasks still on the card; with none left, it goes. */
function approvingShown(v: Voice, blocks: readonly Block[]): Block[] {
  const titles = new Map<string, string>();
  for (const b of blocks) if (b.kind === 'task') titles.set(b.card.taskId, b.card.title);
  return blocks.flatMap((b): Block[] => {
    if (b.kind !== 'actions') return [b];
    const buttons = b.buttons.flatMap((button) => {
      if (button.action !== 'approveAll') return [button];
      const ids = button.value.split(',').filter((id) => titles.has(id));
      const count = ids.length;
      const label = v.t('button.approveAll', { count });
      const tasks = v.list(ids.map((id) => titles.get(id)!));
      const spoken = v.t('button.approveAllSpoken', { count, tasks });
      return count ? [{ ...button, value: ids.join(','), label, spoken }] : [];
    });
    return buttons.length ? [{ ...b, buttons }] : [];
  });
}

/** The first rendering of `reply`, with ever more left out, that `fits`. */
export function leavingOut<T>(
  v: Voice,
  reply: Reply,
  render: (reply: Reply) => T,
  fits: (rendered: T) => boolean,
): T {
  let blocks = reply.blocks;
  const gone = { task: 0, line: 0, part: 0 };
  for (;;) {
    const what = [
      gone.task ? v.t('render.moreTasks', { count: gone.task }) : '',
      gone.part ? v.t('render.moreParts', { count: gone.part }) : '',
    ].filter(Boolean);
    const leftOut: Block[] = what.length
      ? [{ kind: 'note', text: v.t('render.teams.leftOut', { what: v.list(what) }) }]
      : [];
    const rendered = render({ ...reply, blocks: [...approvingShown(v, blocks), ...leftOut] });
    const next = without(blocks);
    if (fits(rendered) || !next) return rendered;
    blocks = next.blocks;
    gone[next.left]++;
  }
}
