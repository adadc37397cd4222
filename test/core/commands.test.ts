import { describe, expect, it } from 'vitest';
import { voiceFor } from '../../src/core/i18n/voice.ts';
import { parsed, refusedWith } from '../helpers/parse.ts';

const ID = '3f2b8c1e-9a4d-4c1b-8e2f-1a2b3c4d5e6f';

const ok = parsed;
const refused = refusedWith;

const refusedIn = (locale: string, text: string) => refused(text, voiceFor(locale));

describe('command parser', () => {
  it('reads every command', () => {
    expect(ok('help')).toEqual({ name: 'help' });
    expect(ok('  TASKS ')).toEqual({ name: 'tasks' });
    expect(ok(`approve ${ID}`)).toEqual({ name: 'approve', tasks: [{ kind: 'id', id: ID }] });
    expect(ok(`approve ${ID.toUpperCase()}`)).toEqual({
      name: 'approve',
      tasks: [{ kind: 'id', id: ID }],
    });
    expect(ok('approve 2')).toEqual({ name: 'approve', tasks: [{ kind: 'number', n: 2 }] });
    expect(ok('decline 1 -- too   broad for a contractor')).toEqual({
      name: 'decline',
      tasks: [{ kind: 'number', n: 1 }],
      reason: 'too broad for a contractor',
      confirmed: true,
    });
    expect(ok(`decline ${ID}`)).toEqual({
      name: 'decline',
      tasks: [{ kind: 'id', id: ID }],
      reason: undefined,
      confirmed: false,
    });
    expect(ok(`decline ${ID} --`)).toMatchObject({ reason: undefined, confirmed: true });
    expect(ok('members Platform Engineering')).toEqual({
      name: 'members',
      group: 'Platform Engineering',
    });
    expect(ok('groups')).toEqual({ name: 'groups' });
    expect(ok('apps')).toEqual({ name: 'apps', search: undefined });
    expect(ok('apps git')).toEqual({ name: 'apps', search: 'git' });
    expect(ok('request GitHub admin -- need it for the release')).toEqual({
      name: 'request',
      target: 'GitHub admin',
      justification: 'need it for the release',
    });
    expect(ok('request Google Workspace')).toEqual({
      name: 'request',
      target: 'Google Workspace',
      justification: undefined,
    });
    expect(ok('request')).toEqual({ name: 'request', target: undefined, justification: undefined });
  });

  it('takes a quoted name without its quotes, wherever a name is taken', () => {
    expect(ok('members "All Staff"')).toEqual({ name: 'members', group: 'All Staff' });
    expect(ok('members “All Staff”')).toEqual({ name: 'members', group: 'All Staff' });
    expect(ok('members All Staff')).toEqual({ name: 'members', group: 'All Staff' });
    expect(ok('apps "AWS Console"')).toEqual({ name: 'apps', search: 'AWS Console' });
    expect(ok('group bind "All Staff"')).toMatchObject({ group: 'All Staff' });
    expect(ok('history "Grace Hopper"')).toMatchObject({
      subject: { kind: 'person', person: { kind: 'name', name: 'Grace Hopper' } },
    });
  });

  it('keeps dashes inside a justification', () => {
    expect(ok('request Jira -- on-call -- urgent')).toMatchObject({
      target: 'Jira',
      justification: 'on-call -- urgent',
    });
  });

  it('reads whom a request is for after its last unquoted `for`', () => {
    expect(ok('request GitHub read for Grace Hopper -- for the release')).toEqual({
      name: 'request',
      target: 'GitHub read',
      justification: 'for the release',
      for: { kind: 'name', name: 'Grace Hopper' },
    });
    expect(ok('request "Copilot for Business" for grace@example.com')).toMatchObject({
      target: '"Copilot for Business"',
      for: { kind: 'email', email: 'grace@example.com' },
    });
    expect(ok('request "Copilot for Business"')).toEqual({
      name: 'request',
      target: '"Copilot for Business"',
      justification: undefined,
    });
    expect(refused('request for Grace')).toContain('Which application?');
    expect(refused('request GitHub for -- why')).toContain('For whom?');
  });

  it('treats an empty message as a request for help', () => {
    expect(ok('   ')).toEqual({ name: 'help' });
  });

  it('suggests the closest command for a typo', () => {
    expect(refused('taks')).toContain('Did you mean `tasks`?');
    expect(refused('frobnicate')).toContain('Type `help`');
  });

  it('explains a missing or malformed task id', () => {
    expect(refused('approve')).toContain('Which task?');
    expect(refused('approve 3f2b8c1e-zzzz')).toContain('is not a task');
    expect(refused('approve 3f2b')).toContain('first 6 or more characters');
    expect(refused('decline not-an-id -- because')).toContain('is not a task');
    expect(refused('approve 0')).toContain('no task number 0');
  });

  it('names several tasks, by number, id or the start of an id', () => {
    expect(ok(`approve 1 3 ${ID.slice(0, 8)} ${ID}`)).toEqual({
      name: 'approve',
      tasks: [
        { kind: 'number', n: 1 },
        { kind: 'number', n: 3 },
        { kind: 'prefix', prefix: ID.slice(0, 8) },
        { kind: 'id', id: ID },
      ],
    });
    expect(ok('decline 1 2 3 -- not this quarter')).toEqual({
      name: 'decline',
      tasks: [1, 2, 3].map((n) => ({ kind: 'number', n })),
      reason: 'not this quarter',
      confirmed: true,
    });
  });

  it('never takes a reason for a task, or a task for a reason', () => {
    // The old habit, a reason straight after the task: refused with the way to say it.
    expect(refused('decline 1 not this quarter')).toContain('`decline 1 -- not this quarter');
    expect(refused('approve 1 -- looks fine')).toContain('takes no reason');
    expect(refused(`approve ${Array.from({ length: 16 }, (_, i) => i + 1).join(' ')}`)).toContain(
      'At most 15',
    );
  });

  it('refuses text over the limits with the limit in the answer', () => {
    expect(refused(`decline 1 -- ${'x'.repeat(1200)}`)).toContain('limit is 1000');
    expect(refused('x'.repeat(2500))).toContain('limit is 2000');
    expect(refused(`request Jira -- ${'y'.repeat(1100)}`)).toContain('justification is too long');
  });

  it('says a question code that is none of the person’s questions is not one, in each language', () => {
    expect(ok('answer 2 -- yes')).toMatchObject({
      question: { kind: 'number', n: 2 },
      text: 'yes',
    });
    expect(refused('answer abc -- hi')).toBe(
      'No question to you has that code. `requests` shows the questions waiting for your answer.',
    );
    expect(refused('answer 999 -- hi')).toContain('There is no request number 999');
    expect(refusedIn('de-DE', 'answer abc -- hi')).toContain('Keine Frage an Sie hat diesen Code.');
    expect(refusedIn('ja-JP', 'answer abc -- hi')).toContain(
      'そのコードの、あなた宛ての質問はありません。',
    );
    // What is missing is still asked for.
    expect(refused('answer abc')).toContain('Which question, and what is your answer?');
    expect(refused('answer -- hi')).toContain('Which question, and what is your answer?');
  });

  it('asks for what is missing', () => {
    // `members` alone answers for the channel's bound group: the core asks when there is none.
    expect(ok('members')).toEqual({ name: 'members', group: undefined });
    expect(refused('request -- because')).toContain('Which application?');
    expect(refused('tasks please')).toContain('takes no arguments');
  });
});
