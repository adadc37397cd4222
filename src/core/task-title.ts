/** How a task is named: on its card, in a list, and for a task the audit trail recorded. */
import { type TaskFacts, TaskTypes } from '../access/schemas.ts';
import { flag, type Voice } from './i18n/voice.ts';
import { inert } from './text.ts';

/** `f` already made inert; an unknown type is named as the service names it. */
export function titleOf(v: Voice, type: string, f: TaskFacts): string {
  const app = f.workAppName ?? v.t('card.anApplication');
  const user = f.userDisplayName ?? v.t('card.aUser');
  const level = { level: f.permissionLevelName ?? '', withLevel: flag(f.permissionLevelName) };
  switch (type) {
    case TaskTypes.accessRequest:
      return v.t('card.title.accessRequest', { app, ...level });
    case TaskTypes.entitlementReview:
      return v.t('card.title.review', { user, app, ...level });
    case TaskTypes.offboardingStep:
      if (f.step) return v.t('card.title.offboardingStep', { step: f.step });
      return f.workAppName
        ? v.t('card.title.offboardingOn', { user, app })
        : v.t('card.title.offboarding', { user });
    default:
      return f.workAppName
        ? v.t('card.title.otherOn', { type: inert(type), app, ...level })
        : inert(type);
  }
}
