/** A change to an application named the same in its confirmation, its outcome and `history`. */
import type { AppChangeAuditEntry } from '../../store/store.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { inert } from '../text.ts';

/** `Set Cost center of GitHub to "CC-7"`, `Set the access requests policy of GitHub (Admin) …`. */
export function appChangeNamed(
  v: Voice,
  e: Pick<
    AppChangeAuditEntry,
    'action' | 'appName' | 'fieldName' | 'requestType' | 'levelName' | 'valueBefore' | 'valueAfter'
  >,
): string {
  const app = inert(e.appName);
  // Refused before the field or the request type was known (an opened form, an unknown name),
  // or a secret field's, whose values are not kept.
  const field = e.fieldName === null ? undefined : inert(e.fieldName);
  const unnamed =
    e.action === 'app_field'
      ? e.valueBefore === null && e.valueAfter === null
      : e.requestType === null;
  if (unnamed) {
    return v.t('app.change.unnamed', {
      action: e.action,
      app,
      field: field ?? '',
      withField: flag(field),
    });
  }
  if (e.action === 'app_field') {
    return v.t('app.change.field', {
      app,
      field: field ?? '',
      value: e.valueAfter === null ? '' : inert(e.valueAfter, 200),
      clear: flag(e.valueAfter === null),
    });
  }
  return v.t('app.change.policy', {
    app,
    type: requestTypeNamed(v, e.requestType ?? ''),
    level: e.levelName ? inert(e.levelName) : '',
    withLevel: flag(e.levelName),
    policy: inert(e.valueAfter ?? ''),
  });
}

/** One the service names otherwise, by its name. */
export const requestTypeNamed = (v: Voice, type: string) =>
  v.t('app.requestType', { type, name: inert(type, 100) });

/** Quoted when it has a space. */
export function typedName(app: { name: string }): string {
  const name = inert(app.name, 200).replaceAll('"', "'");
  return /\s/.test(name) ? `"${name}"` : name;
}
