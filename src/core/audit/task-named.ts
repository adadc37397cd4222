/**
 * A recorded task named in the reader's language, from its facts; an entry older than the facts
 * has only its English title.
 */
import type { TaskFacts } from '../../access/schemas.ts';
import type { DecisionAuditEntry } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { titleOf } from '../task-title.ts';
import { inert } from '../text.ts';

type Recorded = Pick<
  DecisionAuditEntry,
  'taskTitle' | 'taskType' | 'appName' | 'levelName' | 'userName' | 'taskStep'
>;

/** `shown` fits each recorded text to its place: inert in chat, untouched in an export. */
export function recordedTitle(
  v: Voice,
  e: Recorded,
  shown: (text: string) => string = inert,
): string | undefined {
  if (e.taskTitle) return shown(e.taskTitle);
  if (!e.taskType) return undefined;
  const facts: TaskFacts = {};
  if (e.appName) facts.workAppName = shown(e.appName);
  if (e.levelName) facts.permissionLevelName = shown(e.levelName);
  if (e.userName) facts.userDisplayName = shown(e.userName);
  if (e.taskStep) facts.step = shown(e.taskStep);
  return titleOf(v, e.taskType, facts);
}

/** People type any 6 or more of its first characters. */
export const shortTaskId = (id: string) => inert(id.slice(0, 8));
