/**
 * The daily digest in the terminal, in each catalog's language: every row numbered, oldest first,
 * with who asked and how long it has waited; a sensitive application's row says to type
 * `approve <n>`; the terminal says how to approve or decline, as it has no buttons.
 */
import { describe, expect, it } from 'vitest';
import { renderReply } from '../../adapters/shell/render.ts';
import type { Task } from '../../src/access/schemas.ts';
import { digestReply, oldestFirst } from '../../src/core/digest/compose.ts';
import { voiceFor } from '../../src/core/i18n/voice.ts';

const task = (n: number, createdAt: string, app: string): Task => ({
  id: `0f76d819-6e59-5394-9674-bb4d6188068${n}`,
  status: 'Pending',
  type: 'AccessRequest',
  target: { workAppName: app, permissionLevelName: 'Write', userDisplayName: 'Grace Hopper' },
  metadata: { requestedByName: 'Grace Hopper', createdAt },
});
const newer = task(1, '2026-12-07T08:00:00Z', 'GitHub');
const older = task(2, '2026-12-05T09:00:00Z', 'AWS Console');
const now = new Date('2026-12-07T09:00:00Z');

const shown = (locale: string) => {
  const extras = new Map([[older.id, { sensitivity: 'yes' as const, context: [] }]]);
  const reply = digestReply(voiceFor(locale), oldestFirst([newer, older]), {
    pendingStatus: 'Pending',
    now,
    extras,
  });
  return renderReply(reply, { color: false });
};

describe('the daily digest in the terminal', () => {
  it('lists the oldest first, with who asked and how long it waited', () => {
    const text = shown('en');
    expect(text).toContain('Your daily digest: 2 tasks wait for you');
    expect(text.indexOf('AWS Console')).toBeLessThan(text.indexOf('GitHub'));
    expect(text).toMatch(/Requested by: +Grace Hopper/);
    expect(text).toMatch(/Waiting for: +2 days/);
    expect(text).toMatch(/Waiting for: +60 minutes/);
    expect(text).toContain(
      'Approving this one needs a confirmation, so it has no buttons here: type `approve 1`.',
    );
    expect(text).toContain('Approve with `approve 1` (or `approve 1 2`)');
  });

  it.each([
    ['de-DE', 'Ihre tägliche Übersicht: 2 Aufgaben warten auf Sie'],
    ['ja-JP', '毎日のまとめ: 2 件のタスクがあなたを待っています'],
  ])('speaks %s', (locale, title) => {
    expect(shown(locale)).toContain(title);
  });
});
