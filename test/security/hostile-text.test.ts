/**
 * Every hostile string of the corpus in every field of every message the core builds without a
 * service: task cards in each state and of each type, the poller's notifications, reminders and
 * outcomes, task lists, application lists; then the adapters' own texts around them (Slack
 * notices, modals and options; Teams forms and invoke answers). On every renderer nothing of it
 * is live, and every platform limit holds.
 */
import { describe, expect, it } from 'vitest';
import { renderReply as renderShell } from '../../adapters/shell/render.ts';
import { appFormModal } from '../../adapters/slack/modals.ts';
import { cardBlocks, renderBlocks } from '../../adapters/slack/render.ts';
import { appOption, requestModal } from '../../adapters/slack/request-form.ts';
import { errorResponse, messageResponse } from '../../adapters/teams/activity.ts';
import { renderCard } from '../../adapters/teams/render.ts';
import { AccessClient } from '../../src/access/client.ts';
import type { Task } from '../../src/access/schemas.ts';
import { appsReply } from '../../src/core/apps/apps-list.ts';
import { appCard } from '../../src/core/apps/card.ts';
import {
  confirmationCard as appConfirmation,
  outcomeCard as appOutcome,
} from '../../src/core/apps/cards.ts';
import type { AppFacts } from '../../src/core/apps/facts.ts';
import { fieldForm, policyForm } from '../../src/core/apps/forms.ts';
import { AppRules } from '../../src/core/apps/rules.ts';
import { historyReply } from '../../src/core/audit/history.ts';
import { summaryReply } from '../../src/core/audit/report-chat.ts';
import { changedNotice, confirmationCard, outcomeCard } from '../../src/core/groups/cards.ts';
import { GroupRules } from '../../src/core/groups/rules.ts';
import { english, type Voice, voiceFor } from '../../src/core/i18n/voice.ts';
import { info, type Reply } from '../../src/core/reply.ts';
import { requestOutcomeMessage, requestStatusMessage } from '../../src/core/requests/outcome.ts';
import { escalationMessage } from '../../src/core/tasks/escalate.ts';
import { goneCard, taskCard, taskMessage } from '../../src/core/tasks/task-card.ts';
import { tasksReply } from '../../src/core/tasks/task-list.ts';
import { clean, inert } from '../../src/core/text.ts';
import { createLogger } from '../../src/log.ts';
import {
  escalationOutcomeMessage,
  newTaskMessage,
  outcomeMessage,
  reminderFollowUp,
  reminderMessage,
} from '../../src/poller/messages.ts';
import type { Target } from '../../src/poller/targets.ts';
import type { DecisionAuditEntry, GroupChange, PersonAuditEntry } from '../../src/store/store.ts';
import {
  replyProblems,
  replyShown,
  slackBlockProblems,
  slackProblems,
  teamsCardProblems,
  terminalProblems,
  textProblems,
} from '../fakes/hostile-checks.ts';
import { corpus, hostile, MARK } from '../fakes/hostile-corpus.ts';
import { SlackView } from '../fakes/slack-blockkit.ts';
import { summarise } from '../helpers/summarise.ts';
import { appChange, appEntry } from '../store/apps-contract.ts';

const AT = '2026-11-20T10:00:00Z';
/** Every language accessbot speaks, in a zone of its own. */
const languages: Array<[string, Voice]> = [
  ['English', english],
  ['German', voiceFor('de-DE', 'Europe/Berlin')],
  ['Japanese', voiceFor('ja-JP', 'Asia/Tokyo')],
];
const types = ['AccessRequest', 'EntitlementReview', 'OffboardingStep'];
const statuses = ['Pending', 'Approved', 'Declined'];

/** A task whose every field is `s` (within the 4000 characters the client reads of each). */
function hostileTask(s: string, type: string, status: string, n = 1): Task {
  const v = s.slice(0, 4000);
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    status,
    type,
    target: {
      workAppId: v,
      workAppName: v,
      permissionLevelId: v,
      permissionLevelName: v,
      userId: v,
      userDisplayName: v,
    },
    metadata: {
      requestedBy: v,
      requestedByName: `${v} (requester)`,
      justification: v,
      createdAt: AT,
      accessId: v,
      decidedBy: v,
      decidedByName: v,
      decidedAt: AT,
      reason: v,
      step: v,
    },
  };
}

/** A group change whose every name is `v`. */
function groupChange(v: string): GroupChange {
  return {
    id: 'k3m9q2xa',
    platform: 'slack',
    chatUserId: v,
    accessUserId: 'u-a',
    confirmer: 'asker',
    action: 'group_add',
    groupId: v,
    groupName: v,
    targetUserId: 'u-t',
    targetName: v,
    targetEmail: v,
    createdAt: new Date(AT),
    expiresAt: new Date(AT),
    state: 'pending',
    outcome: null,
    updatedAt: new Date(AT),
  };
}

