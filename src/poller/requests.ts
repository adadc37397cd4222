/**
 * The requester hears the outcome: each access request made through the bot is checked when its
 * requester is polled (the sweep reads the open requests once: they are few), and once decided,
 * one direct message per chat identity says how, by whom and why — each a message of the outbox,
 * sent once whatever replica dies when. The decided task carries who and why; a task that does
 * not say is completed from the decision taken through the bot, when there was one; when the
 * service named no task for the request, the access's status is the fallback.
 */
import type { Access, Task } from '../access/schemas.ts';
import { taskFacts } from '../access/task-facts.ts';
import { decisionOn } from '../core/audit/record.ts';
import type { Voice } from '../core/i18n/voice.ts';
import type { Reply } from '../core/reply.ts';
import { stateOf } from '../core/tasks/task-card.ts';
import type { AuditStore, BotRequest, IdentityLink, RequestStore } from '../store/store.ts';
import type { PollerContext } from './context.ts';
import { requestOutcomeMessage, requestStatusMessage } from './messages.ts';
import { findTask } from './resolve.ts';
import { directTargets, voiceOf } from './targets.ts';

/** An Access user's name, as a linked person's; undefined when nobody linked has it. */
type NameOf = (accessUserId: string) => Promise<string | undefined>;

export async function checkRequests(
  ctx: PollerContext<RequestStore & AuditStore>,
  requests: readonly BotRequest[],
  links: readonly IdentityLink[],
  nameOf: NameOf,
): Promise<void> {
  const targets = directTargets(links, 'requester').filter((t) => ctx.notifiers.has(t.platform));
  if (!targets.length) return;
  for (const request of requests) {
    const message = await outcomeOf(ctx, request, nameOf);
    if (!message) continue;
    const { accessId: event, accessUserId } = request;
    for (const target of targets) {
      const v = await voiceOf(ctx, target.platform, target.destination);
      await ctx.outbox.send({ event, target, accessUserId, message: message(v) });
    }
    // Every message is claimed (by this replica or one before it): the outbox sends each once.
    await ctx.store.markRequestOutcomeSent(request.accessId, ctx.clock.now());
  }
}

/** The message to send, in any voice, or undefined while the request waits. */
async function outcomeOf(
  ctx: PollerContext<AuditStore>,
  request: BotRequest,
  nameOf: NameOf,
): Promise<((v: Voice) => Reply) | undefined> {
  const taskId = request.taskIds[0];
  const task = taskId === undefined ? undefined : await findTask(ctx, taskId);
  if (task) {
    if (stateOf(task, ctx.pendingStatus) === 'pending') return undefined;
    const decided = await completed(ctx, task, request, nameOf);
    return (v) => requestOutcomeMessage(v, decided, ctx.pendingStatus);
  }
  const access = await findAccess(ctx, request);
  if (access?.status === ctx.pendingStatus) return undefined;
  const app = await ctx.gate
    .run(() => ctx.client.getWorkApp(request.workAppId))
    .catch(() => undefined);
  const what = (v: Voice) => app?.name ?? v.t('poller.anApplication');
  if (!access) {
    return (v) => requestStatusMessage(v, what(v), 'gone', v.t('poller.requestGone'));
  }
  const { status } = access;
  const state = status?.toLowerCase() ?? 'decided';
  return (v) => requestStatusMessage(v, what(v), state, status ?? v.t('poller.requestDecided'));
}

function findAccess(ctx: PollerContext<unknown>, request: BotRequest): Promise<Access | undefined> {
  return ctx.gate.run(async () => {
    for await (const access of ctx.client.listWorkAppAccesses(request.workAppId)) {
      if (access.id === request.accessId) return access;
    }
    return undefined;
  });
}

/** The decided task, with who decided and why from a decision taken through the bot if it says neither. */
async function completed(
  ctx: PollerContext<AuditStore>,
  task: Task,
  request: BotRequest,
  nameOf: NameOf,
): Promise<Task> {
  const f = taskFacts(task);
  if (f.decidedByName) return task;
  const entry = await decisionOn(ctx.store, request.taskIds).catch((error: unknown) => {
    ctx.log.warn(
      { err: error, accessId: request.accessId },
      'could not read who decided a request',
    );
    return undefined;
  });
  const by = entry?.accessUserId ? await nameOf(entry.accessUserId) : undefined;
  if (!entry || !by) return task;
  const metadata = {
    ...task.metadata,
    decidedByName: by,
    decidedAt: f.decidedAt ?? entry.at.toISOString(),
    ...(!f.reason && entry.reason && { reason: entry.reason }),
  };
  return { ...task, metadata };
}
