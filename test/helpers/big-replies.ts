/**
 * Every kind of reply the core builds, with the largest data the docs allow: 60 pending tasks,
 * 300-character names, 5,000-character justifications, an application with 150 levels and 25
 * custom fields of 300 characters, a long approve-all summary, the history, report and requests
 * lists at their maxima. Built with the core's own reply builders where they need no service.
 */
import { AccessClient } from '../../src/access/client.ts';
import type { Task } from '../../src/access/schemas.ts';
import { appCard } from '../../src/core/apps/card.ts';
import type { AppFacts } from '../../src/core/apps/facts.ts';
import { AppRules } from '../../src/core/apps/rules.ts';
import { HISTORY_SHOWN } from '../../src/core/audit/history.ts';
import { summaryReply } from '../../src/core/audit/report-chat.ts';
import { digestReply } from '../../src/core/digest/compose.ts';
import { GroupRules } from '../../src/core/groups/rules.ts';
import { helpReply } from '../../src/core/help.ts';
import type { Voice } from '../../src/core/i18n/voice.ts';
import { info, listBlock, MAX_LIST, type Reply } from '../../src/core/reply.ts';
import { MAX_REQUESTS_SHOWN } from '../../src/core/requests/requesters.ts';
import { decidedReply } from '../../src/core/tasks/approve-all.ts';
import { goneCard, taskCard, taskMessage } from '../../src/core/tasks/task-card.ts';
import { tasksReply } from '../../src/core/tasks/task-list.ts';
import { createLogger } from '../../src/log.ts';

/** A name of `n` characters: words, so a renderer may break lines where it likes. */
export const name = (what: string, n = 300) => `${what} `.padEnd(n, 'Lorem ipsum ').slice(0, n);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const JUSTIFICATION = name('Why', 5000);

function task(i: number): Task {
  return {
    id: id(i),
    status: 'Pending',
    type: 'AccessRequest',
    target: {
      workAppName: name(`Application ${i}`),
      permissionLevelName: name(`Level ${i}`),
      userDisplayName: name(`Person ${i}`),
    },
    metadata: {
      requestedByName: name(`Requester ${i}`),
      justification: JUSTIFICATION,
      createdAt: '2026-11-20T10:00:00Z',
    },
  };
}

const extras = {
  sensitivity: 'yes' as const,
  context: Array.from({ length: 6 }, (_, i) => ({
    label: name(`Context ${i}`, 60),
    value: name('Has', 300),
  })),
};
const notes = Array.from({ length: 10 }, (_, i) => name(`Question ${i}`, 500));

/** Never asked: the rules of an application's card read no group. */
const appRules = new AppRules(
  new GroupRules(
    new AccessClient({ baseUrl: 'http://127.0.0.1:9/', apiKey: 'k', apiSecret: 's', timeoutMs: 1 }),
    createLogger({ level: 'silent' }),
  ),
  { sensitiveField: 'Sensitive' },
);

function bigApp(): AppFacts {
  const policy = (i: number) => ({
    id: `p-${i}`,
    name: name(`Policy ${i}`),
    requestType: 'AccessRequest',
  });
  return {
    app: { id: 'a-1', name: name('Application'), description: name('Description', 2000) },
    levels: Array.from({ length: 150 }, (_, i) => ({ id: `l-${i}`, name: name(`Level ${i}`) })),
    fields: Array.from({ length: 25 }, (_, i) => ({
      id: id(1000 + i),
      name: name(`Field ${i}`),
      value: name(`Value ${i}`),
    })),
    roles: { admin: true, owner: true, auditor: false },
    sensitivity: 'no',
    defaults: Array.from({ length: 50 }, (_, i) => name(`Group ${i}`)),
    inside: {
      holders: {
        shown: Array.from({ length: 30 }, (_, i) => ({
          name: name(`Holder ${i}`),
          level: name('Level'),
        })),
        count: 500,
        more: true,
      },
      hiddenFrom: Array.from({ length: 50 }, (_, i) => name(`Hidden ${i}`)),
      set: Array.from({ length: 20 }, (_, i) => ({
        appId: 'a-1',
        levelId: `l-${i}`,
        levelName: name(`Level ${i}`),
        requestType: 'AccessRequest',
        policyId: `p-${i}`,
        policyName: name(`Policy ${i}`),
        setBy: 'u-a',
        setByName: name('Admin'),
        setAt: new Date('2026-11-20T10:00:00Z'),
      })),
      compatible: new Map([
        ['AccessRequest', Array.from({ length: 40 }, (_, i) => policy(i))],
        ['OffboardingStep', Array.from({ length: 40 }, (_, i) => policy(i))],
      ]),
    },
  };
}

