/**
 * `report` in chat is bounded: while one runs, everyone else gets their answers and a second
 * report is turned away in the asker's language, not queued; a period of more audit rows than
 * REPORT_MAX_ROWS is refused before it is read; a report past its deadline, or a store that
 * fails mid-report, gets a truthful answer, and the next report runs. Each report is held at
 * its first page by the test, and let go when the test says; the clock is the test's: no timing.
 */
import { describe, expect, it } from 'vitest';
import { StoreError } from '../../../src/store/errors.ts';
import type { DecisionAuditEntry } from '../../../src/store/store.ts';
import { groupBot, RULES } from '../../helpers/group-bot.ts';
import { useSandbox } from '../../helpers/sandbox.ts';

const sandbox = useSandbox();

const decision = (at: number, n: number): DecisionAuditEntry => ({
  at: new Date(at),
  platform: 'slack',
  chatUserId: 'U-alan',
  accessUserId: 'a-alan',
  detail: null,
  action: 'approve',
  taskId: `task-${n}`,
  appName: 'GitHub',
  reason: null,
  outcome: 'approved',
});

/** A bot whose report stops at its first page until `release`; `reached` when it is there. */
async function heldReportBot(more = {}) {
  const t = await groupBot(sandbox.client, RULES, undefined, more);
  const read = t.store.decisionMarks.bind(t.store);
  const reached = Promise.withResolvers<void>();
  const release = Promise.withResolvers<void>();
  t.store.decisionMarks = async (...args) => {
    reached.resolve();
    await release.promise;
    return read(...args);
  };
  return { t, reached: reached.promise, release: release.resolve };
}

/** Whether a promise has settled, asked after the other work awaited has finished. */
function settledFlag(promise: Promise<unknown>) {
  const state = { settled: false };
  promise.finally(() => {
    state.settled = true;
  });
  return state;
}

describe('report in chat, bounded', () => {
  it('answers others while a report runs, and turns a second report away in the asker’s language', async () => {
    const { t, reached, release } = await heldReportBot();
    await t.store.appendAudit(decision(t.clock.ms - 60_000, 1));
    const running = t.bot.handle(t.as('katherine'), 'report 7');
    const report = settledFlag(running);
    await reached;

    expect(await t.say('ada', 'help')).toContain('tasks');
    expect(await t.say('frances', 'members Finance')).toMatch(/Katherine|Frances/);
    expect(await t.say('frances', 'report')).toContain(
      'Another report is being made right now; please wait a moment and ask again.',
    );
    const german = await t.bot.handle({ ...t.as('frances'), locale: 'de-DE' }, 'report');
    expect(JSON.stringify(german)).toContain('Gerade wird schon ein anderer Bericht erstellt');
    const japanese = await t.bot.handle({ ...t.as('frances'), locale: 'ja-JP' }, 'report');
    expect(JSON.stringify(japanese)).toContain('別のレポートを作成中です');
    expect(report.settled).toBe(false);

    release();
    expect(JSON.stringify(await running)).toContain('1 decision: 1 in chat, 0 elsewhere');
    // The one that ran is over: the next one runs.
    expect(await t.say('frances', 'report 7')).toContain('1 decision: 1 in chat, 0 elsewhere');
  });

  it('refuses a period of more audit rows than the cap at once, from a count, and reads none', async () => {
    const t = await groupBot(sandbox.client, RULES, undefined, { reportMaxRows: 3 });
    let pages = 0;
    const read = t.store.decisionMarks.bind(t.store);
    t.store.decisionMarks = (...args) => {
      pages++;
      return read(...args);
    };
    for (let n = 0; n < 3; n++) await t.store.appendAudit(decision(t.clock.ms - 1000 * (n + 1), n));
    expect(await t.say('katherine', 'report 7')).toContain('3 decisions: 3 in chat');
    await t.store.appendAudit(decision(t.clock.ms - 2 * 86_400_000, 3));
    pages = 0;
    const refused = await t.say('katherine', 'report 7');
    expect(refused).toContain(
      'The last 7 days hold more than 3 audit entries, more than a report in chat reads: ask for fewer days',
    );
    expect(refused).toContain('`npm run report`');
    expect(pages).toBe(0);
    // A shorter period within the cap is read.
    expect(await t.say('katherine', 'report 1')).toContain('3 decisions: 3 in chat');
    const german = await t.bot.handle({ ...t.as('katherine'), locale: 'de-DE' }, 'report 7');
    expect(JSON.stringify(german)).toContain(
      'Die letzten 7 Tage enthalten mehr als 3 Audit-Einträge',
    );
  });

  it('stops at its deadline, says truthfully it was cut short, and frees the slot for the next one', async () => {
    const t = await groupBot(sandbox.client, RULES);
    for (let n = 0; n < 3; n++) await t.store.appendAudit(decision(t.clock.ms - 1000 * (n + 1), n));
    const read = t.store.decisionMarks.bind(t.store);
    let pages = 0;
    // Each page takes 20 seconds by the bot's clock, and the first ten stand still.
    t.store.decisionMarks = async (period, _after, limit) => {
      pages++;
      t.clock.ms += 20_000;
      const marks = await read(period, undefined, limit);
      return pages > 10 ? [] : Array.from({ length: limit }, () => marks[0]!);
    };
    const reply = await t.say('katherine', 'report 7');
    expect(reply).toContain('was stopped after 60 seconds, before it was complete');
    expect(reply).not.toMatch(/decisions?:/);
    expect(pages).toBe(3);
    expect(t.logLines.join('\n')).toContain('a report in chat ran past its deadline');
    const german = await t.bot.handle({ ...t.as('katherine'), locale: 'de-DE' }, 'report 7');
    expect(JSON.stringify(german)).toContain('nach 60 Sekunden abgebrochen');
    t.store.decisionMarks = read;
    expect(await t.say('frances', 'report 7')).toContain('3 decisions: 3 in chat');
  });

  it('says the report cannot be made when the store fails mid-report, and runs the next one', async () => {
    const { t, reached, release } = await heldReportBot();
    await t.store.appendAudit(decision(t.clock.ms - 60_000, 1));
    const read = t.store.openNotifications.bind(t.store);
    let fail = true;
    t.store.openNotifications = async (...args) => {
      if (fail)
        throw new StoreError('STORE_QUERY_FAILED', 'openNotifications failed: connection lost');
      return read(...args);
    };
    const running = t.bot.handle(t.as('katherine'), 'report');
    await reached;
    release();
    const reply = JSON.stringify(await running);
    expect(reply).toContain('The report cannot be made right now; please try again later.');
    expect(reply).not.toMatch(/connection|notifyMarks|decision/);
    expect(t.logLines.join('\n')).toContain('could not read the audit log for a report');
    fail = false;
    expect(await t.say('katherine', 'report')).toContain('1 decision: 1 in chat, 0 elsewhere');
  });
});
