/**
 * What a sensitive approval asks before anything is approved: why (the application, the level
 * and the person), the code that confirms it, and what became of a code typed before.
 */
import { type Task, taskFacts } from '../../access/schemas.ts';
import type { Sensitivity } from '../apps/index.ts';
import { CONFIRM_WITHIN_MS, type CodeCheck } from '../confirm/index.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { type Block, kept, warning } from '../reply.ts';
import { inert } from '../text.ts';
import { taskCard } from './task-card.ts';

export interface Confirmation {
  taskId: string;
  code: string;
  /** Names the application, the level and the person. */
  question: string;
}

export interface Asked {
  sensitivity: Exclude<Sensitivity, 'no'>;
  code: string;
  said: Exclude<CodeCheck, 'good'> | undefined;
  /** STEP_UP=passkey: the link to the passkey page, shown instead of the code. */
  stepUp?: Block[];
}

function wordsOf(v: Voice, task: Task, sensitivity: Asked['sensitivity']) {
  const f = taskFacts(task);
  const level = f.permissionLevelName;
  return {
    sensitivity,
    app: inert(f.workAppName ?? v.t('decide.thisApplication')),
    person: inert(f.userDisplayName ?? v.t('decide.theRequester')),
    level: level ? inert(level) : '',
    withLevel: flag(level),
  };
}

/** What is approved, as one question: the application, the level and the person. */
export const approvalQuestion = (v: Voice, task: Task, sensitivity: Asked['sensitivity']) =>
  v.t('decide.confirmQuestion', wordsOf(v, task, sensitivity));

export function askToConfirm(
  v: Voice,
  task: Task,
  { sensitivity, code, said, stepUp }: Asked,
  pendingStatus: string,
) {
  const words = wordsOf(v, task, sensitivity);
  const asks = v.t('decide.confirmText', words);
  const minutes = CONFIRM_WITHIN_MS / 60_000;
  const text =
    said === 'wrong'
      ? v.t('decide.wrongCode', { asks })
      : said === 'expired'
        ? v.t('decide.expiredCode', { asks, minutes })
        : asks;
  const extras = { sensitivity, context: [] };
  if (stepUp) {
    // No code anywhere: only the passkey, on the linked page, confirms.
    const card = taskCard(v, task, { pendingStatus, extras });
    const blocks: Block[] = [{ kind: 'text', text }, ...stepUp, { kind: 'task', card }];
    const title = v.t('decide.confirmTitle');
    return kept(
      said === 'wrong' ? 'wrong_code' : 'unconfirmed',
      warning(v, text, { title, blocks }),
    );
  }
  const card = taskCard(v, task, { pendingStatus, extras, confirmation: code });
  return {
    ...kept(
      said === 'wrong' ? 'wrong_code' : 'unconfirmed',
      warning(v, text, {
        title: v.t('decide.confirmTitle'),
        blocks: [
          { kind: 'text', text },
          { kind: 'task', card },
        ],
      }),
    ),
    confirm: { taskId: task.id, code, question: v.t('decide.confirmQuestion', words) },
  };
}