function approveAll(v: Voice): Reply {
  const results = Array.from({ length: 50 }, (_, i) => {
    const card = taskCard(v, task(i), { pendingStatus: 'Pending' });
    const failed = i % 2 === 1;
    return {
      taskId: card.taskId,
      result: failed
        ? { outcome: 'failed' as const, reply: info(v, name('The service said', 1000)) }
        : {
            outcome: 'approved' as const,
            reply: info(v, 'done'),
            settled: { card: { ...card, state: 'approved' as const } },
          },
    };
  });
  return decidedReply(v, results as Parameters<typeof decidedReply>[1]);
}

/** The lines of a list at its maximum, each as long as the core may make one. */
const lines = (what: string, count: number, n: number) =>
  Array.from({ length: count }, (_, i) => name(`${what} ${i}`, n));

export function bigReplies(v: Voice): Record<string, Reply> {
  const tasks = Array.from({ length: 60 }, (_, i) => task(i + 1));
  const withExtras = new Map(tasks.map((t) => [t.id, extras]));
  const withNotes = new Map(tasks.map((t) => [t.id, notes]));
  const one = taskCard(v, task(1), { pendingStatus: 'Pending', extras, notes });
  return {
    help: helpReply(v),
    'the tasks list of 60 pending tasks': tasksReply(v, tasks, 'Pending', withExtras, withNotes),
    // Every other one sensitive: half the rows with buttons, and Approve all over those.
    'the daily digest of 60 pending tasks': digestReply(v, tasks, {
      pendingStatus: 'Pending',
      now: new Date(Date.UTC(2026, 11, 7, 9)),
      extras: new Map(tasks.filter((_, i) => i % 2).map((t) => [t.id, extras])),
    }),
    'one pending task': taskMessage(v, one, name('New task', 300)),
    'a gone task': taskMessage(v, goneCard(v, id(1))),
    'the approve-all summary': approveAll(v),
    'the app card': appCard(appRules, v, bigApp()),
    history: info(v, 'History', {
      title: name('History', 300),
      blocks: [listBlock(lines('Decision', 60, 1500), HISTORY_SHOWN)],
    }),
    report: summaryReply(
      v,
      {
        timeToDecision: {
          overall: { medianSeconds: 3600, p90Seconds: 7200 },
          byApplication: Array.from({ length: 40 }, (_, i) => ({
            name: name(`Application ${i}`),
            p90Seconds: 100 * i,
          })),
        },
        openTasks: { total: 60, byAge: [{ bucket: '30d_or_more', count: 60 }] },
        decisions: { total: 2000, inChat: 1000, elsewhere: 1000 },
        sent: { reminders: 1000, escalations: 1000, nudges: 1000 },
      } as unknown as Parameters<typeof summaryReply>[1],
      90,
    ),
    requests: info(v, 'Requests', {
      title: 'Requests',
      blocks: [
        listBlock(lines('Request', MAX_REQUESTS_SHOWN, 2500), MAX_REQUESTS_SHOWN),
        { kind: 'note', text: 'Type `nudge 1`' },
      ],
    }),
    groups: info(v, 'Groups', {
      title: name('Groups', 300),
      blocks: [listBlock(lines('Group', 200, 300), MAX_LIST)],
    }),
  };
}
