/**
 * The requester's side, end to end on Slack, Teams and the terminal (real adapters over real
 * HTTP, the real poller, the sandbox, one fake clock): `requests` lists a person's own requests —
 * made through accessbot or found as an approver's task — with how each stands, since when and
 * who is asked; `nudge` reminds the approvers once per period (a second one is refused, saying
 * when), waits for their working hours, is dropped when the task is decided first, and someone
 * else's request cannot be nudged; the requester is told who decided, and why on a decline.
 * Slack's App Home shows the same list.
 */
import { describe, expect, it } from 'vitest';
import { parseQuietHours } from '../../../src/poller/working-hours.ts';
import { users, workApps } from '../../../src/sandbox/seed.ts';
import { sendEvent } from '../../fakes/slack-payloads.ts';
import {
  DAY_MS,
  eachWorld,
  graceTaskOf,
  type Person,
  PLATFORMS,
  type RequesterWorld,
  slackWorld,
} from '../../helpers/requester-world.ts';
import { summarise } from '../../helpers/summarise.ts';
import { TickingClock } from '../../poller/fakes.ts';

const NUDGE = 'A nudge from Grace Hopper';
const HOUR_MS = 3_600_000;
/** Quiet from 20:00 to 08:00 in each approver's zone (Slack: London; elsewhere: UTC). */
const NIGHTS = { quiet: parseQuietHours('20:00-08:00'), defaultZone: 'UTC' };

const nudgesTo = (w: RequesterWorld, who: Person) =>
  w.messages(who).filter((m) => m.includes(NUDGE));

