/**
 * The terminal's task lists as a person reads them: every value of one list starts in one
 * column, measured as the terminal draws it (a Japanese character takes two columns), what to
 * type is said once (in the list's closing line, fitting the number of tasks), and a single
 * card's line of what to type names its placeholder in the reader's language.
 */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { renderReply } from '../../adapters/shell/render.ts';
import type { Task } from '../../src/access/schemas.ts';
import { historyReply } from '../../src/core/audit/history.ts';
import { voiceFor } from '../../src/core/i18n/voice.ts';
import { taskCard } from '../../src/core/tasks/task-card.ts';
import { tasksReply } from '../../src/core/tasks/task-list.ts';

const review: Task = {
  id: '0f76d819-6e59-5394-9674-bb4d6188068b',
  status: 'Pending',
  type: 'EntitlementReview',
  target: {
    workAppName: 'AWS Console',
    permissionLevelName: 'PowerUser',
    userDisplayName: 'Dennis Ritchie',
  },
  metadata: { requestedByName: 'Radia Perlman', createdAt: '2026-11-22T07:46:00Z' },
};
/** Fewer fields, so shorter labels: "Requested by" is its longest. */
const offboarding: Task = {
  id: '0048f32e-e3d1-5a2a-9ef1-63ff5fd9c4c5',
  status: 'Pending',
  type: 'OffboardingStep',
  target: { userDisplayName: 'Edsger Dijkstra' },
  metadata: { requestedByName: 'Ken Thompson', step: 'Revoke GitHub access' },
};

const shown = (locale: string, tasks: Task[]) =>
  renderReply(tasksReply(voiceFor(locale), tasks, 'Pending'), { color: false });

/** The terminal column each field's value starts at. */
function valueColumns(text: string): number[] {
  return text.split('\n').flatMap((line) => {
    const prefix = /^( {6}\S[^:]*: +)\S/.exec(line)?.[1];
    return prefix ? [stringWidth(prefix)] : [];
  });
}

describe('a task list in the terminal', () => {
  it.each(['en', 'de-DE', 'ja-JP'])(
    'starts every value of the list in one column (%s)',
    (locale) => {
      const text = shown(locale, [review, offboarding]);
      const columns = valueColumns(text);
      // Six fields of the review, three of the offboarding step.
      expect(columns).toHaveLength(9);
      expect(new Set(columns).size, text).toBe(1);
    },
  );

  it('measures Japanese labels by the columns a terminal gives them', () => {
    const text = shown('ja-JP', [review]);
    expect(text).toContain('      アプリケーション:  AWS Console\n');
    expect(text).toContain('      申請者:            Radia Perlman\n');
  });

  it('says once what to type, for the tasks it lists', () => {
    const two = shown('en', [review, offboarding]);
    expect(two).not.toContain('Type:');
    expect(two).toContain(
      'Approve with `approve 1` (or `approve 1 2`), decline with `decline 1 -- <reason>`.',
    );
    const one = shown('en', [review]);
    expect(one).not.toContain('approve 1 2');
    expect(one.trimEnd().split('\n').at(-1)).toBe(
      'Approve with `approve 1`, decline with `decline 1 -- <reason>`.',
    );
    expect(shown('de-DE', [review])).toContain(
      'Genehmigen mit `approve 1`, ablehnen mit `decline 1 -- <Grund>`.',
    );
    expect(shown('ja-JP', [review, offboarding])).toContain('`decline 1 -- <理由>` で却下します。');
  });

  it('names the reason in the reader’s language on a card of its own', () => {
    const card = (locale: string) => {
      const v = voiceFor(locale);
      const reply = { ...tasksReply(v, [review], 'Pending'), title: undefined };
      const blocks = [
        { kind: 'task' as const, card: taskCard(v, review, { pendingStatus: 'Pending' }) },
      ];
      return renderReply({ ...reply, blocks }, { color: false });
    };
    expect(card('en')).toContain('      Type: approve 0f76d819, or decline 0f76d819 -- <reason>\n');
    expect(card('de-DE')).toContain(
      '      Eingabe: approve 0f76d819 oder decline 0f76d819 -- <Grund>\n',
    );
    expect(card('ja-JP')).toContain(
      '      入力: approve 0f76d819、または decline 0f76d819 -- <理由>\n',
    );
  });
});

describe('a long line in a terminal', () => {
  const entry = {
    at: new Date(Date.UTC(2026, 10, 23, 9, 46)),
    platform: 'shell' as const,
    chatUserId: 'ada.lovelace@example.com',
    accessUserId: 'a-ada',
    action: 'decline' as const,
    taskId: review.id,
    taskType: 'EntitlementReview',
    appName: 'AWS Console',
    levelName: 'PowerUser',
    userName: 'Dennis Ritchie',
    requesterName: 'Radia Perlman',
    reason: 'too broad for a review',
    outcome: 'declined' as const,
    detail: null,
  };
  const history = historyReply(voiceFor('en'), [entry], 'Your recent actions', {
    withActor: false,
  });

  it('wraps between words at the terminal’s width, later lines under the first', () => {
    const lines = renderReply(history, { color: false, columns: 60 }).trimEnd().split('\n');
    const entryLines = lines.slice(1);
    expect(entryLines.length).toBeGreaterThan(1);
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(60);
    expect(entryLines[0]).toMatch(/^ {2}Nov 23, 2026/);
    for (const line of entryLines.slice(1)) expect(line).toMatch(/^ {4}\S/);
    // Every word whole, and the task named by the start of its id.
    const words = entryLines.map((line) => line.trim()).join(' ');
    expect(words).toBe(
      'Nov 23, 2026, 9:46 AM UTC: Declined "Access review: Dennis Ritchie on AWS Console (PowerUser)" (requested by Radia Perlman), task 0f76d819 — "too broad for a review"',
    );
  });

  it('stays one line in a pipe, where nothing wraps', () => {
    const lines = renderReply(history, { color: false }).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
  });
});

describe('a task card in a narrow terminal', () => {
  const v = voiceFor('ja-JP');
  const note =
    'アラン・チューリングは二〇二六年十二月十四日まで学会のため不在で、その間このタスクはほかの承認者を待ちます';
  const card = { ...taskCard(v, review, { pendingStatus: 'Pending' }), notes: [note] };
  const text = renderReply(
    { ...tasksReply(v, [review], 'Pending'), blocks: [{ kind: 'task', card }] },
    {
      color: false,
      columns: 50,
    },
  );
  const lines = text.trimEnd().split('\n');

  it('keeps every line within the width, a Japanese note broken between characters under itself', () => {
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(50);
    const first = lines.findIndex((line) => line.startsWith('      アラン'));
    // The note's first line, and the continuation lines right after it.
    const after = lines.slice(first + 1);
    const more = after.slice(
      0,
      after.findIndex((line) => !/^ {8}\S/.test(line)),
    );
    const noteLines = [lines[first]!, ...more];
    expect(noteLines.length).toBeGreaterThan(2);
    expect(noteLines.map((line) => line.trim()).join('')).toBe(note);
  });

  it('wraps a field’s value under the value’s column', () => {
    const id = lines.findIndex((line) => line.includes('0f76d819'));
    const start = lines[id]!.indexOf('0f76d819');
    const column = stringWidth(lines[id]!.slice(0, start));
    expect(lines[id + 1]).toMatch(new RegExp(`^ {${column}}\\S`));
    expect(lines[id]!.slice(start) + lines[id + 1]!.trim()).toBe(review.id);
  });
});
