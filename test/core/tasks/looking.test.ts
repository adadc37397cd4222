/**
 * "Looking at it", end to end on Slack, Teams and the terminal (real adapters over real HTTP,
 * the real poller, the sandbox, one fake clock): an approver's press shows the other approvers'
 * cards of the request who is looking and since when, in each viewer's time zone; the mark goes
 * when the task is decided, or by an edit once 30 minutes have passed, after which another
 * approver may mark it; only the task's approvers may mark it, and a second one is told who is
 * looking. On Slack, opening the decline form marks it too.
 */
import { describe, expect, it } from 'vitest';
import { tasks, users } from '../../../src/sandbox/seed.ts';
import { teamsId } from '../../fakes/bot-connector-harness.ts';
import {
  eachWorld,
  type Person,
  type RequesterWorld,
  slackWorld,
  teamsWorld,
  terminalWorld,
  type WorldOptions,
} from '../../helpers/requester-world.ts';

const LOOKING = 'is looking at this';
const MINUTE_MS = 60_000;
/** Grace's GitHub (Write) request: a task for Ada and one for Alan. */
const ADA_TASK = tasks.adaGraceGithubWrite;
const ALAN_TASK = tasks.alanGraceGithubWrite;

interface Platform {
  start: (o?: WorldOptions) => Promise<RequesterWorld>;
  /** Whether the others can act: the terminal is one person's. */
  shared: boolean;
}

const platforms: Array<[string, Platform]> = [
  ['Slack', { start: slackWorld, shared: true }],
  ['Teams', { start: teamsWorld, shared: true }],
  ['the terminal', { start: (o) => terminalWorld({ typist: 'ada', ...o }), shared: false }],
];
/** When Ada presses: after the first sweep. */
const PRESSED = new Date('2026-11-22T09:01:00Z');

/** `who`'s card of `taskId` as it now stands, once `probe` accepts it. */
const cardOf = (w: RequesterWorld, who: Person, taskId: string, probe = (_: string) => true) =>
  w.waitFor(who, (m) => m.includes(taskId) && !m.includes('A nudge from') && probe(m));

/** A world whose approvers have their cards. */
async function withCards<W extends RequesterWorld>(w: W): Promise<W> {
  await w.sweep();
  await cardOf(w, 'alan', ALAN_TASK);
  return w;
}

describe.each(platforms)('approvers on %s', (_name, p) => {
  const started = eachWorld(p.start);
  const world = async (options?: WorldOptions) => withCards(await started(options));

  it('shows the other approvers who is looking, in their own time zone, until the task is decided', async () => {
    const w = await world();
    const told = await w.look('ada', ADA_TASK);
    expect(told).toContain('The other approvers now see that you are looking at this');
    const marked = await cardOf(w, 'alan', ALAN_TASK, (m) => m.includes(LOOKING));
    // Slack tells Alan's zone (Tokyo): 6:01 PM there; elsewhere the default (New York): 4:01 AM.
    const since = w.voiceOf('alan').clock(PRESSED);
    expect(marked).toContain(`Ada Lovelace is looking at this (since ${since})`);
    expect(w.messages('ada').filter((m) => m.includes(LOOKING))).toEqual([]);

    w.sandbox.state.decideTask(ALAN_TASK, 'Approved', users.alan.id);
    await w.sweep();
    const decided = await cardOf(w, 'alan', ALAN_TASK, (m) =>
      m.includes('Approved by Alan Turing'),
    );
    expect(decided).not.toContain(LOOKING);
  });

  it('clears the mark by an edit once 30 minutes have passed; then it may be marked again', async () => {
    const w = await world();
    await w.look('ada', ADA_TASK);
    await cardOf(w, 'alan', ALAN_TASK, (m) => m.includes(LOOKING));
    // Each sweep moves the clock a minute on: 29, then 31 minutes after the press.
    w.clock.advance(28 * MINUTE_MS);
    await w.sweep();
    expect((await cardOf(w, 'alan', ALAN_TASK)).includes(LOOKING)).toBe(true);
    w.clock.advance(MINUTE_MS);
    await w.sweep();
    const cleared = await cardOf(w, 'alan', ALAN_TASK, (m) => !m.includes(LOOKING));
    expect(cleared).toContain('Access request: GitHub (Write)');
    // Over: a new mark may be written — Alan's, or Ada's again on the one terminal.
    const next: Person = p.shared ? 'alan' : 'ada';
    expect(await w.look(next, next === 'alan' ? ALAN_TASK : ADA_TASK)).toContain(
      'The other approvers now see',
    );
    const other: Person = next === 'alan' ? 'ada' : 'alan';
    const remarked = await cardOf(w, other, other === 'ada' ? ADA_TASK : ALAN_TASK, (m) =>
      m.includes(LOOKING),
    );
    expect(remarked).toContain(next === 'alan' ? 'Alan Turing is looking at this' : 'Ada Lovelace');
  });

  it('tells a second approver who is looking, and lets no one but the task’s approvers mark it', async () => {
    const w = await world(p.shared ? {} : { typist: 'grace' });
    if (p.shared) {
      await w.look('ada', ADA_TASK);
      const second = await w.look('alan', ALAN_TASK);
      const v = w.voiceOf('alan');
      const until = new Date(PRESSED.getTime() + 30 * MINUTE_MS);
      expect(second).toContain(
        `Ada Lovelace is already looking at this (since ${v.time(PRESSED)}); their mark shows until ${v.time(until)} or until it is decided.`,
      );
      expect(w.messages('ada').filter((m) => m.includes(LOOKING))).toEqual([]);
    }
    const stranger = await w.say('grace', `looking ${ADA_TASK}`);
    expect(stranger).toContain('That task is not in your task list');
    expect(stranger).not.toContain('GitHub');
    await w.sweep();
    expect(w.messages('alan').filter((m) => m.includes('Grace Hopper is looking'))).toEqual([]);
  });
});

describe('Looking at it on Slack', () => {
  const world = eachWorld(slackWorld);

  it('is what opening the decline form says to the other approvers, too', async () => {
    const w = await withCards(await world());
    await w.openDecline('ada', ADA_TASK);
    const marked = await cardOf(w, 'alan', ALAN_TASK, (m) => m.includes(LOOKING));
    expect(marked).toContain(
      `Ada Lovelace is looking at this (since ${w.voiceOf('alan').clock(PRESSED)})`,
    );
  });
});

describe('Looking at it on Teams', () => {
  const world = eachWorld(teamsWorld);

  it('stays on a card Teams re-reads for its viewer, and a forged press is refused', async () => {
    const w = await withCards(await world());
    await w.look('ada', ADA_TASK);
    const refresh = w.h.activities.cardAction('alan', 'refresh', {
      value: ALAN_TASK,
      userIds: [teamsId('alan')],
    });
    expect(JSON.stringify((await w.h.post(refresh)).body)).toContain(
      `Ada Lovelace is looking at this (since ${w.voiceOf('alan').clock(PRESSED)})`,
    );
    const forged = await w.h.post(
      w.h.activities.cardAction('grace', 'looking', { value: ALAN_TASK }),
    );
    expect(JSON.stringify(forged.body)).toContain('That task is not in your task list');
  });
});
