/**
 * The report's questions and absences: questions asked in the period, those answered by its end
 * and how long the answers took (median and 90th percentile, as the rest of the report computes
 * them); tasks that began to wait on an away approver, and how long (to the report's end for
 * those still waiting). In every format, escaped where placed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAskFigures } from '../../../src/core/audit/report-asks.ts';
import { readReport } from '../../../src/core/audit/report-read.ts';
import { english, voiceFor } from '../../../src/core/i18n/voice.ts';
import { openStore } from '../../../src/store/open.ts';
import type { Store } from '../../../src/store/store.ts';
import { reportFile } from '../../helpers/summarise.ts';

const at = (hour: number) => new Date(Date.UTC(2026, 10, 1, hour));
const period = { since: at(0), until: at(24 * 10) };
let store: Store;

beforeEach(async () => {
  store = await openStore('sqlite::memory:');
});
afterEach(async () => {
  await store.close();
});

/** A question asked at `asked` hours, answered `after` hours later (or not at all). */
async function question(n: number, asked: number, after?: number) {
  const id = `q-${n}`;
  await store.putTaskQuestion({
    id,
    subject: `access-${n}`,
    taskId: `task-${n}`,
    askedBy: 'ada',
    askedByName: 'Ada Lovelace',
    requesterId: 'grace',
    requesterName: '<b>Grace</b>',
    question: 'Which one?',
    askedAt: at(asked),
  });
  if (after !== undefined) await store.answerTaskQuestion(id, 'This one.', at(asked + after));
}

async function awayWaits() {
  const away = await store.setAway(
    {
      accessUserId: 'alan',
      name: 'Alan Turing',
      platform: 'slack',
      chatUserId: 'U-ALAN',
      note: null,
      untilDay: '2026-11-20',
      untilAt: at(24 * 19),
    },
    at(1),
  );
  await store.noteAwayWaits(away, [{ taskId: 't-1', subject: 'a-1' }], at(2));
  await store.noteAwayWaits(away, [{ taskId: 't-2', subject: 'a-2' }], at(4));
  // One over after 10 hours; the other still waits when the report is made.
  await store.endAwayWaits('alan', at(12), ['t-2']);
}

describe('the report’s questions and absences', () => {
  it('counts the questions of the period and ranks the times to answer', async () => {
    await question(1, 1, 1);
    await question(2, 2, 3);
    await question(3, 3, 9);
    await question(4, 4);
    // Asked before the period: not counted.
    await store.putTaskQuestion({
      id: 'q-old',
      subject: 's-old',
      taskId: 't-old',
      askedBy: 'ada',
      askedByName: 'Ada Lovelace',
      requesterId: 'grace',
      requesterName: null,
      question: 'Old?',
      askedAt: new Date(Date.UTC(2026, 9, 1)),
    });
    await awayWaits();
    const figures = await readAskFigures(store, period, at(36));
    expect(figures).toEqual({
      questions: {
        asked: 4,
        answered: 3,
        answerMedianSeconds: 3 * 3600,
        // r-7 between 3 h and 9 h at 0.8 of the way.
        answerP90Seconds: Math.round((3 + 0.8 * 6) * 3600),
      },
      away: {
        tasks: 2,
        // 10 h, and 32 h still waiting at the report's end: the median is their middle.
        waitMedianSeconds: 21 * 3600,
        waitP90Seconds: Math.round((10 + 0.9 * 22) * 3600),
      },
    });
  });

  it('shows them in the JSON, the CSV, the page and the chat summary', async () => {
    await question(1, 1, 2);
    await awayWaits();
    const report = await readReport(store, period, at(36));
    expect(JSON.parse(reportFile(report, 'json', english)).asks.questions.asked).toBe(1);
    const csv = reportFile(report, 'csv', english);
    expect(csv).toContain('questions,asked,,1,,\r\n');
    expect(csv).toContain('questions,answered,,1,7200,7200\r\n');
    expect(csv).toContain('away,tasks,,2,');
    const page = reportFile(report, 'html', voiceFor('de'));
    expect(page).toContain('<h2>Fragen und Abwesenheiten</h2>');
    expect(page).toContain('1 Frage an Antragstellende, 1 beantwortet');
    expect(page).not.toContain('<b>Grace');
  });

  it('says nothing was asked and nobody was away when so', async () => {
    const figures = await readAskFigures(store, period, at(36));
    expect(figures.questions).toEqual({
      asked: 0,
      answered: 0,
      answerMedianSeconds: null,
      answerP90Seconds: null,
    });
    expect(figures.away).toEqual({ tasks: 0, waitMedianSeconds: null, waitP90Seconds: null });
  });
});