/** A decision and a membership change by someone named `v`, with `v` in every field. */
function auditEntries(v: string): PersonAuditEntry[] {
  const base = {
    at: new Date(AT),
    platform: 'slack' as const,
    chatUserId: v,
    accessUserId: 'u-a',
    detail: v,
  };
  return [
    { ...base, action: 'decline', taskId: v, reason: v, outcome: 'declined' },
    {
      ...base,
      action: 'group_remove',
      groupId: v,
      groupName: v,
      targetUserId: 'u-t',
      targetName: v,
      targetEmail: v,
      outcome: 'removed',
    },
    appEntry({ ...base, appName: v, fieldName: v, valueBefore: v, valueAfter: v }),
    appEntry({
      ...base,
      action: 'app_policy',
      appName: v,
      fieldName: null,
      requestType: v,
      levelName: v,
      valueAfter: v,
      outcome: 'conflict',
    }),
  ];
}

/** Never asked: the rules of an application's card read no group. */
const appRules = new AppRules(
  new GroupRules(
    new AccessClient({ baseUrl: 'http://127.0.0.1:9/', apiKey: 'k', apiSecret: 's', timeoutMs: 1 }),
    createLogger({ level: 'silent' }),
  ),
  { sensitiveField: 'Sensitive' },
);

/** An application whose every name, value, holder and policy is `s`, for its owner. */
function appFacts(s: string, owner = true): AppFacts {
  const policy = { id: 'p-1', name: s, requestType: 'AccessRequest' };
  const facts: AppFacts = {
    app: { id: 'a-1', name: s, description: s },
    levels: [{ id: 'l-1', name: s, description: s }],
    fields: [
      { id: '00000000-0000-4000-8000-000000000001', name: s, value: s },
      { id: '00000000-0000-4000-8000-000000000002', name: 'Sensitive', value: s },
      { id: '00000000-0000-4000-8000-000000000003', name: `${s} API key`, value: s },
    ],
    roles: { admin: false, owner, auditor: false },
    sensitivity: 'yes',
    defaults: [s, s],
  };
  if (!owner) return facts;
  const set = {
    appId: 'a-1',
    levelId: 'l-1',
    levelName: s,
    requestType: s,
    policyId: 'p-1',
    policyName: s,
    setBy: 'u-a',
    setByName: s,
    setAt: new Date(AT),
  };
  return {
    ...facts,
    inside: {
      holders: { shown: [{ name: s, level: s }, { name: s }], count: 40, more: true },
      hiddenFrom: [s],
      set: [set],
      compatible: new Map([
        ['AccessRequest', [policy, policy, { ...policy, id: s }]],
        ['OffboardingStep', [policy]],
      ]),
    },
  };
}

/** A change to the application `s` whose field (or level and policy) and values are `s`. */
function appChanges(s: string) {
  const field = appChange({
    appName: s,
    askedByName: s,
    subject: { kind: 'field', fieldId: 'f-1', fieldName: s, before: s, after: s },
  });
  const policy = appChange({
    appName: s,
    askedByName: s,
    confirmer: 'second_admin',
    subject: {
      kind: 'policy',
      requestType: s,
      levelId: 'l-1',
      levelName: s,
      policyId: 'p-1',
      policyName: s,
      before: s,
    },
  });
  return { field, policy };
}

/** A report whose application, task type and approver are all `v`. */
async function hostileReport(v: string) {
  const at = Date.parse(AT);
  const entry: DecisionAuditEntry = {
    at: new Date(at),
    platform: 'slack',
    chatUserId: v,
    accessUserId: 'u-a',
    detail: v,
    action: 'decline',
    taskId: v,
    appName: v,
    taskType: v,
    taskCreatedAt: new Date(at - 3_600_000),
    reason: v,
    outcome: 'declined',
  };
  const period = { since: new Date(at - 86_400_000), until: new Date(at + 1) };
  return await summarise([entry], period, new Date(at), new Map([['u-a', v]]));
}

const approver: Target = {
  platform: 'slack',
  destination: { kind: 'user', chatUserId: 'U-ADA' },
  recipient: 'user:U-ADA',
  kind: 'approver',
};
const channel: Target = { ...approver, kind: 'channel' };
const o = { pendingStatus: 'Pending', notifyOnly: false };

/** Every message kind the core and the poller build from tasks and names, for one string. */
/** Each hostile string's report, read back from a store once. */
const hostileReports = new Map(
  await Promise.all(corpus.map(async ([, s]) => [s, await hostileReport(s)] as const)),
);

