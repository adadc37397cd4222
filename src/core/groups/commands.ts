/**
 * `members [group]` and `group add|remove|bind|unbind …`. A group and a person are told apart
 * without guessing: a mention or an e-mail is the person; else quotes or the group names decide.
 */
import { z } from 'zod';
import { fail, type Parsed, tooLong, words } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';
import { exactPerson, MAX_PERSON_LENGTH, PersonRef, personOf } from '../person-ref.ts';

const GroupName = z.string().min(1).max(200);

export const ChangeTarget = z.union([
  z.object({ group: GroupName, person: PersonRef }),
  /** Names only, unquoted: the core takes the longest start that names a group as the group. */
  z.object({ words: z.array(z.string().min(1)).min(3).max(60) }),
]);
export type ChangeTarget = z.infer<typeof ChangeTarget>;

export const MembersCommand = z.object({
  name: z.literal('members'),
  /** No group: the group the channel is bound to. */
  group: z.string().min(1).max(200).optional(),
});

export const GroupsCommand = z.object({ name: z.literal('groups') });

export const GroupCommand = z.discriminatedUnion('action', [
  z.object({
    name: z.literal('group'),
    action: z.enum(['add', 'remove']),
    target: ChangeTarget,
  }),
  z.object({ name: z.literal('group'), action: z.literal('bind'), group: GroupName }),
  z.object({ name: z.literal('group'), action: z.literal('unbind') }),
]);
export type GroupCommand = z.infer<typeof GroupCommand>;

/** A name in quotes ("All Staff") is the name without them. */
export function parseMembers(v: Voice, args: string): Parsed<{ name: 'members'; group?: string }> {
  if (args.length > 200) return tooLong(v, 'groupName', args, 200);
  return { ok: true, command: { name: 'members', group: words(args).join(' ') || undefined } };
}

export function parseGroupCommand(v: Voice, args: string): Parsed<GroupCommand> {
  const [verb = '', ...rest] = words(args);
  const action = verb.toLowerCase();
  if (action === 'unbind') {
    return rest.length
      ? fail(v.t('parse.unbindNoArguments'))
      : { ok: true, command: { name: 'group', action } };
  }
  if (action === 'bind') {
    const group = rest.join(' ');
    if (!group) return fail(v.t('parse.bindWhichGroup'));
    if (group.length > 200) return fail(v.t('parse.groupNameTooLong', { max: 200 }));
    return { ok: true, command: { name: 'group', action, group } };
  }
  if (action !== 'add' && action !== 'remove') {
    return fail(v.t('parse.groupUsage', { usage: v.t('usage.group') }));
  }
  const target = changeTarget(v, rest, action);
  return typeof target === 'string'
    ? fail(target)
    : { ok: true, command: GroupCommand.parse({ name: 'group', action, target }) };
}

function changeTarget(v: Voice, rest: string[], action: 'add' | 'remove'): ChangeTarget | string {
  const usage = v.t('parse.changeUsage', { action });
  if (rest.length < 2) return v.t('parse.whichGroupAndWho', { usage });
  if (rest.join(' ').length > 200 + MAX_PERSON_LENGTH) return v.t('parse.groupAndPersonTooLong');
  const exact = rest.filter((w) => exactPerson(w));
  if (exact.length > 1) return v.t('parse.onePerson', { usage });
  if (exact.length === 1) {
    const group = rest.filter((w) => w !== exact[0]).join(' ');
    return { group, person: exactPerson(exact[0]!)! };
  }
  if (rest.length === 2) return { group: rest[0]!, person: personOf([rest[1]!]) };
  if (rest.length > 60) return v.t('parse.groupAndPersonTooLong');
  return { words: rest };
}
