/**
 * The seeded sandbox with, for each hostile string, a person, a group, an application with two
 * permission levels, and a pending access request of that person for Ada: so every name, every
 * description and every justification the bot reads is one of the corpus's strings.
 */
import { randomUUID } from 'node:crypto';
import { policies, users } from '../../src/sandbox/seed.ts';
import type { Sandbox } from '../../src/sandbox/server.ts';
import { corpus } from './hostile-corpus.ts';

export interface HostileEntry {
  name: string;
  text: string;
  user: { id: string; email: string };
  groupId: string;
  appId: string;
  levelIds: [string, string];
  /** Ada's task for this person's request. */
  taskId: string;
}

export function buildHostileWorld(sandbox: Sandbox): HostileEntry[] {
  const { state } = sandbox;
  return corpus.map(([name, text], i) => {
    const user = { id: randomUUID(), email: `hostile-${i}@example.com` };
    state.addUser({ ...user, displayName: text, jobTitle: text });
    const groupId = randomUUID();
    state.addGroup(
      { id: groupId, name: text, description: text },
      { memberIds: [user.id, users.ada.id] },
    );
    const appId = randomUUID();
    const levelIds: [string, string] = [randomUUID(), randomUUID()];
    state.addWorkApp(
      { id: appId, name: text, description: text },
      levelIds.map((id, n) => ({ id, name: n ? `${text} ${n}` : text, description: text })),
      [],
    );
    // Ada alone approves these, so each request is one task in her list.
    state.assignPolicy(appId, null, 'AccessRequest', policies.cloudOwners.id);
    const access = state.createAccessRequest({
      workAppId: appId,
      userId: user.id,
      permissionLevelId: levelIds[0],
      justification: text,
    });
    const taskId = access.taskIds[0]!;
    return { name, text, user, groupId, appId, levelIds, taskId };
  });
}
