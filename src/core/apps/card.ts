/**
 * An application's card, decided once for every platform: the inside only for those who see it
 * (rules.ts), and the change buttons and words only for those who may change it.
 */
import type { CustomField } from '../../access/schemas.ts';
import { requestTypeNamed, typedName } from '../audit/index.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { type Block, type Button, type Field, type Form, info, listBlock } from '../reply.ts';
import { inert } from '../text.ts';
import type { AppFacts, Inside } from './facts.ts';
import { fieldForm, policyForm } from './forms.ts';
import type { AppRules } from './rules.ts';
import { meansSensitive } from './sensitivity.ts';

const listed = (v: Voice, items: readonly (string | { name: string })[]) =>
  items.length
    ? v.list(items.map((i) => inert(typeof i === 'string' ? i : i.name, 200)))
    : v.t('app.none');

export function appCard(rules: AppRules, v: Voice, facts: AppFacts) {
  const { app, levels, roles } = facts;
  const name = inert(app.name);
  const mayChange = rules.mayChange(roles);
  const fields: Field[] = [
    {
      label: v.t('app.field.levels'),
      value: listed(v, levels),
    },
    { label: v.t('app.field.defaults'), value: listed(v, facts.defaults) },
    { label: v.t('app.field.sensitive'), value: v.t('app.sensitive', facts) },
    ...(facts.inside
      ? [{ label: v.t('app.field.hiddenFrom'), value: listed(v, facts.inside.hiddenFrom) }]
      : []),
    ...facts.fields.filter((f) => !rules.isSensitiveField(f)).map((f) => customField(rules, v, f)),
  ];
  const description = app.description ? inert(app.description) : v.t('app.noDescription');
  const blocks: Block[] = [
    { kind: 'text', text: description },
    { kind: 'fields', fields },
    ...(facts.inside ? insideBlocks(v, facts.inside, name) : []),
    { kind: 'actions', buttons: buttons(rules, v, facts, mayChange) },
    { kind: 'note', text: v.t('app.howToRequest', { app: typedName(app) }) },
  ];
  if (mayChange)
    blocks.push({ kind: 'note', text: v.t('app.howToChange', { app: typedName(app) }) });
  const summary = v.t('app.summary', {
    app: name,
    description,
    levels: listed(v, levels),
  });
  return info(v, summary, { title: name, blocks });
}

function customField(rules: AppRules, v: Voice, field: CustomField): Field {
  const label = inert(field.name, 100);
  if (rules.isSecret(field)) return { label, value: v.t('app.fieldSecret') };
  return { label, value: field.value ? inert(field.value) : v.t('app.fieldUnset') };
}

function insideBlocks(v: Voice, inside: Inside, app: string): Block[] {
  const { holders } = inside;
  const lines = holders.shown.map((h) =>
    v.t('app.holder', {
      name: inert(h.name, 200),
      level: h.level ? inert(h.level, 200) : '',
      withLevel: flag(h.level),
    }),
  );
  const policies: Field[] = inside.set.map((p) => ({
    label: v.t('app.policyFor', {
      type: requestTypeNamed(v, p.requestType),
      level: p.levelName ? inert(p.levelName, 200) : '',
      withLevel: flag(p.levelName),
    }),
    value: v.t('app.policySet', {
      policy: inert(p.policyName, 200),
      by: inert(p.setByName, 200),
      when: v.time(p.setAt),
    }),
  }));
  const compatible: Field[] = [...inside.compatible].map(([type, list]) => ({
    label: requestTypeNamed(v, type),
    value: listed(v, list),
  }));
  const count = { count: holders.count, more: flag(holders.more), app };
  return [
    {
      kind: 'text',
      text: holders.count ? v.t('app.holdersTitle', count) : v.t('app.holdersNone', { app }),
    },
    ...(lines.length ? [listBlock(lines, lines.length)] : []),
    ...(holders.count > lines.length
      ? [
          {
            kind: 'note' as const,
            text: v.t('app.holdersShown', { shown: lines.length, ...count }),
          },
        ]
      : []),
    { kind: 'text', text: v.t('app.policiesTitle') },
    policies.length
      ? { kind: 'fields', fields: policies }
      : { kind: 'note', text: v.t('app.policiesNone') },
    { kind: 'note', text: v.t('app.policiesElsewhere') },
    { kind: 'text', text: v.t('app.compatibleTitle') },
    { kind: 'fields', fields: compatible },
  ];
}

function buttons(rules: AppRules, v: Voice, facts: AppFacts, mayChange: boolean): Button[] {
  const { app } = facts;
  const name = inert(app.name, 200);
  const request: Button = {
    label: v.t('app.button.request'),
    action: 'requestApp',
    value: app.id,
    style: 'primary',
    spoken: v.t('app.button.requestSpoken', { app: name }),
  };
  if (!mayChange) return [request];
  const field = fieldForm(rules, v, facts);
  const policy = policyForm(v, facts);
  const sensitive = facts.fields.find((f) => rules.isSensitiveField(f));
  const mark = sensitive && (meansSensitive(sensitive.value) ? 'no' : 'yes');
  const all = [request];
  const add = (
    label: string,
    action: Button['action'],
    value: string,
    spoken: string,
    form?: Form,
  ) => all.push({ label, action, value, spoken, ...(form && { form }) });
  const said = { app: name };
  if (field) {
    add(v.t('app.button.field'), 'appField', app.id, v.t('app.button.fieldSpoken', said), field);
  }
  if (policy) {
    add(
      v.t('app.button.policy'),
      'appPolicy',
      app.id,
      v.t('app.button.policySpoken', said),
      policy,
    );
  }
  if (mark) {
    const spoken = v.t('app.button.markSpoken', { mark, ...said });
    add(v.t('app.button.mark', { mark }), 'appMark', `${app.id}:${mark}`, spoken);
  }
  return all;
}
