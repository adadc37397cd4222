/**
 * Phrases that are put together from parts, read in each language as a person would say them:
 * how long ago and how long from now (German `vor` and `in` take the dative: "vor 3 Tagen",
 * "vor weniger als einer Minute"; Japanese says "たった今", never "1 分未満前"), the `help` page
 * (every command in its list, `report` and `group unbind` too, before the notes that close it),
 * and the list's closing line, which fits the number of tasks it lists.
 */
import { describe, expect, it } from 'vitest';
import { helpReply } from '../../../src/core/help.ts';
import { voiceFor } from '../../../src/core/i18n/voice.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('how long ago, and how long from now', () => {
  it.each([
    ['en', 'less than a minute ago', '3 days ago', 'in less than a minute', 'in 23 hours'],
    [
      'de-DE',
      'vor weniger als einer Minute',
      'vor 3 Tagen',
      'in weniger als einer Minute',
      'in 23 Stunden',
    ],
    ['ja-JP', 'たった今', '3 日前', '1 分以内', '23 時間後'],
  ])('%s', (locale, justNow, days, soon, hours) => {
    const v = voiceFor(locale);
    expect(v.ago(20_000)).toBe(justNow);
    expect(v.ago(3 * DAY + 5 * MINUTE)).toBe(days);
    expect(v.fromNow(30_000)).toBe(soon);
    expect(v.fromNow(23 * 60 * MINUTE + 30_000)).toBe(hours);
  });

  it('says a wait of a day less a moment as the day it nearly is, not an hour less', () => {
    expect(voiceFor('en').fromNow(DAY - 5)).toBe('in 24 hours');
    expect(voiceFor('en').ago(DAY - 5)).toBe('23 hours ago');
  });

  it('reads well in the requests list and a nudge refused as too soon', () => {
    const de = voiceFor('de-DE');
    const item = de.t('requests.item', {
      n: 1,
      what: 'GitHub (Admin)',
      stateText: 'wartet auf Radia Perlman',
      age: de.ago(10_000),
      nudged: '',
      withNudged: 'no',
    });
    expect(item).toBe(
      '1. GitHub (Admin) — wartet auf Radia Perlman, gestellt vor weniger als einer Minute',
    );
    const ja = voiceFor('ja-JP');
    const tooSoon = ja.t('nudge.tooSoon', {
      what: 'GitHub (Admin)',
      age: ja.ago(10_000),
      next: '2026年11月29日 4:08 UTC',
      wait: ja.fromNow(23 * 60 * MINUTE),
    });
    expect(tooSoon).toContain('(たった今)');
    expect(tooSoon).toContain('(23 時間後)');
    expect(tooSoon).not.toMatch(/未満前|後後/);
  });
});

describe('help', () => {
  it.each(['en', 'de-DE', 'ja-JP'])(
    'lists every command, report and group unbind too (%s)',
    (locale) => {
      const reply = helpReply(voiceFor(locale));
      const [list, ...notes] = reply.blocks;
      expect(list?.kind).toBe('list');
      const items = list?.kind === 'list' ? list.items : [];
      expect(items.at(-1)).toMatch(/^report \[/);
      expect(items.some((item) => item.includes('group unbind — '))).toBe(true);
      // Only notes follow the list, and none of them is a command's line.
      for (const note of notes) {
        expect(note.kind).toBe('note');
        expect(JSON.stringify(note)).not.toMatch(/"report \[/);
      }
    },
  );
});

describe('the closing line of a task list', () => {
  it('suggests `approve 1 2` only when there are two tasks to name', () => {
    for (const locale of ['en', 'de-DE', 'ja-JP']) {
      const v = voiceFor(locale);
      expect(v.t('tasks.howTo', { several: 'yes' })).toContain('approve 1 2');
      expect(v.t('tasks.howTo', { several: 'no' })).not.toContain('approve 1 2');
    }
    expect(voiceFor('de-DE').t('tasks.howTo', { several: 'no' })).toBe(
      'Genehmigen mit `approve 1`, ablehnen mit `decline 1 -- <Grund>`.',
    );
  });
});
