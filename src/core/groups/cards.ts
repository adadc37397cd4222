/** A group membership change in chat: its confirmation card, what that becomes, the notice. */
import type { GroupChange, MembershipOutcome } from '../../store/store.ts';
import { personName } from '../find-person.ts';
import type { Voice } from '../i18n/voice.ts';
import { type Field, info, type Reply, success, warning } from '../reply.ts';
import { inert } from '../text.ts';

const targetOf = (c: GroupChange) =>
  personName({ displayName: c.targetName, email: c.targetEmail, accessUserId: c.targetUserId });

const adding = (c: GroupChange) => c.action === 'group_add';

const named = (c: GroupChange, who: string) => ({
  action: adding(c) ? 'add' : 'remove',
  who,
  group: inert(c.groupName),
});

function fields(v: Voice, c: GroupChange, askedBy: string): Field[] {
  const person = c.targetEmail
    ? v.t('person.withEmail', { name: targetOf(c), email: inert(c.targetEmail) })
    : targetOf(c);
  return [
    { label: v.t('change.field.person'), value: person },
    { label: v.t('change.field.group'), value: inert(c.groupName) },
    { label: v.t('change.field.change'), value: v.t('change.what', named(c, person)) },
    { label: v.t('change.field.askedBy'), value: inert(askedBy) },
  ];
}

/** What is confirmed, as one question. */
export const changeAsks = (v: Voice, c: GroupChange) => v.t('change.ask', named(c, targetOf(c)));

/** For a privileged group, another admin confirms: the asker gets only Cancel. */
export function confirmationCard(v: Voice, c: GroupChange, code: string, askedBy: string): Reply {
  const second = c.confirmer === 'second_admin';
  const words = named(c, targetOf(c));
  const title = changeAsks(v, c);
  const expires = v.time(c.expiresAt);
  const confirm = {
    label: v.t('change.confirm', words),
    action: 'confirmChange',
    value: code,
    style: adding(c) ? 'primary' : 'danger',
    spoken: v.t('change.confirmSpoken', words),
  } as const;
  const cancel = {
    label: v.t('change.cancel'),
    action: 'cancelChange',
    value: code,
    spoken: v.t('change.cancelSpoken', words),
  } as const;
  const who = second ? 'second' : 'you';
  return info(v, v.t('change.summary', { title, who, id: code, expires }), {
    title,
    blocks: [
      {
        kind: 'fields',
        fields: [...fields(v, c, askedBy), { label: v.t('change.field.expires'), value: expires }],
      },
      { kind: 'actions', buttons: second ? [cancel] : [confirm, cancel] },
      { kind: 'note', text: v.t('change.howTo', { who, id: code }) },
    ],
  });
}

/** What happened, truthfully, and no buttons; `lead` first (a second click found it done). */
export function outcomeCard(
  v: Voice,
  c: GroupChange,
  outcome: MembershipOutcome,
  askedBy: string,
  lead?: string,
): Reply {
  const words = { ...named(c, targetOf(c)), outcome };
  const said = v.t('change.outcome', words);
  const done = outcome === 'added' || outcome === 'removed';
  const title = v.t('change.outcomeTitle', words);
  const make = done ? success : warning;
  const text = lead ? v.t('change.lead', { lead, said }) : said;
  return make(v, text, {
    title,
    blocks: [
      { kind: 'text', text },
      { kind: 'fields', fields: fields(v, c, askedBy) },
    ],
  });
}

export function changedNotice(v: Voice, c: GroupChange, byName: string): Reply {
  const text = v.t('change.notice', { ...named(c, ''), by: inert(byName) });
  return info(v, text, { title: v.t('change.noticeTitle') });
}
