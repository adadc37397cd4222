/**
 * The requester hears the outcome: each access request made through the bot is checked when its
 * requester is polled (the sweep reads the open requests once: they are few), and once decided,
 * one direct message per chat identity says how, by whom and why (kind `requester`, once per
 * request whatever replica dies when). The decided task carries who and why; a task that does
 * not say is completed from the decision taken through the bot, when there was one; when the
 * service named no task for the request, the access's status is the fallback.
 */
import { type Access, type Task, taskFacts } from '../../access/schemas.ts';
import type { AuditStore, BotRequest, IdentityLink, RequestStore } from '../../store/store.ts';
import { decisionOn } from '../audit/index.ts';
import type { Voice } from '../i18n/voice.ts';
import { type Reply, success, warning } from '../reply.ts';
import type { Sweep } from '../sweep.ts';
import { stateOf, taskCard } from '../tasks/index.ts';
import { inert } from '../text.ts';

/** How a request ended: `approved`, `declined`, or another state or status; who and why if known. */
export interface DecidedRequest {
  accessId: string;
  /** Whom it is for. */
  accessUserId: string;
  state: string;
  decidedBy?: string;
  reason?: string;
}

/**
 * `links`: the polled requester's, on the platforms served. `decided` hears of each decided
 * request before it is closed, so what it claims is claimed again after a crash, never lost.
 */
export async function checkRequests(
  sweep: Sweep<RequestStore & AuditStore>,
  requests: readonly BotRequest[],
  links: readonly IdentityLink[],
  decided?: (outcome: DecidedRequest) => Promise<void>,
): Promise<void> {
  if (!links.length) return;
  for (const request of requests) {
    const outcome = await outcomeOf(sweep, request);
    if (!outcome) continue;
    const { message } = outcome;
    await decided?.({
      ...outcome.decided,
      accessId: request.accessId,
      accessUserId: request.accessUserId,
    });
    const { accessId: event, accessUserId, filedBy } = request;
    // Filed for someone else: both hear it (the outbox sends once per chat identity).
    const told = filedBy ? await sweep.linksOf([accessUserId, filedBy]) : links;
    for (const person of new Set([accessUserId, ...(filedBy ? [filedBy] : [])])) {
      const theirs = told.filter((link) => link.accessUserId === person);
      await sweep.tell(theirs, { kind: 'requester', event, accessUserId: person, message });
    }
    // Every message is claimed (by this replica or one before it): the outbox sends each once.
    await sweep.store.markRequestOutcomeSent(request.accessId, sweep.clock.now());
  }
}

type Outcome = {
  message: (v: Voice) => Reply;
  decided: Omit<DecidedRequest, 'accessId' | 'accessUserId'>;
};

/** The message to send, in any voice, and how it ended; undefined while the request waits. */
async function outcomeOf(
  sweep: Sweep<AuditStore>,
  request: BotRequest,
): Promise<Outcome | undefined> {
  const { pendingStatus } = sweep;
  const taskId = request.taskIds[0];
  const task = taskId === undefined ? undefined : await sweep.findTask(taskId);
  if (task) {
    const state = stateOf(task, pendingStatus);
    if (state === 'pending') return undefined;
    const decided = await completed(sweep, task, request);
    const { decidedByName, reason } = taskFacts(decided);
    return {
      message: (v) => requestOutcomeMessage(v, decided, pendingStatus),
      decided: {
        state,
        ...(decidedByName && { decidedBy: decidedByName }),
        ...(reason && { reason }),
      },
    };
  }
  const access = await findAccess(sweep, request);
  if (access?.status === pendingStatus) return undefined;
  const app = await sweep.service((c) => c.getWorkApp(request.workAppId)).catch(() => undefined);
  const what = (v: Voice) => app?.name ?? v.t('poller.anApplication');
  if (!access) {
    const message = (v: Voice) =>
      requestStatusMessage(v, what(v), 'gone', v.t('poller.requestGone'));
    return { message, decided: { state: 'gone' } };
  }
  const { status } = access;
  const state = status?.toLowerCase() ?? 'decided';
  const message = (v: Voice) =>
    requestStatusMessage(v, what(v), state, status ?? v.t('poller.requestDecided'));
  return { message, decided: { state } };
}

function findAccess(sweep: Sweep, request: BotRequest): Promise<Access | undefined> {
  return sweep.service(async (client) => {
    for await (const access of client.listWorkAppAccesses(request.workAppId)) {
      if (access.id === request.accessId) return access;
    }
    return undefined;
  });
}

/** The decided task, with who decided and why from a decision taken through the bot if it says neither. */
async function completed(sweep: Sweep<AuditStore>, task: Task, request: BotRequest): Promise<Task> {
  const f = taskFacts(task);
  if (f.decidedByName) return task;
  const entry = await decisionOn(sweep.store, request.taskIds).catch((error: unknown) => {
    sweep.log.warn(
      { err: error, accessId: request.accessId },
      'could not read who decided a request',
    );
    return undefined;
  });
  const by = entry?.accessUserId ? await sweep.nameOf(entry.accessUserId) : undefined;
  if (!entry || !by) return task;
  const metadata = {
    ...task.metadata,
    decidedByName: by,
    decidedAt: f.decidedAt ?? entry.at.toISOString(),
    ...(!f.reason && entry.reason && { reason: entry.reason }),
  };
  return { ...task, metadata };
}

/** For the requester: what became of their request, with who decided and why when known. */
export function requestOutcomeMessage(v: Voice, task: Task, pendingStatus: string): Reply {
  const card = taskCard(v, task, { pendingStatus, actionable: false });
  const { workAppName, permissionLevelName } = taskFacts(task);
  const what = workAppName
    ? permissionLevelName
      ? v.t('request.appLevel', { app: workAppName, level: permissionLevelName })
      : workAppName
    : card.title;
  return requestStatusMessage(v, what, card.state, card.outcome ?? task.status, [
    { kind: 'task', card },
  ]);
}

/** When only the access's status is known (no task to read the reason from). */
export function requestStatusMessage(
  v: Voice,
  what: string,
  state: string,
  outcome: string,
  blocks: Reply['blocks'] = [],
): Reply {
  const text = v.t('poller.requestOutcome', { what: inert(what), outcome: inert(outcome) });
  const make = state === 'approved' ? success : warning;
  return make(v, text, {
    title: v.t('poller.requestOutcomeTitle', {
      state: state === 'approved' || state === 'declined' ? state : 'other',
    }),
    blocks: [{ kind: 'text', text }, ...blocks],
  });
}
