/**
 * How long an application's requests usually take to be decided here, told to the requester end
 * to end on Slack, Teams and the terminal (after `request`, and in `requests`), from decisions
 * seeded in the audit trail with known times on the world's fake clock: the nearest-rank median
 * and 90th percentile of the last 90 days, said only from five decisions on, rounded up to the
 * unit said. German and Japanese once each, through a form.
 */
import { describe, expect, it } from 'vitest';
import { users, workApps } from '../../../src/sandbox/seed.ts';
import { actor, botFor } from '../../helpers/bot.ts';
import { eachWorld, PLATFORMS } from '../../helpers/requester-world.ts';
import { useSandbox } from '../../helpers/sandbox.ts';
import { DAY, decided, fiveDecisions, HOUR, MINUTE } from '../../helpers/usual-waits.ts';

const GITHUB =
  'Requests for GitHub are usually decided within 3 hours here (9 in 10 within 3 days).';

const times = (text: string, part: string) => text.split(part).length - 1;

describe.each(PLATFORMS)('on %s', (_name, start) => {
  const world = eachWorld(start);

  it('a request and `requests` say how long GitHub requests usually take, from five decisions of the last 90 days on', async () => {
    const w = await world();
    const now = w.clock.now();
    for (const hours of [1, 2, 3, 4]) await w.store.appendAudit(decided(now, hours * HOUR));
    // Not counted: another application's decision, and GitHub's from before the last 90 days.
    await w.store.appendAudit(decided(now, MINUTE, { appId: workApps.figma.id }));
    await w.store.appendAudit(decided(now, MINUTE, { ago: 91 * DAY }));
    const four = await w.say('grace', 'request GitHub Read -- for the release');
    expect(four).toContain('Requested access to GitHub (Read)');
    expect(four).not.toContain('usually');
    expect(await w.say('grace', 'requests')).not.toContain('usually');

    await w.store.appendAudit(decided(now, 50 * HOUR));
    // The figure is read again once its few minutes in the cache are over.
    w.clock.advance(6 * MINUTE);
    const five = await w.say('grace', 'request GitHub Admin -- to fix the release');
    expect(five).toContain('Requested access to GitHub (Admin)');
    expect(five).toContain(GITHUB);
    // Two GitHub requests wait: the figure is said once.
    const listed = await w.say('grace', 'requests');
    expect(listed).toContain('1. GitHub (Admin) — waiting for');
    expect(times(listed, GITHUB)).toBe(1);
  });
});

describe('in other languages', () => {
  const sandbox = useSandbox({ pageSize: 2 });

  it('is said in German after a typed request, and in Japanese after the request form', async () => {
    const { bot, store } = await botFor(sandbox.client);
    await fiveDecisions(store, new Date());
    const grace = actor(users.grace.email, 'teams', '29:grace');
    const de = await bot.handle({ ...grace, locale: 'de-DE' }, 'request GitHub Read -- Release');
    expect(de.summary).toContain(
      'Die Entscheidung über Anträge für GitHub dauert hier meist höchstens 3 Stunden (bei 9 von 10 höchstens 3 Tage).',
    );
    const ja = await bot.requests.submit(
      { ...grace, locale: 'ja' },
      { appId: workApps.github.id, levelId: workApps.github.levels.admin.id },
    );
    expect(ja.kind === 'done' && ja.reply.summary).toContain(
      'GitHub への申請は、ここでは通常 3 時間以内に判断されます (10 件中 9 件は 3 日以内)。',
    );
  });
});
