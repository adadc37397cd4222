/**
 * The notes on a list of approvers' cards (questions to requesters, approvers away), read for
 * the whole list at once: one look at the store when no card has any, as most lists, and the
 * notes themselves once for all the cards, never once a card.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '../../../src/access/schemas.ts';
import { listNotes } from '../../../src/core/asks/notes.ts';
import { english } from '../../../src/core/i18n/voice.ts';
import { openStore } from '../../../src/store/open.ts';
import type { Store } from '../../../src/store/store.ts';
import { away, question } from '../../store/ask-contract.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 9, minutes));
/** An approver's task on access request `access-<i>`. */
const task = (i: number): Task => ({
  id: `task-${i}`,
  status: 'Pending',
  type: 'AccessRequest',
  target: {},
  metadata: { accessId: `access-${i}` },
});
const tasks = Array.from({ length: 20 }, (_, i) => task(i));

let store: Store;
let reads: string[];
beforeEach(async () => {
  store = await openStore('sqlite::memory:');
  reads = [];
  for (const method of ['hasNotes', 'awayOn', 'questionsOn'] as const) {
    const read = store[method].bind(store) as (...args: never[]) => Promise<never>;
    const counted = (...args: never[]) => {
      reads.push(method);
      return read(...args);
    };
    Object.assign(store, { [method]: counted });
  }
});
afterEach(() => store.close());

describe('the notes of a task list', () => {
  it('are one look at the store when no card has a note', async () => {
    expect(await listNotes(store, tasks, 'ada', english)).toEqual(new Map());
    expect(reads).toEqual(['hasNotes']);
  });

  it('are read once for the whole list, each on its own card, the viewer’s absence not shown', async () => {
    await store.putTaskQuestion(question({ subject: 'access-3', question: 'Which <repo>?' }));
    for (const who of ['alan', 'ada']) {
      const period = await store.setAway(away({ accessUserId: who }), at(0));
      await store.noteAwayWaits(period, [{ taskId: 'task-7', subject: 'access-7' }], at(1));
    }
    const notes = await listNotes(store, tasks, 'ada', english);
    expect([...notes.keys()].sort()).toEqual(['task-3', 'task-7']);
    expect(notes.get('task-3')).toEqual([expect.stringContaining('Which <repo>?')]);
    expect(notes.get('task-7')).toEqual([expect.stringMatching(/^Alan Turing is away/)]);
    expect(reads.sort()).toEqual(['awayOn', 'hasNotes', 'questionsOn']);
  });
});
