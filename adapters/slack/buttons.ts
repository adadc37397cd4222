/**
 * The core's buttons in Block Kit. Each carries an `accessibility_label` naming what it does to
 * what; "Approve all" covers only the cards shown, and its confirmation names each of them.
 */
import type { types } from '@slack/bolt';
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { Button } from '../../src/core/reply.ts';
import { buttonActionId } from './payloads.ts';
import { cut, limits, plain, plainLines, plainWords, toPlain } from './rich-text.ts';

/** A confirmation's Approve carries its code after the task id. */
const buttonValue = (b: Button) => (b.confirmation ? `${b.value}:${b.confirmation}` : b.value);

/** `spoken`: what a screen reader says (Slack reads at most 75 characters of it). */
export function button(
  b: Button,
  value = buttonValue(b),
  confirm?: types.ConfirmationDialog,
): types.Button {
  const spoken = b.spoken && cut(plainWords(b.spoken), limits.accessibilityLabel);
  return {
    type: 'button',
    action_id: buttonActionId[b.action],
    text: plain(b.label, limits.buttonText),
    value: value.slice(0, limits.buttonValue),
    ...(spoken ? { accessibility_label: spoken } : {}),
    ...(b.style ? { style: b.style } : {}),
    ...(confirm ? { confirm } : {}),
  };
}

/** The button, or for "Approve all" the one over the `shown` cards (none when none is). */
export function buttonFor(
  v: Voice,
  b: Button,
  shown: ReadonlySet<string>,
  titles: ReadonlyMap<string, string>,
): types.Button[] {
  if (b.action !== 'approveAll') return [button(b)];
  const ids = b.value.split(',').filter((id) => shown.has(id));
  if (!ids.length) return [];
  const lead = v.t('render.slack.willApprove');
  const shownTitles = ids.map((id) => plainWords(titles.get(id) ?? id));
  const bullets = shownTitles.map((title) => `• ${cut(title, 80)}`);
  const names = linesWithin(v, bullets, limits.confirmText - lead.length - 1);
  const count = ids.length;
  const confirm: types.ConfirmationDialog = {
    title: plain(v.t('render.slack.approveTasks', { count }), limits.confirmTitle),
    text: plainLines([lead, ...names], limits.confirmText),
    confirm: plain(v.t('render.slack.approveAll'), limits.confirmButton),
    deny: plain(v.t('slack.cancel'), limits.confirmButton),
  };
  const label = v.t('button.approveAll', { count });
  const spoken = v.t('button.approveAllSpoken', { count, tasks: v.list(shownTitles) });
  return [button({ ...b, label, spoken }, ids.join(','), confirm)];
}

/** As many whole lines as fit in `max` characters once in `plain_text`, then how many were left out. */
function linesWithin(v: Voice, lines: readonly string[], max: number): string[] {
  const rest = (count: number) => v.t('render.andMore', { count });
  let size = 0;
  for (const [i, line] of lines.entries()) {
    const left = lines.length - i - 1;
    size += toPlain(line).length + 1;
    if (size + (left ? rest(left).length + 1 : 0) > max) {
      return [...lines.slice(0, i), rest(lines.length - i)];
    }
  }
  return [...lines];
}
