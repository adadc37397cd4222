/**
 * What a sensitive approval asks before anything is approved: why (the application, the level
 * and the person), the code that confirms it, and what became of a code typed before.
 */
import { type Task, taskFacts } from '../../access/schemas.ts';
import type { Sensitivity } from '../apps/index.ts';
import { CONFIRM_WITHIN_MS, type CodeCheck } from '../confirm/index.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { kept, warning } from '../reply.ts';
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
}

export function askToConfirm(
  v: Voice,
  task: Task,
  { sensitivity, code, said }: Asked,
  pendingStatus: string,
) {
  const f = taskFacts(task);
  const level = f.permissionLevelName;
  const words = {
    sensitivity,
    app: inert(f.workAppName ?? v.t('decide.thisApplication')),
    person: inert(f.userDisplayName ?? v.t('decide.theRequester')),
    level: level ? inert(level) : '',
    withLevel: flag(level),
  };
  const asks = v.t('decide.confirmText', words);
  const minutes = CONFIRM_WITHIN_MS / 60_000;
  const text =
    said === 'wrong'
      ? v.t('decide.wrongCode', { asks })
      : said === 'expired'
        ? v.t('decide.expiredCode', { asks, minutes })
        : asks;
  const extras = { sensitivity, context: [] };
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
