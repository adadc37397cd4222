/**
 * A person's pending list, and the memory of every task ever in it: a task's details are shown
 * only to those whose list it is or was; anyone else is refused without a word about it. Who
 * filed a request for someone else is looked up only for the tasks asked for: a whole list, or
 * the one task a click or a line names.
 */
import { LRUCache } from 'lru-cache';
import type { AccessClient } from '../../access/client.ts';
import type { Task } from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';
import type { IdentityLink, TaskAudienceStore } from '../../store/store.ts';
import { bounded } from '../cache.ts';

/** Pairs already written in this process, at most; the store is asked only about new ones. */
const REMEMBERED_MAX = 100_000;

export interface AudienceDeps {
  /** As the Access Service has the tasks, without their filers: `filed` adds them. */
  client: AccessClient;
  /** Who filed each request for someone else, as its requester (requests/filers.ts). */
  filed: (tasks: Task[]) => Promise<Task[]>;
  store: TaskAudienceStore;
  pendingStatus: string;
  log: Logger;
  now: () => Date;
}

export class TaskAudience {
  readonly #d: AudienceDeps;
  readonly #remembered = new LRUCache<string, true>(bounded(REMEMBERED_MAX));

  constructor(deps: AudienceDeps) {
    this.#d = deps;
  }

  /** Every page, oldest first; each is remembered as theirs. */
  async pending(link: IdentityLink): Promise<Task[]> {
    // The list is this call's own: sorted where it is.
    return (await this.#d.filed(await this.#listed(link))).sort(byAge);
  }

  /** The task if it is in their pending list (read whole, and remembered as theirs). */
  async pendingTask(link: IdentityLink, taskId: string): Promise<Task | undefined> {
    const task = (await this.#listed(link)).find((t) => t.id === taskId);
    return task && (await this.#d.filed([task]))[0];
  }

  async #listed(link: IdentityLink): Promise<Task[]> {
    const { client, pendingStatus } = this.#d;
    const tasks = await Array.fromAsync(client.listTasks(link.accessUserId, pendingStatus));
    await this.#remember(link.accessUserId, tasks);
    return tasks;
  }

  async wasShown(link: IdentityLink, taskId: string): Promise<boolean> {
    if (this.#remembered.has(keyOf(link.accessUserId, taskId))) return true;
    return this.#d.store.wasShown(link.accessUserId, taskId);
  }

  async #remember(accessUserId: string, tasks: readonly Task[]): Promise<void> {
    const fresh: string[] = [];
    for (const { id } of tasks) if (!this.#remembered.has(keyOf(accessUserId, id))) fresh.push(id);
    if (!fresh.length) return;
    try {
      await this.#d.store.rememberTasks(accessUserId, fresh, this.#d.now());
    } catch (error) {
      // Only a later look at these tasks is refused; the list itself is still true.
      this.#d.log.warn({ err: error }, 'could not remember whose tasks were listed');
      return;
    }
    for (const id of fresh) this.#remembered.set(keyOf(accessUserId, id), true);
  }
}

const keyOf = (accessUserId: string, taskId: string) => `${accessUserId}\u0000${taskId}`;

const created = (t: Task) => String(t.metadata.createdAt ?? '');
/** Oldest first, so numbers stay put as new tasks arrive at the end. */
const byAge = (a: Task, b: Task) =>
  created(a).localeCompare(created(b)) || a.id.localeCompare(b.id);
