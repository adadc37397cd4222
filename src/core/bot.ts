/**
 * The platform-neutral bot: command text in, a `Reply` out. Adapters hand it typed lines, slash
 * commands and button clicks; it never knows which platform asked.
 */
import type { AccessClient } from '../access/client.ts';
import type { Task } from '../access/schemas.ts';
import type { Logger } from '../log.ts';
import type { Store } from '../store/store.ts';
import { type Command, parseCommand, type TaskRef, usage } from './commands.ts';
import { Decider, type Decision, type DecisionResult } from './decide.ts';
import { appsReply, groupsReply, membersReply } from './directory.ts';
import { plural } from './format.ts';
import { type ChatActor, Identity } from './identity.ts';
import { type Block, info, type Reply, warning } from './reply.ts';
import { requestAccess } from './request.ts';
import { replyForError } from './service-errors.ts';
import { taskCard } from './task-card.ts';

export interface BotDeps {
  client: AccessClient;
  store: Store;
  log: Logger;
  pendingStatus: string;
  now?: () => Date;
}

/** Tasks shown in one list; the rest are counted (keeps every platform within its limits). */
export const MAX_TASKS_SHOWN = 15;

export class AccessBot {
  readonly identity: Identity;
  readonly #deps: BotDeps;
  readonly #now: () => Date;
  readonly #decider: Decider;

  constructor(deps: BotDeps) {
    this.#deps = deps;
    const now = deps.now ?? (() => new Date());
    this.#now = now;
    this.identity = new Identity(deps.client, deps.store, now);
    this.#decider = new Decider({ ...deps, now });
  }

  /** Parses and runs one line of command text. */
  async handle(actor: ChatActor, text: string): Promise<Reply> {
    const parsed = parseCommand(text);
    if (!parsed.ok) return warning(parsed.message);
    return this.run(actor, parsed.command);
  }

  async run(actor: ChatActor, command: Command): Promise<Reply> {
    try {
      return await this.#run(actor, command);
    } catch (error) {
      return replyForError(error, this.#deps.log);
    }
  }

  async #run(actor: ChatActor, command: Command): Promise<Reply> {
    const { client } = this.#deps;
    switch (command.name) {
      case 'help':
        return helpReply();
      case 'tasks':
        return (await this.taskList(actor)).reply;
      case 'approve':
        return (await this.#decideRef(actor, command.task, 'approve')).reply;
      case 'decline':
        return (await this.#decideRef(actor, command.task, 'decline', command.reason)).reply;
      case 'members':
        return membersReply(client, command.group);
      case 'groups':
        return groupsReply(client);
      case 'apps':
        return appsReply(client, command.search);
      case 'request': {
        const link = await this.identity.resolve(actor);
        return requestAccess(client, link.accessUserId, command.target, command.justification);
      }
    }
  }

  /**
   * The actor's pending tasks as a numbered reply, and the tasks themselves. The numbers shown
   * are saved in the store before the list is answered, so `approve 2` means what the person saw,
   * on any replica; if they cannot be saved, no numbered list is shown at all.
   * A failure comes back as a reply with no tasks.
   */
  async taskList(actor: ChatActor): Promise<{ reply: Reply; tasks: Task[] }> {
    try {
      const link = await this.identity.resolve(actor);
      const tasks = sortTasks(await this.#decider.pending(link.accessUserId));
      const shown = tasks.slice(0, MAX_TASKS_SHOWN).map((t) => t.id);
      await this.#deps.store.saveTaskNumbering(
        actor.platform,
        actor.chatUserId,
        shown,
        this.#now(),
      );
      return { reply: tasksReply(tasks, this.#deps.pendingStatus), tasks };
    } catch (error) {
      return { reply: replyForError(error, this.#deps.log), tasks: [] };
    }
  }

  /** A decision from a button or a command; the task must be in the actor's own pending list. */
  async decide(
    actor: ChatActor,
    taskId: string,
    decision: Decision,
    reason?: string,
  ): Promise<DecisionResult> {
    try {
      const link = await this.identity.resolve(actor);
      return await this.#decider.decide(link, taskId, decision, reason);
    } catch (error) {
      return { outcome: 'failed', reply: replyForError(error, this.#deps.log) };
    }
  }

  /** The pending tasks of a linked actor, for notifications and platform views. */
  async pendingTasks(actor: ChatActor): Promise<Task[]> {
    const link = await this.identity.resolve(actor);
    return sortTasks(await this.#decider.pending(link.accessUserId));
  }

  async #decideRef(actor: ChatActor, ref: TaskRef, decision: Decision, reason?: string) {
    if (ref.kind === 'id') return this.decide(actor, ref.id, decision, reason);
    const listed = await this.#deps.store.getTaskNumbering(actor.platform, actor.chatUserId);
    const taskId = listed?.[ref.n - 1];
    if (!taskId) {
      const why = listed
        ? `Your last \`tasks\` list had ${plural(listed.length, 'task')}.`
        : 'Numbers refer to your last `tasks` list, and I have none for you yet.';
      return {
        outcome: 'failed' as const,
        reply: warning(`There is no task number ${ref.n}. ${why} Type \`tasks\` to see them.`),
      };
    }
    return this.decide(actor, taskId, decision, reason);
  }
}

/** Oldest first, so numbers stay put as new tasks arrive at the end. */
export function sortTasks(tasks: Task[]): Task[] {
  const created = (t: Task) => String(t.metadata.createdAt ?? '');
  return [...tasks].sort(
    (a, b) => created(a).localeCompare(created(b)) || a.id.localeCompare(b.id),
  );
}

export function tasksReply(tasks: Task[], pendingStatus: string): Reply {
  if (!tasks.length) return info('You have no pending tasks. 🎉', { title: 'No pending tasks' });
  const shown = tasks.slice(0, MAX_TASKS_SHOWN);
  const blocks: Block[] = shown.map((task, i) => ({
    kind: 'task',
    card: taskCard(task, { pendingStatus, number: i + 1 }),
  }));
  if (tasks.length > shown.length) {
    blocks.push({
      kind: 'note',
      text: `…and ${plural(tasks.length - shown.length, 'more task')} not shown. Decide some, then type \`tasks\` again.`,
    });
  }
  if (shown.length > 1) {
    blocks.push({
      kind: 'actions',
      buttons: [
        {
          label: `Approve all ${shown.length}`,
          action: 'approveAll',
          value: shown.map((t) => t.id).join(','),
        },
      ],
    });
  }
  blocks.push({
    kind: 'note',
    text: 'Approve with `approve 1`, decline with `decline 1 <reason>`.',
  });
  const title = `You have ${plural(tasks.length, 'pending task')}`;
  return info(title, { title, blocks });
}

export function helpReply(): Reply {
  const lines = Object.values(usage);
  return info(`Commands: ${lines.join('; ')}`, {
    title: 'What I can do',
    blocks: [
      { kind: 'list', items: lines, more: 0 },
      { kind: 'note', text: 'A task number refers to your last `tasks` list.' },
    ],
  });
}
