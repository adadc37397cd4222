/**
 * The Access Service records only whom a request is for, so a request filed for someone else
 * through accessbot has its filer remembered (BotRequest.filedBy) and put back as its tasks'
 * requester wherever a task is read: every card then says "requested by A, for B", and the
 * self-approval rule (tasks/decide.ts) refuses the filer as it does the person it is for.
 */
import type { AccessClient } from '../../access/client.ts';
import { type Task, TaskTypes, taskFacts } from '../../access/schemas.ts';
import type { RequesterStore } from './store.ts';

/** The tasks as read, each request filed for someone else with its filer as requester. */
export function filers(
  store: Pick<RequesterStore, 'filersOf'>,
): (tasks: Task[]) => Promise<Task[]> {
  return async (tasks) => {
    const facts = tasks.map((t) => (t.type === TaskTypes.accessRequest ? taskFacts(t) : {}));
    const filers = await store.filersOf(facts.flatMap((f) => f.accessId ?? []));
    return tasks.map((task, i) => {
      const { accessId, userId } = facts[i]!;
      const request = accessId === undefined ? undefined : filers.get(accessId);
      if (!request?.filedBy || request.accessUserId !== userId) return task;
      const requestedByName = request.filedByName ?? request.filedBy;
      const metadata = { ...task.metadata, requestedBy: request.filedBy, requestedByName };
      return { ...task, metadata };
    });
  };
}

export function withFilers(
  client: AccessClient,
  store: Pick<RequesterStore, 'filersOf'>,
): AccessClient {
  const filed = filers(store);
  return new Proxy(client, {
    get(target, key) {
      if (key === 'getTask') {
        return async (id: string) => (await filed([await target.getTask(id)]))[0]!;
      }
      if (key === 'listTasks') {
        return async function* (...args: Parameters<AccessClient['listTasks']>) {
          yield* await filed(await Array.fromAsync(target.listTasks(...args)));
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
