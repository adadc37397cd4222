/** A change to an application in chat: its confirmation card, and the card that becomes. */
import type {
  AppChange,
  AppChangeOutcome,
  AppFacts,
  FieldChange,
  PolicyChange,
} from '../../store/store.ts';
import { appChangeNamed, requestTypeNamed } from '../audit/index.ts';
import type { Voice } from '../i18n/voice.ts';
import { type Field, info, type Reply, success, warning } from '../reply.ts';
import { inert } from '../text.ts';

export function namedChange(c: AppFacts) {
  const s = c.subject;
  const base = { appId: c.appId, appName: c.appName, valueBefore: s.before };
  if (s.kind === 'field') {
    return {
      ...base,
      action: 'app_field' as const,
      fieldName: s.fieldName,
      requestType: null,
      valueAfter: s.after,
    };
  }
  return {
    ...base,
    action: 'app_policy' as const,
    fieldName: null,
    requestType: s.requestType,
    ...(s.levelName !== null && { levelName: s.levelName }),
    valueAfter: s.policyName,
  };
}

const shown = (value: string | null, none: string) => (value === null ? none : inert(value, 500));

/** `unchanged`: only what it named, since what it would have become did not come true. */
type Shown = 'asked' | 'changed' | 'unchanged';

function fieldValues(v: Voice, s: FieldChange, at: Shown): Field[] {
  const now = (value: string | null) => ({
    label: v.t('app.change.now'),
    value: shown(value, v.t('app.fieldUnset')),
  });
  if (at === 'asked') {
    const becomes = shown(s.after, v.t('app.change.cleared'));
    return [now(s.before), { label: v.t('app.change.becomes'), value: becomes }];
  }
  return at === 'changed' ? [now(s.after)] : [];
}

function policyValues(v: Voice, s: PolicyChange, at: Shown): Field[] {
  const policy = { label: v.t('app.form.policy'), value: inert(s.policyName, 200) };
  if (at === 'asked') {
    const lastSet = shown(s.before, v.t('app.change.noneKnown'));
    return [policy, { label: v.t('app.change.lastSet'), value: lastSet }];
  }
  return at === 'changed' ? [policy] : [];
}

function fields(v: Voice, c: AppChange, at: Shown): Field[] {
  const s = c.subject;
  const what: Field[] =
    s.kind === 'field'
      ? [
          { label: v.t('app.change.fieldLabel'), value: inert(s.fieldName, 200) },
          ...fieldValues(v, s, at),
        ]
      : [
          { label: v.t('app.change.requestType'), value: requestTypeNamed(v, s.requestType) },
          {
            label: v.t('app.form.level'),
            value: shown(s.levelName, v.t('app.form.wholeApp')),
          },
          ...policyValues(v, s, at),
        ];
  return [
    { label: v.t('app.change.app'), value: inert(c.appName, 200) },
    ...what,
    { label: v.t('change.field.askedBy'), value: inert(c.askedByName, 200) },
  ];
}

/** What is confirmed, as one question. */
export const appChangeAsks = (v: Voice, c: AppChange) =>
  v.t('app.change.ask', { what: appChangeNamed(v, namedChange(c)) });

/** Only Cancel when a second admin confirms. */
export function confirmationCard(v: Voice, c: AppChange, code: string): Reply {
  const what = appChangeNamed(v, namedChange(c));
  const title = appChangeAsks(v, c);
  const expires = v.time(c.expiresAt);
  const who = c.confirmer === 'second_admin' ? 'second' : 'you';
  const confirm = {
    label: v.t('app.change.confirm'),
    action: 'confirmChange',
    value: code,
    style: 'primary',
    spoken: v.t('app.change.confirmSpoken', { what }),
  } as const;
  const cancel = {
    label: v.t('change.cancel'),
    action: 'cancelChange',
    value: code,
    spoken: v.t('app.change.cancelSpoken', { what }),
  } as const;
  return info(v, v.t('app.change.summary', { title, who, id: code, expires }), {
    title,
    blocks: [
      {
        kind: 'fields',
        fields: [...fields(v, c, 'asked'), { label: v.t('change.field.expires'), value: expires }],
      },
      { kind: 'actions', buttons: who === 'second' ? [cancel] : [confirm, cancel] },
      { kind: 'note', text: v.t('app.change.howTo', { who, id: code }) },
    ],
  });
}

/** What happened, truthfully, and no buttons. */
export function outcomeCard(
  v: Voice,
  c: AppChange,
  outcome: AppChangeOutcome,
  options: { unsure?: boolean; lead?: string } = {},
): Reply {
  const what = appChangeNamed(v, namedChange(c));
  const app = inert(c.appName, 200);
  const said = options.unsure
    ? v.t('app.outcomeUnsure', { what })
    : v.t('app.outcome', { outcome, what, app });
  const text = options.lead ? v.t('change.lead', { lead: options.lead, said }) : said;
  const changed = outcome === 'changed';
  return (changed ? success : warning)(v, text, {
    title: v.t('app.outcomeTitle', { outcome, app }),
    blocks: [
      { kind: 'text', text },
      { kind: 'fields', fields: fields(v, c, changed ? 'changed' : 'unchanged') },
    ],
  });
}