function repliesFor(v: Voice, s: string): Array<[string, Reply]> {
  const replies: Array<[string, Reply]> = [];
  for (const type of [...types, s]) {
    for (const status of [...statuses, s]) {
      const task = hostileTask(s, type, status);
      const card = taskCard(v, task, { pendingStatus: 'Pending', number: 3 });
      replies.push([`${type.slice(0, 20)} ${status.slice(0, 20)} card`, taskMessage(v, card)]);
      replies.push([`outcome ${status.slice(0, 20)}`, outcomeMessage(v, task, task.id, 'Pending')]);
      replies.push([`requester outcome`, requestOutcomeMessage(v, task, 'Pending')]);
    }
  }
  const pending = hostileTask(s, 'AccessRequest', 'Pending');
  replies.push(
    ['gone card', taskMessage(v, goneCard(v, s))],
    ['gone outcome', outcomeMessage(v, undefined, s, 'Pending')],
    ['new task', newTaskMessage(v, pending, approver, o)],
    ['channel post', newTaskMessage(v, pending, channel, { ...o, notifyOnly: true })],
    ['reminder', reminderMessage(v, pending, o)],
    ['reminder follow-up', reminderFollowUp(v, pending)],
    ['group confirmation', confirmationCard(v, groupChange(s), 'k3m9q2xa', s)],
    ['group outcome', outcomeCard(v, groupChange(s), 'already_member', s, 'Already done.')],
    ['group notice', changedNotice(v, groupChange(s), s)],
    [
      'history',
      historyReply(v, auditEntries(s), 'Recent actions', { viewer: 'u-t', withActor: true }),
    ],
    [
      'escalation',
      escalationMessage(v, pending, {
        pendingStatus: 'Pending',
        waitedMs: 3 * 86_400_000,
        approvers: [s, s],
      }),
    ],
    [
      'escalation outcome',
      escalationOutcomeMessage(v, hostileTask(s, 'AccessRequest', 'Declined'), s, 'Pending'),
    ],
    ['access status', requestStatusMessage(v, s, 'declined', s)],
    [
      'tasks list',
      tasksReply(
        v,
        Array.from({ length: 17 }, (_, i) => hostileTask(s, 'AccessRequest', 'Pending', i + 1)),
        'Pending',
      ),
    ],
    ['apps', appsReply(v, [{ id: 'a', name: s, description: s }], undefined)],
    ['apps search', appsReply(v, [{ id: 'a', name: s, description: s }], s)],
    ['no app matches', appsReply(v, [], s)],
    ['text, list and fields', info(v, inert(s), { title: inert(s), blocks: textBlocks(s) })],
    ['report summary', summaryReply(v, hostileReports.get(s)!, 30)],
    ['app card for its owner', appCard(appRules, v, appFacts(s))],
    ['app card for anyone', appCard(appRules, v, appFacts(s, false))],
    ['app change confirmation', appConfirmation(v, appChanges(s).field, 'k3m9q2xa')],
    ['app policy confirmation', appConfirmation(v, appChanges(s).policy, 'k3m9q2xa')],
    ['app change outcome', appOutcome(v, appChanges(s).field, 'conflict', { lead: inert(s) })],
    ['app policy unsure', appOutcome(v, appChanges(s).policy, 'failed', { unsure: true })],
  );
  return replies;
}

/** Data in every kind of block, as a core reply would hold it after `inert`. */
const textBlocks = (s: string): Reply['blocks'] => [
  { kind: 'text', text: `Said: "${inert(s)}"` },
  { kind: 'fields', fields: [{ label: 'Reason', value: inert(s) }] },
  { kind: 'list', items: [inert(s), inert(s)], more: 3 },
  { kind: 'note', text: `Type \`tasks\` — ${inert(s)}` },
];

