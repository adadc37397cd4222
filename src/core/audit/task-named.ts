/**
 * A task the audit trail recorded, named for a reader: its title built from the recorded facts
 * in the reader's language, or, for an entry written before the facts were kept, the English
 * title it recorded. Every recorded text is made inert.
 */
import type { TaskFacts } from '../../access/task-facts.ts';
import type { DecisionAuditEntry } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { titleOf } from '../task-title.ts';
import { inert } from '../text.ts';

type Recorded = Pick<
  DecisionAuditEntry,
  'taskTitle' | 'taskType' | 'appName' | 'levelName' | 'userName' | 'taskStep'
>;

/**
 * The title, or undefined when the entry recorded neither a title nor the task's type. `shown`
 * makes each recorded text fit its place: inert in chat, as it is in an export (which makes its
 * cells printable itself).
 */
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

/** The start of a task id people type to name it (any 6 or more of its first characters). */
export const shortTaskId = (id: string) => inert(id.slice(0, 8));
