/**
 * The data our Adaptive Card actions carry, read back from `adaptiveCard/action` invokes: a forged
 * or truncated payload becomes a clear refusal, never an exception deep in a handler.
 */
import { z } from 'zod';
import { MarkValue } from '../../src/core/apps/forms.ts';
import { MAX_ANSWER_LENGTH, MAX_QUESTION_LENGTH } from '../../src/core/asks/commands.ts';
import { ConfirmCode } from '../../src/core/confirm/code.ts';
import { MAX_REASON_LENGTH } from '../../src/core/grammar.ts';
import type { Voice } from '../../src/core/i18n/voice.ts';
import { ButtonAction } from '../../src/core/reply.ts';
import { REASON_INPUT } from '../../src/core/reviews/messages.ts';
import { MAX_TASKS_SHOWN } from '../../src/core/tasks/task-list.ts';
import { inert } from '../../src/core/text.ts';

/** `task`: a message about one task; `list`: the numbered `tasks` list, re-listed after a click. */
export const View = z.enum(['task', 'list']);
export type View = z.infer<typeof View>;

/** A core button's action is its verb; `appCard`: the request form's "About this application". */
export const Verbs = z.enum([...ButtonAction.options, 'refresh', 'request', 'appCard']).enum;

export const FormInputs = {
  workApp: 'workAppId',
  level: 'permissionLevelId',
  justification: 'justification',
  for: 'for',
} as const;

/** Per task or question, so a list of tasks has no clash. */
export const reasonInputId = (taskId: string) => `reason-${taskId}`;
export const questionInputId = (taskId: string) => `question-${taskId}`;
export const answerInputId = (questionId: string) => `answer-${questionId}`;

const TaskData = z.looseObject({ value: z.uuid(), view: View.default('task') });
const Reason = z.string().max(MAX_REASON_LENGTH).optional();
const TaskIds = z
  .string()
  .transform((s) => s.split(','))
  .pipe(z.array(z.uuid()).min(1).max(MAX_TASKS_SHOWN));
const Refresh = z.object({
  value: z.uuid(),
  userIds: z.array(z.string().min(1)).max(60).default([]),
});

const AppId = z.string().trim().min(1).max(200);

const Invoke = z.object({
  action: z.looseObject({
    type: z.literal('Action.Execute'),
    verb: z.string().max(50),
    data: z.record(z.string(), z.unknown()).default({}),
  }),
});

const ok = <A extends { verb: string }>(action: A) => ({ ok: true as const, action });

export type CardAction = Extract<ReturnType<typeof parseCardAction>, { ok: true }>['action'];

/** A problem is said in `v`'s language. */
export function parseCardAction(value: unknown, v: Voice) {
  const problem = (text: string) => ({ ok: false as const, problem: text });
  const invoke = Invoke.safeParse(value);
  if (!invoke.success) return problem(v.t('teams.badAction'));
  const { verb, data } = invoke.data.action;
  switch (verb) {
    case Verbs.approve:
    case Verbs.decline: {
      const task = TaskData.safeParse(data);
      if (!task.success) return problem(v.t('teams.noTask'));
      const { value: taskId, view } = task.data;
      if (verb === Verbs.approve) {
        const code = ConfirmCode.optional().safeParse(data.confirmation ?? undefined);
        if (!code.success) return problem(v.t('teams.badConfirmation'));
        return ok({ verb, taskId, view, confirmation: code.data });
      }
      const reason = Reason.safeParse(data[reasonInputId(taskId)] ?? undefined);
      if (!reason.success) {
        return problem(v.t('teams.reasonTooLong', { max: MAX_REASON_LENGTH }));
      }
      const text = reason.data?.trim() || undefined;
      return ok({ verb, taskId, view, reason: text });
    }
    case Verbs.looking: {
      const task = TaskData.safeParse(data);
      if (!task.success) return problem(v.t('teams.noTask'));
      return ok({ verb, taskId: task.data.value });
    }
    case Verbs.ask:
    case Verbs.answer: {
      const item = TaskData.safeParse(data);
      if (!item.success) return problem(v.t('teams.noTask'));
      const id = item.data.value.toLowerCase();
      const ask = verb === Verbs.ask;
      const field = ask ? questionInputId(id) : answerInputId(id);
      const max = ask ? MAX_QUESTION_LENGTH : MAX_ANSWER_LENGTH;
      const text = z
        .string()
        .max(max)
        .safeParse(data[field] ?? '');
      if (!text.success) return problem(v.t('teams.reasonTooLong', { max }));
      const said = text.data.trim();
      if (!said) return problem(v.t(ask ? 'teams.questionEmpty' : 'teams.answerEmpty'));
      return ask
        ? ok({ verb: Verbs.ask, taskId: id, text: said })
        : ok({ verb: Verbs.answer, questionId: id, text: said });
    }
    case Verbs.approveAll: {
      const ids = TaskIds.safeParse(data.value);
      if (!ids.success) return problem(v.t('teams.noTasks'));
      return ok({ verb, taskIds: ids.data });
    }
    case Verbs.refresh: {
      const refresh = Refresh.safeParse(data);
      if (!refresh.success) return problem(v.t('teams.cardNoTask'));
      const { value: taskId, userIds } = refresh.data;
      return ok({ verb, taskId, userIds });
    }
    case Verbs.request:
      return ok({ verb, data });
    case Verbs.confirmChange:
    case Verbs.cancelChange: {
      const id = ConfirmCode.safeParse(data.value);
      if (!id.success) return problem(v.t('teams.noChange'));
      return ok({ verb, changeId: id.data });
    }
    case Verbs.requestApp:
    case Verbs.appField:
    case Verbs.appPolicy: {
      const appId = AppId.safeParse(data.value);
      if (!appId.success) return problem(v.t('teams.noApp'));
      if (verb === Verbs.requestApp) return ok({ verb, appId: appId.data });
      return ok({ verb, appId: appId.data, values: data });
    }
    case Verbs.appCard: {
      // The request form sends its inputs along: the application chosen in it.
      const appId = AppId.safeParse(data[FormInputs.workApp]);
      if (!appId.success) return problem(v.t('teams.chooseApp'));
      return ok({ verb, appId: appId.data });
    }
    case Verbs.reviewAll: {
      const group = z.string().min(1).max(1000).safeParse(data.value);
      if (!group.success) return problem(v.t('teams.badAction'));
      const reason = Reason.safeParse(data[REASON_INPUT] ?? undefined);
      if (!reason.success) return problem(v.t('teams.reasonTooLong', { max: MAX_REASON_LENGTH }));
      return ok({ verb, value: group.data, reason: reason.data?.trim() || undefined });
    }
    case Verbs.appMark: {
      const mark = MarkValue.safeParse(data.value);
      if (!mark.success) return problem(v.t('teams.noApp'));
      return ok({ verb, ...mark.data });
    }
    default:
      return problem(v.t('teams.unknownAction', { verb: inert(verb, 30) }));
  }
}