describe.each(languages)('in %s', (_language, v) => {
  describe.each(corpus)('%s', (_name, s) => {
    it.each(repliesFor(v, s))('%s: nothing live, every limit kept', (_kind, reply) => {
      expect(replyProblems(reply)).toEqual([]);
    });

    it('still shows the data, as text', () => {
      const shown = replyShown(
        taskMessage(v, taskCard(v, hostileTask(s, 'AccessRequest', 'Pending'), o)),
      );
      expect(shown).toContain(MARK);
      expect(replyShown(appCard(appRules, v, appFacts(s)))).toContain(MARK);
      expect(replyShown(appConfirmation(v, appChanges(s).policy, 'k3m9q2xa'))).toContain(MARK);
    });

    it('Slack: a notice over a card, a list with a notice, a request form and its options', () => {
      const card = taskCard(v, hostileTask(s, 'AccessRequest', 'Declined'), o);
      // A notice is a reply's summary: the core's text, with data made inert.
      const said = inert(s);
      expect(slackBlockProblems(cardBlocks(card, said, v.locale))).toEqual([]);
      expect(
        slackBlockProblems(renderBlocks(info(v, said, { title: said }), { notice: said })),
      ).toEqual([]);
      const app = appOption({ id: 'a', name: s, description: s });
      const chosen = { value: 'a', text: { type: 'plain_text' as const, text: s } };
      for (const levels of [
        { kind: 'levels' as const, levels: [] },
        { kind: 'levels' as const, levels: [{ id: 'l', name: s, description: s }] },
        { kind: 'message' as const, text: inert(s) },
      ]) {
        const view = requestModal(v, {}, { app: chosen, levels, justification: s });
        expect(SlackView.safeParse(view).success).toBe(true);
        expect(slackBlockProblems(view.blocks, 'modal')).toEqual([]);
      }
      expect(
        slackBlockProblems([{ type: 'section', text: app.text, fields: [app.description] }]),
      ).toEqual([]);
    });

    it('an application’s forms: a Slack modal, and Teams choices inside the card', () => {
      const facts = appFacts(s);
      const forms = [fieldForm(appRules, v, facts)!, policyForm(v, facts)!];
      for (const form of forms) {
        const view = appFormModal(v, form, { appId: 'a-1', kind: 'field' });
        expect(SlackView.safeParse(view).success).toBe(true);
        expect(slackBlockProblems(view.blocks, 'modal')).toEqual([]);
      }
      const card = renderCard(appCard(appRules, v, facts));
      expect(teamsCardProblems(card)).toEqual([]);
      const titles = [...JSON.stringify(card).matchAll(/"title":"((?:[^"\\]|\\.)*)"/g)].map(
        (m) => JSON.parse(`"${m[1]}"`) as string,
      );
      // The field's name is among the choices, as text (its start, as choices are short).
      expect(titles.some((t) => t.includes(inert(s).slice(0, 8)))).toBe(true);
      expect(titles.flatMap((t) => textProblems('choice', t))).toEqual([]);
    });

    it('Teams: a card cut to fit, and the texts of invoke answers', () => {
      const many = tasksReply(
        v,
        Array.from({ length: 15 }, (_, i) => hostileTask(s, 'AccessRequest', 'Pending', i + 1)),
        'Pending',
      );
      expect(teamsCardProblems(renderCard(many, { view: 'list' }))).toEqual([]);
      const said = messageResponse(s).value as string;
      const error = errorResponse(503, 'ServiceUnavailable', s).value as { message: string };
      expect([...textProblems('said', said), ...textProblems('error', error.message)]).toEqual([]);
    });
  });
});

describe('the checks', () => {
  it('see what would be live on each platform', () => {
    const bad = { type: 'mrkdwn', text: '*x* <!channel> https://e.example', verbatim: false };
    expect(
      slackProblems({ text: '<@U1> _y_', blocks: [{ type: 'section', text: bad }] }),
    ).toHaveLength(6);
    const card = { type: 'AdaptiveCard', version: '1.5', fallbackText: 'x', body: [] as unknown[] };
    card.body.push({ type: 'TextBlock', text: '[a](https://e.example)' });
    card.body.push({ type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: 'a\u202eb' }] });
    expect(teamsCardProblems(card)).toHaveLength(3);
    expect(terminalProblems('\u001b]52;c;eA==\u0007 ok \u001b[1m', true)).toHaveLength(1);
  });
});

describe('the rule', () => {
  it('keeps our code spans and bold titles, and data out of both', () => {
    const reply = info(english, `Type \`tasks\` to see "${inert(hostile.code!)}".`, {
      title: 'Done',
    });
    expect(replyProblems(reply)).toEqual([]);
    expect(renderShell(reply, { color: false })).toContain('Type `tasks` to see');
  });

  it('cleans to one harmless line and bounds data', () => {
    expect(clean('a\nb\r\nc\u202ed\u200be\u001b[31mf https://x.example www.y.example')).toBe(
      'a b cde[31mf https[:]//x.example www[.]y.example',
    );
    expect(clean('Müller · café  https://x.example \u00ad\u0085\u007f')).toBe(
      'Müller · café https[:]//x.example',
    );
    expect(inert('`code`')).toBe('\u02cbcode\u02cb');
    expect(inert('x'.repeat(5000))).toHaveLength(1000);
    expect(inert(`${'a'.repeat(998)}𝕏𝕏`)).toBe(`${'a'.repeat(998)}…`);
  });
});
