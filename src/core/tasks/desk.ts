/**
 * Tasks and decisions, from clicks and commands. A task is decided only if it is in the actor's
 * own pending list; its details are shown only to people in whose list it is or was.
 */
import type { Task } from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';
import type { TaskNumberStore } from '../../store/store.ts';
import type { Actors } from '../actor.ts';
import { NotLinkedError } from '../errors.ts';
import type { Voice } from '../i18n/voice.ts';
import type { ChatActor } from '../identity.ts';
import { kept, type Reply } from '../reply.ts';
import type { Handlers, Turn } from '../turn.ts';
import { type Decided, decidedReply, decideEach } from './approve-all.ts';
import type { TaskCommand } from './commands.ts';
import type { Decider } from './decide.ts';
import type { Decision, DecisionResult } from './decision-result.ts';
import { markLooking } from './looking.ts';
import { askReasonNext, type QuestionDeps } from './questions.ts';
import { MAX_TASKS_SHOWN, tasksReply } from './task-list.ts';
import { askReason, type TaskRefs, taskIds } from './task-refs.ts';
import { type TaskView, type ViewDeps, viewTask } from './view-task.ts';

export interface TaskDeskDeps extends ViewDeps {
  actors: Actors;
  store: TaskNumberStore;
  now: () => Date;
  log: Logger;
  decider: Decider;
  questions: QuestionDeps;
}

type DecideArgs = [taskId: string, decision: Decision, reason?: string, confirmation?: string];

export class TaskDesk {
  readonly #d: TaskDeskDeps;

  readonly commands: Handlers<TaskCommand> = {
    tasks: async ({ actor }) => (await this.list(actor)).reply,
    approve: (turn, c) => this.#decideRefs(turn, c.tasks, 'approve', undefined, c.confirm),
    decline: (turn, c) =>
      c.confirmed
        ? this.#decideRefs(turn, c.tasks, 'decline', c.reason)
        : this.#askReason(turn, c.tasks),
    looking: async (turn, c) => {
      const ids = await this.ids(turn, [c.task]);
      return Array.isArray(ids)
        ? markLooking(this.#d.looks, await turn.link(), turn.v, ids[0]!)
        : ids;
    },
  };

  constructor(deps: TaskDeskDeps) {
    this.#d = deps;
  }

  /** Numbers are saved before the list is shown, so `approve 2` means what was seen, anywhere. */
  list(actor: ChatActor): Promise<{ reply: Reply; tasks: Task[] }> {
    const { store, pendingStatus, context, now } = this.#d;
    return this.#d.actors.as(
      actor,
      async (link, v) => {
        const tasks = await this.#d.audience.pending(link);
        const shown = tasks.slice(0, MAX_TASKS_SHOWN);
        await store.saveTaskNumbering(
          actor.platform,
          actor.chatUserId,
          shown.map((t) => t.id),
          now(),
        );
        const [extras, notes] = await Promise.all([
          context?.sensitivities(shown),
          this.#d.notes(shown, link.accessUserId, v),
        ]);
        return { reply: tasksReply(v, tasks, pendingStatus, extras, notes), tasks };
      },
      (reply) => ({ reply, tasks: [] }),
    );
  }

  decide(actor: ChatActor, ...args: DecideArgs): Promise<DecisionResult> {
    return this.#d.actors.act(
      actor,
      (link, v) => this.#d.decider.decide(link, v, ...args),
      (reply) => kept('failed', reply),
    );
  }

  /** Each listed task once, in order, each checked like a single click. */
  async approveAll(
    actor: ChatActor,
    ids: readonly string[],
  ): Promise<{ reply: Reply; results: Decided[] }> {
    const held = await this.#d.actors.held(actor);
    if (held) return { reply: held, results: [] };
    const results = await decideEach(ids, (id) => this.#decide(actor, id, 'approve'));
    return { reply: decidedReply(this.#d.actors.voiceOf(actor), results), results };
  }

  /** Nothing about a task that never was theirs. */
  view(actor: ChatActor, taskId: string): Promise<TaskView> {
    return this.#d.actors.as(
      actor,
      (link, v) => viewTask(this.#d, link, v, taskId),
      (reply, error) => ({ kind: error instanceof NotLinkedError ? 'refused' : 'failed', reply }),
    );
  }

  /** "Looking at it", or a decline form opened: shown to the task's other approvers. */
  look(actor: ChatActor, taskId: string): Promise<Reply> {
    return this.#d.actors.reply(actor, (link, v) => markLooking(this.#d.looks, link, v, taskId));
  }

  ids(turn: Turn, refs: TaskRefs): Promise<string[] | Reply> {
    return taskIds(this.#d, turn, refs);
  }

  #decide(actor: ChatActor, ...args: DecideArgs): Promise<DecisionResult> {
    return this.#d.actors.as(
      actor,
      (link, v) => this.#d.decider.decide(link, v, ...args),
      (reply) => kept('failed', reply),
    );
  }

  /** One task's own reply, or a summary of several. */
  async #decideRefs(
    turn: Turn,
    refs: TaskRefs,
    decision: Decision,
    reason?: string,
    confirmation?: string,
  ): Promise<Reply> {
    const ids = await this.ids(turn, refs);
    if (!Array.isArray(ids)) return ids;
    return this.#decideIds(turn.actor, turn.v, ids, decision, reason, confirmation);
  }

  declineIds(actor: ChatActor, v: Voice, ids: readonly string[], reason?: string): Promise<Reply> {
    return this.#decideIds(actor, v, ids, 'decline', reason);
  }

  async #decideIds(
    actor: ChatActor,
    v: Voice,
    ids: readonly string[],
    decision: Decision,
    reason?: string,
    confirmation?: string,
  ): Promise<Reply> {
    const decide = (id: string) => this.#decide(actor, id, decision, reason, confirmation);
    if (ids.length === 1) return (await decide(ids[0]!)).reply;
    return decidedReply(v, await decideEach(ids, decide), decision);
  }

  /** `decline 1` without `--`: their next line is the reason where it is heard; else, how to. */
  async #askReason(turn: Turn, refs: TaskRefs): Promise<Reply> {
    if (!turn.place.conversation) return askReason(turn.v, refs);
    const ids = await this.ids(turn, refs);
    if (!Array.isArray(ids)) return ids;
    return askReasonNext(this.#d.questions, turn.actor, turn.v, ids);
  }
}