describe.each(PLATFORMS)('a requester on %s', (_name, start) => {
  const world = eachWorld(start);

  it('lists her own requests — made here or found as approvers’ tasks — with state, age and who is asked', async () => {
    const w = await world();
    expect(await w.say('grace', 'request GitHub Read -- for the release')).toContain(
      'Requested access to GitHub (Read)',
    );
    // The approvers' cards go out; her older GitHub (Write) request is found among their tasks.
    await w.sweep();
    w.clock.advance(2 * HOUR_MS);
    const listed = await w.say('grace', 'requests');
    expect(listed).toContain('Your access requests');
    expect(listed).toContain(
      '1. GitHub (Read) — waiting for Ada Lovelace and Alan Turing, asked 2 hours ago',
    );
    expect(listed).toContain('2. GitHub (Write) — waiting for');
    expect(listed).toContain('nudge 1');

    w.sandbox.state.decideTask(
      graceTaskOf(w, 'read', 'alan'),
      'Declined',
      users.alan.id,
      'Write is enough',
    );
    const decided = await w.say('grace', 'requests');
    expect(decided).toContain('1. GitHub (Read) — declined by Alan Turing');
    expect(decided).toContain('Write is enough');
    // The approvers have no requests of their own here, and see none of hers.
    if (_name !== 'the terminal') {
      expect(await w.say('ada', 'requests')).toContain('no access requests I know of');
    }
  });

  it('lists a request whose task names her as requester but carries no access id', async () => {
    const w = await world();
    // Her older GitHub (Write) request, as a service that names no access on its tasks shows it.
    for (const task of w.sandbox.state.tasks.values()) {
      if (task.metadata.requestedBy === users.grace.id) delete task.metadata.accessId;
    }
    await w.sweep();
    const listed = await w.say('grace', 'requests');
    expect(listed).toContain('1. GitHub (Write) — waiting for');
    expect(listed).toContain('nudge 1');
  });

  it('says each thing once: no title repeating the answer, no hint to nudge a request that is not waiting', async () => {
    const w = await world();
    const requested = await w.say('grace', 'request GitHub Read -- for the release');
    expect(requested).toContain('Requested access to GitHub (Read)');
    expect(requested).not.toContain('Access requested');
    await w.sweep();
    await w.say('grace', 'requests');
    const nudged = await w.say('grace', 'nudge 1');
    expect(nudged).toContain('Nudged Ada Lovelace and Alan Turing about GitHub (Read).');
    expect(nudged).not.toContain('Approvers nudged');

    // 1 (Read) is declined; 2 (Write) still waits: the hint names 2.
    w.sandbox.state.decideTask(graceTaskOf(w, 'read', 'alan'), 'Declined', users.alan.id);
    const listed = await w.say('grace', 'requests');
    expect(listed).toContain('nudge 2');
    expect(listed).not.toContain('nudge 1');
    // Nothing waits: no hint at all.
    w.sandbox.state.decideTask(graceTaskOf(w, 'write', 'ada'), 'Approved', users.ada.id);
    expect(await w.say('grace', 'requests')).not.toMatch(/nudge \d/);
  });

  it('nudges the approvers once, says when the next nudge is possible, and refuses one sooner', async () => {
    const w = await world();
    await w.say('grace', 'request GitHub Read -- for the release');
    await w.sweep();
    await w.say('grace', 'requests');
    w.clock.advance(3 * HOUR_MS);
    const nudged = await w.say('grace', 'nudge 1');
    expect(nudged).toContain('Nudged Ada Lovelace and Alan Turing about GitHub (Read).');
    const next = w.voiceOf('grace').time(new Date(w.clock.now().getTime() + DAY_MS));
    expect(nudged).toContain(`You can nudge again from ${next} (in 24 hours).`);
    for (const who of ['ada', 'alan'] as const) {
      const nudge = await w.waitFor(who, (m) => m.includes(NUDGE));
      expect(nudge).toMatch(/has been waiting \d+ hours for your decision on/);
      expect(nudge).toContain('GitHub (Read)');
    }

    w.clock.advance(HOUR_MS);
    const refused = await w.say('grace', 'nudge 1');
    expect(refused).toContain('were nudged 60 minutes ago');
    expect(refused).toContain(`You can nudge them again from ${next} (in 23 hours)`);
    await w.sweep();
    expect(nudgesTo(w, 'ada')).toHaveLength(1);
    expect(nudgesTo(w, 'alan')).toHaveLength(1);

    w.clock.advance(DAY_MS);
    expect(await w.say('grace', 'nudge 1')).toContain('Nudged Ada Lovelace and Alan Turing');
    await w.waitFor('alan', (m) => m.includes(NUDGE) && nudgesTo(w, 'alan').length === 2);
    expect(nudgesTo(w, 'ada')).toHaveLength(2);

    // Each approver's task nudged counts in the insight report.
    const trail = await w.store.listAudit({ limit: 100 });
    const period = { since: new Date(0), until: new Date(w.clock.now().getTime() + 1) };
    expect((await summarise(trail, period, w.clock.now())).sent.nudges).toBe(4);
  });

  it('says the same each time a nudge reaches nobody, and counts none against the period', async () => {
    const w = await world();
    // Tim and Margaret approve Figma; neither uses accessbot here.
    await w.say('grace', 'request Figma Editor -- the onboarding designs');
    await w.sweep();
    await w.say('grace', 'requests');
    const nobody =
      'None of the approvers of Figma (Editor) uses accessbot, so nobody could be nudged.';
    expect(await w.say('grace', 'nudge 1')).toContain(nobody);
    const again = await w.say('grace', 'nudge 1');
    expect(again).toContain(nobody);
    expect(again).not.toContain('Not nudged yet');
    expect(await w.say('grace', 'requests')).not.toMatch(/nudged/);
    const trail = await w.store.listAudit({ limit: 100 });
    expect(trail.filter((entry) => entry.action === 'nudge')).toEqual([]);
  });

  // QUIET_HOURS and WORKING_DAYS unset, or quiet hours that are not now (09:01 in London and
  // in UTC; 18:01 in Alan's Tokyo on Slack).
  it.each([
    ['no quiet hours', undefined],
    ['quiet hours set', NIGHTS],
  ])(
    'with %s, says a nudge in working hours went at once, however the clock moves',
    async (_, hours) => {
      const w = await world({ hours, clock: new TickingClock() });
      await w.say('grace', 'request GitHub Read -- for the release');
      await w.sweep();
      await w.say('grace', 'requests');
      const nudged = await w.say('grace', 'nudge 1');
      expect(nudged).toContain('Nudged Ada Lovelace and Alan Turing about GitHub (Read).');
      expect(nudged).not.toContain('outside working hours');
      await w.waitFor('alan', (m) => m.includes(NUDGE));
    },
  );

  it('holds a nudge in the approvers’ quiet hours, sends it when they end, and drops one decided meanwhile', async () => {
    const w = await world({ hours: NIGHTS, clock: new TickingClock() });
    await w.say('grace', 'request GitHub Admin -- for the release');
    w.clock.advance(60_000);
    await w.say('grace', 'request GitHub Read -- to read the code');
    await w.sweep();
    // 1: Read, 2: Admin (newest first).
    await w.say('grace', 'requests');
    // 22:02 in London and in UTC: the approvers' quiet hours.
    w.clock.advance(13 * HOUR_MS);
    const held = await w.say('grace', 'nudge 2');
    const eight = w.voiceOf('grace').time(new Date('2026-11-23T08:00:00Z'));
    expect(held).toContain(
      `Ada Lovelace is outside working hours: the nudge reaches them at ${eight}.`,
    );
    await w.say('grace', 'nudge 1');
    // Her Admin request (Radia and Ada approve it) is decided overnight: its nudge never goes.
    w.sandbox.state.decideTask(graceTaskOf(w, 'admin', 'ada'), 'Approved', users.ada.id);
    await w.sweep();
    expect(nudgesTo(w, 'ada')).toEqual([]);

    w.clock.advance(10 * HOUR_MS);
    await w.sweep();
    const nudge = await w.waitFor('ada', (m) => m.includes(NUDGE));
    expect(nudge).toContain('GitHub (Read)');
    await w.sweep();
    for (const who of ['ada', 'alan'] as const) {
      expect(nudgesTo(w, who), who).toHaveLength(1);
      expect(nudgesTo(w, who)[0]).not.toContain('GitHub (Admin)');
    }
  });

  it('refuses to nudge someone else’s request, by number or by id, with nothing about it', async () => {
    const w = await world({ typist: 'alan' });
    const { state } = w.sandbox;
    const access = state.createAccessRequest({
      workAppId: workApps.github.id,
      userId: users.grace.id,
      permissionLevelId: workApps.github.levels.admin.id,
    });
    await w.sweep();
    const byId = await w.say('alan', `nudge ${access.id}`);
    expect(byId).toContain('That is not one of your requests');
    expect(byId).not.toContain('GitHub');
    expect(await w.say('alan', 'nudge 1')).toContain('There is no request number 1');
    await w.sweep();
    expect(nudgesTo(w, 'ada')).toEqual([]);
  });

  it('tells her who decided, and why on a decline', async () => {
    const w = await world();
    await w.say('grace', 'request GitHub Read -- for the release');
    await w.sweep();
    w.sandbox.state.decideTask(
      graceTaskOf(w, 'read', 'alan'),
      'Declined',
      users.alan.id,
      'Write is enough for the release',
    );
    await w.sweep();
    const told = await w.waitFor('grace', (m) => m.includes('Your request for access'));
    expect(told).toContain('Your request for access to GitHub (Read): Declined by Alan Turing');
    expect(told).toContain('Write is enough for the release');
  });
});

describe('a requester’s Slack App Home', () => {
  const world = eachWorld(slackWorld);

  it('shows her requests as `requests` lists them, between the request button and her history', async () => {
    const w = await world();
    await w.say('grace', 'request GitHub Read -- for the release');
    await w.sweep();
    const event = { type: 'app_home_opened', user: 'U-GRACE', tab: 'home', event_ts: '1.2' };
    await sendEvent(w.url, { ...event, channel: 'D-U-GRACE' });
    const published = await w.fake.waitFor(() => w.fake.callsOf('views.publish')[0]);
    const home = JSON.stringify(published.args.view);
    const at = (text: string) => home.indexOf(text);
    expect(at('Your access requests')).toBeGreaterThan(at('accessbot.request.open'));
    expect(at('1. GitHub (Read) — waiting for Ada Lovelace and Alan Turing')).toBeGreaterThan(
      at('Your access requests'),
    );
    expect(at('nudge 1')).toBeGreaterThan(0);
    expect(at('Your recent actions')).toBeGreaterThan(at('nudge 1'));
  });
});
