/**
 * The two forms of an application's card: a custom field's value, and a request type's policy.
 * What comes back is only a client's word: it is checked again like a typed change.
 */
import { z } from 'zod';
import type { Policy } from '../../access/schemas.ts';
import { requestTypeNamed } from '../audit/index.ts';
import { uuidLike } from '../grammar.ts';
import type { Voice } from '../i18n/voice.ts';
import type { Form, FormChoice } from '../reply.ts';
import { inert } from '../text.ts';
import { MAX_FIELD_VALUE } from './commands.ts';
import type { AppFacts } from './facts.ts';
import type { AppRules } from './rules.ts';

export type FormKind = 'field' | 'policy';

/** Unique on a card that holds both forms. */
export const AppInputs = {
  field: 'appField',
  value: 'appValue',
  policy: 'appPolicy',
  level: 'appLevel',
} as const;

/** The level choice that means the application itself. */
export const WHOLE_APP = 'app';

const MAX_CHOICES = 100;
/** Slack's option value; a choice with longer ids than any real one is left out, not cut. */
const MAX_CHOICE_VALUE = 75;
const fits = (choice: FormChoice) => choice.value.length <= MAX_CHOICE_VALUE;

/** None that is secret; the owners only for admins. */
export function changeableFields(rules: AppRules, facts: AppFacts) {
  return facts.fields.filter((f) => {
    if (!uuidLike.test(f.id)) return false;
    const rule = rules.fieldRule(facts.roles, f, f.value ?? null, null);
    return rule !== 'secret' && rule !== 'admins_only';
  });
}

export function fieldForm(rules: AppRules, v: Voice, facts: AppFacts): Form | undefined {
  const choices = changeableFields(rules, facts)
    .map((f) => ({ label: inert(f.name, 75), value: f.id }))
    .filter(fits)
    .slice(0, MAX_CHOICES);
  if (!choices.length) return undefined;
  return {
    title: v.t('app.form.fieldTitle'),
    submit: v.t('app.form.submit'),
    inputs: [
      { kind: 'choice', id: AppInputs.field, label: v.t('app.form.field'), choices },
      {
        kind: 'text',
        id: AppInputs.value,
        label: v.t('app.form.value'),
        placeholder: v.t('app.form.valuePlaceholder'),
        maxLength: MAX_FIELD_VALUE,
        optional: true,
      },
    ],
  };
}

export function policyForm(v: Voice, facts: AppFacts): Form | undefined {
  const compatible = facts.inside?.compatible ?? new Map<string, readonly Policy[]>();
  const choices: FormChoice[] = [...compatible]
    .flatMap(([type, list]) =>
      list.map((p) => ({
        label: inert(p.name, 75),
        value: `${type}:${p.id}`,
        group: requestTypeNamed(v, type),
      })),
    )
    .filter(fits);
  if (!choices.length) return undefined;
  const levels = [
    { label: v.t('app.form.wholeApp'), value: WHOLE_APP },
    ...facts.levels.map((l) => ({ label: inert(l.name, 75), value: l.id })).filter(fits),
  ];
  return {
    title: v.t('app.form.policyTitle'),
    submit: v.t('app.form.submit'),
    inputs: [
      {
        kind: 'choice',
        id: AppInputs.policy,
        label: v.t('app.form.policy'),
        choices: choices.slice(0, MAX_CHOICES),
      },
      {
        kind: 'choice',
        id: AppInputs.level,
        label: v.t('app.form.level'),
        choices: levels.slice(0, MAX_CHOICES),
      },
    ],
  };
}

const Id = z.string().trim().min(1).max(200);

/** `<application id>:yes` or `<application id>:no`. */
export const MarkValue = z
  .string()
  .max(250)
  .transform((value) => {
    const at = value.lastIndexOf(':');
    return { appId: value.slice(0, Math.max(0, at)), mark: value.slice(at + 1) };
  })
  .pipe(z.object({ appId: Id, mark: z.enum(['yes', 'no']) }));
const FieldSubmission = z.object({
  [AppInputs.field]: Id,
  [AppInputs.value]: z.string().max(MAX_FIELD_VALUE).optional(),
});
const PolicySubmission = z.object({
  [AppInputs.policy]: z
    .string()
    .max(300)
    .regex(/^[^:]+:.+$/),
  [AppInputs.level]: Id.optional(),
});

export type FormRequest =
  | { kind: 'field'; fieldId: string; value: string | null }
  | { kind: 'policy'; requestType: string; policyId: string; levelId: string | undefined };

/** Undefined when the form is not one of ours. */
export function formRequest(
  kind: FormKind,
  values: Record<string, unknown>,
): FormRequest | undefined {
  if (kind === 'field') {
    const form = FieldSubmission.safeParse(values);
    if (!form.success) return undefined;
    const value = form.data[AppInputs.value]?.trim();
    return { kind, fieldId: form.data[AppInputs.field], value: value || null };
  }
  const form = PolicySubmission.safeParse(values);
  if (!form.success) return undefined;
  const choice = form.data[AppInputs.policy];
  const at = choice.indexOf(':');
  const level = form.data[AppInputs.level];
  return {
    kind,
    requestType: choice.slice(0, at),
    policyId: choice.slice(at + 1),
    levelId: level && level !== WHOLE_APP ? level : undefined,
  };
}
