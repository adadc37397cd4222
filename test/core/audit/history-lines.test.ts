/**
 * A question in the history reads as each language writes it: in Japanese no space before the
 * task's title in its brackets, asked or answered, by the reader or of them.
 */
import { describe, expect, it } from 'vitest';
import { describeEntry } from '../../../src/core/audit/history.ts';
import { voiceFor } from '../../../src/core/i18n/voice.ts';
import type { QuestionAuditEntry } from '../../../src/store/store.ts';

const asked: QuestionAuditEntry = {
  at: new Date('2026-12-07T05:45:00Z'),
  platform: 'slack',
  chatUserId: 'U-ADA',
  accessUserId: 'u-ada',
  detail: 'q-1',
  action: 'ask',
  taskId: '58293d99-0387-5c43-9938-c57d8ce0e3c2',
  taskType: 'AccessRequest',
  appName: 'GitHub',
  levelName: 'Write',
  requesterName: 'Grace Hopper',
  reason: 'Which repository?',
  outcome: 'asked',
  actorName: 'Ada Lovelace',
  targetUserId: 'u-grace',
  targetName: 'Grace Hopper',
};

describe('a question in the history', () => {
  it.each([
    ['en', 'Asked Grace Hopper about "Access request: GitHub (Write)"'],
    ['de-DE', 'Grace Hopper zu „Zugriffsantrag: GitHub (Write)“'],
    [
      'ja-JP',
      'Grace Hopper に「アクセス申請: GitHub (Write)」 (申請者 Grace Hopper)、タスク 58293d99 について質問',
    ],
  ])('asked, in %s', (locale, line) => {
    expect(describeEntry(voiceFor(locale), asked)).toContain(line);
  });

  it('answered, to the reader or by them, in Japanese', () => {
    const ja = voiceFor('ja-JP');
    expect(describeEntry(ja, asked, 'u-grace')).toContain('Ada Lovelace から「アクセス申請');
    const answered = { ...asked, action: 'answer', outcome: 'answered' } as const;
    expect(describeEntry(ja, answered)).toContain('Grace Hopper の「アクセス申請');
    expect(describeEntry(ja, answered, 'u-grace')).toContain('Ada Lovelace が「アクセス申請');
  });
});
