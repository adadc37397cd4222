/**
 * What a group membership change looks like in chat, decided once here: the confirmation card
 * with Confirm and Cancel (and the words to type where there are no buttons), the card it
 * becomes once carried out, cancelled or expired, and the note the person changed receives.
 */
import type { GroupChange, MembershipOutcome } from '../../store/store.ts';
import { personName } from '../find-person.ts';
import { changeWords, formatTime } from '../format.ts';
import { type Field, info, type Reply, success, warning } from '../reply.ts';
import { inert } from '../text.ts';

const targetOf = (c: GroupChange) =>
  personName({ displayName: c.targetName, email: c.targetEmail, accessUserId: c.targetUserId });

const adding = (c: GroupChange) => c.action === 'group_add';

function fields(c: GroupChange, askedBy: string): Field[] {
  const person = c.targetEmail ? `${targetOf(c)} (${inert(c.targetEmail)})` : targetOf(c);
  return [
    { label: 'Person', value: person },
    { label: 'Group', value: inert(c.groupName) },
    { label: 'Change', value: adding(c) ? 'add to the group' : 'remove from the group' },
    { label: 'Asked by', value: inert(askedBy) },
  ];
}

/**
 * The card that asks the person who asked for the change to confirm it; for a privileged group
 * (`second`) it says that another admin confirms, and offers the asker only Cancel.
 */
export function confirmationCard(c: GroupChange, askedBy: string, second = false): Reply {
  const title = `${adding(c) ? 'Add' : 'Remove'} ${targetOf(c)} ${adding(c) ? 'to' : 'from'} ${inert(c.groupName)}?`;
  const by = second ? 'A second admin confirms it' : 'Confirm or cancel';
  const confirm = {
    label: adding(c) ? 'Confirm: add' : 'Confirm: remove',
    action: 'confirmChange',
    value: c.id,
    style: adding(c) ? 'primary' : 'danger',
  } as const;
  const cancel = { label: 'Cancel', action: 'cancelChange', value: c.id } as const;
  return info(`${title} ${by} (${c.id}) before ${formatTime(c.expiresAt)}.`, {
    title,
    blocks: [
      {
        kind: 'fields',
        fields: [...fields(c, askedBy), { label: 'Expires', value: formatTime(c.expiresAt) }],
      },
      { kind: 'actions', buttons: second ? [cancel] : [confirm, cancel] },
      {
        kind: 'note',
        text: second
          ? `Nothing changes until another of accessbot’s admins, not the person added, types \`confirm ${c.id}\`. You may cancel (\`cancel ${c.id}\`).`
          : `Nothing changes until you confirm (\`confirm ${c.id}\`) or cancel (\`cancel ${c.id}\`).`,
      },
    ],
  });
}

const outcomeText: Record<MembershipOutcome, (c: GroupChange, who: string) => string> = {
  added: (c, who) => `${who} is now a member of ${inert(c.groupName)}.`,
  removed: (c, who) => `${who} is no longer a member of ${inert(c.groupName)}.`,
  already_member: (c, who) =>
    `${who} was already a member of ${inert(c.groupName)}; nothing changed.`,
  not_member: (c, who) => `${who} was not a member of ${inert(c.groupName)}; nothing changed.`,
  group_not_found: (c) =>
    `The group ${inert(c.groupName)} no longer exists in the Access Service; nothing changed.`,
  person_not_found: (_c, who) => `The Access Service no longer knows ${who}; nothing changed.`,
  not_allowed: (c) =>
    `You may no longer change the members of ${inert(c.groupName)}; nothing changed.`,
  not_requester: () => 'Only the person who asked for this change can confirm or cancel it.',
  cancelled: (c, who) => `Cancelled: I did not ${changeWords(c, who)}.`,
  expired: (c, who) =>
    `This confirmation expired, so I did not ${changeWords(c, who)}. Type the command again if it is still wanted.`,
  failed: (c, who) =>
    `The Access Service did not ${changeWords(c, who)}; nothing changed. Please try again later.`,
};

const titles: Partial<Record<MembershipOutcome, (c: GroupChange, who: string) => string>> = {
  added: (c, who) => `${who} added to ${inert(c.groupName)}`,
  removed: (c, who) => `${who} removed from ${inert(c.groupName)}`,
  cancelled: () => 'Group change cancelled',
  expired: () => 'Group change expired',
};

/**
 * The card a confirmation becomes once the change is over: what happened, truthfully, and no
 * buttons. `lead` comes first, e.g. when a second click finds it already done.
 */
export function outcomeCard(
  c: GroupChange,
  outcome: MembershipOutcome,
  askedBy: string,
  lead?: string,
): Reply {
  const who = targetOf(c);
  const said = outcomeText[outcome](c, who);
  const done = outcome === 'added' || outcome === 'removed';
  const title = titles[outcome]?.(c, who) ?? `Group change: ${changeWords(c, who)}`;
  const make = done ? success : warning;
  const text = lead ? `${lead} ${said}` : said;
  return make(text, {
    title,
    blocks: [
      { kind: 'text', text },
      { kind: 'fields', fields: fields(c, askedBy) },
    ],
  });
}

/** The direct message to the person added or removed. */
export function changedNotice(c: GroupChange, byName: string): Reply {
  const did = adding(c) ? 'added you to' : 'removed you from';
  const text = `${inert(byName)} ${did} the group ${inert(c.groupName)} (through accessbot).`;
  return info(text, { title: 'Your group membership changed' });
}
