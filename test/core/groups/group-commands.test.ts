/** The group and audit commands: a group and a person told apart without guessing. */
import { describe, expect, it } from 'vitest';
import { parsed, refusedWith } from '../../helpers/parse.ts';

const ok = parsed;
const refused = refusedWith;

describe('group commands', () => {
  it('takes a mention or an e-mail address as the person, wherever it is', () => {
    expect(ok('group add Engineering <@U123>')).toEqual({
      name: 'group',
      action: 'add',
      target: { group: 'Engineering', person: { kind: 'mention', chatUserId: 'U123' } },
    });
    expect(ok('group remove <@U123|grace.hopper> All Staff')).toMatchObject({
      action: 'remove',
      target: { group: 'All Staff', person: { kind: 'mention', chatUserId: 'U123' } },
    });
    expect(ok('GROUP ADD "All Staff" Grace.Hopper@Example.com')).toMatchObject({
      target: { group: 'All Staff', person: { kind: 'email', email: 'grace.hopper@example.com' } },
    });
    expect(ok('group add Engineering <@29:1a-b_c>')).toMatchObject({
      target: { person: { kind: 'mention', chatUserId: '29:1a-b_c' } },
    });
  });

  it('splits names by quotes or two words, and leaves longer ones to the group list', () => {
    expect(ok('group add Design Tim')).toMatchObject({
      target: { group: 'Design', person: { kind: 'name', name: 'Tim' } },
    });
    expect(ok('group add "All Staff" “Grace Hopper”')).toMatchObject({
      target: { group: 'All Staff', person: { kind: 'name', name: 'Grace Hopper' } },
    });
    expect(ok('group add All Staff @Grace Hopper')).toMatchObject({
      target: { words: ['All', 'Staff', '@Grace', 'Hopper'] },
    });
  });

  it('binds and unbinds a channel, and keeps `group <name>` as members', () => {
    expect(ok('group bind All Staff')).toEqual({
      name: 'group',
      action: 'bind',
      group: 'All Staff',
    });
    expect(ok('group unbind')).toEqual({ name: 'group', action: 'unbind' });
    expect(ok('group Engineering')).toEqual({ name: 'members', group: 'Engineering' });
    expect(ok('group')).toEqual({ name: 'members', group: undefined });
  });

  it('says what is missing or wrong', () => {
    expect(refused('group add Engineering')).toContain('Which group, and who?');
    expect(refused('group add a@x.com b@x.com')).toContain('One person at a time');
    expect(refused('group bind')).toContain('Which group?');
    expect(refused('group unbind Engineering')).toContain('takes no arguments');
    expect(refused(`group add ${'x'.repeat(300)} ${'y'.repeat(200)}`)).toContain('too long');
  });

  it('reads confirm and cancel with the code from the card', () => {
    expect(ok('confirm K3M9Q2XA')).toEqual({ name: 'confirm', code: 'k3m9q2xa' });
    expect(ok('cancel k3m9q2xa')).toEqual({ name: 'cancel', code: 'k3m9q2xa' });
    expect(refused('confirm')).toContain('Confirm what?');
    expect(refused('confirm <script>')).toContain('Confirm what?');
    // One format: a code of another length, or with a look-alike character, is no code.
    expect(refused('confirm k3m9q2xapt')).toContain('Confirm what?');
    expect(refused('cancel k3m9q2x0')).toContain('Which change?');
    expect(refused('cancel')).toContain('Which change?');
  });

  it('reads history for oneself, everyone, or a person', () => {
    expect(ok('history')).toEqual({ name: 'history', subject: { kind: 'own' } });
    expect(ok('history ALL')).toEqual({ name: 'history', subject: { kind: 'all' } });
    expect(ok('history grace@example.com')).toEqual({
      name: 'history',
      subject: { kind: 'person', person: { kind: 'email', email: 'grace@example.com' } },
    });
    expect(ok('history <@U1>')).toMatchObject({ subject: { person: { kind: 'mention' } } });
    expect(ok('history Grace Hopper')).toMatchObject({
      subject: { person: { kind: 'name', name: 'Grace Hopper' } },
    });
  });
});
