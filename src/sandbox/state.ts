/**
 * The sandbox's approval workflow: a request opens one Pending task per approver; the first
 * decision decides its siblings too. Emits `taskCreated` and `taskDecided` for webhooks.
 */
import { randomUUID } from 'node:crypto';
import type { AccessRequest } from '../access/schemas.ts';
import { Directory, fail, type LevelEntry, type WorkAppEntry } from './directory.ts';
import { conflict, notFound, unprocessable } from './errors.ts';
import { taskIdOf } from './ids.ts';
import type { AccessRecord, Decision, RequestType, TaskRecord, UserRecord } from './model.ts';
import { sortedBy, taskKey } from './order.ts';

/** Beyond the HTTP API: `id` fixes task ids (`taskIdOf(id, assigneeId)`); `at` backdates. */
type Extra = { id?: string; at?: Date };
type Subject = { app: WorkAppEntry; level: LevelEntry | undefined; user: UserRecord };

export class SandboxState extends Directory {
  readonly tasks = new Map<string, TaskRecord>();
  readonly #now: () => Date;
  /** Tasks of one request, decided together. */
  readonly #siblings = new Map<string, string[]>();

  constructor(now: () => Date = () => new Date()) {
    super();
    this.#now = now;
  }

  task(id: string): TaskRecord {
    return this.tasks.get(id) ?? fail(notFound(`Task ${id} does not exist`));
  }

  /** Oldest first. */
  tasksFor(userId: string, status?: string): TaskRecord[] {
    return sortedBy(
      [...this.tasks.values()].filter(
        (task) => task.assigneeId === userId && (status === undefined || task.status === status),
      ),
      taskKey,
    );
  }

  /** Already granted, as in seeded data: no workflow. */
  grantAccess(input: Omit<AccessRequest, 'justification'> & Extra): AccessRecord {
    return structuredClone(this.#addAccess(this.#resolve(input), 'Approved', input));
  }

  /** `POST /WorkApps/Accesses` */
  createAccessRequest(input: AccessRequest & Extra): AccessRecord {
    const subject = this.#resolve(input);
    const { app, user, level } = subject;
    const levelId = level?.record.id ?? null;
    const pending = [...this.accesses.values()].some(
      (a) =>
        a.status === 'Pending' &&
        a.userId === user.id &&
        a.workAppId === app.record.id &&
        a.permissionLevelId === levelId,
    );
    if (pending) {
      throw conflict(`${user.displayName} already has a pending request for ${label(subject)}`);
    }
    // Approvers are checked before the access exists, so a refused request leaves nothing behind.
    this.#approvers('AccessRequest', subject);
    const access = this.#addAccess(subject, 'Pending', input);
    const request = { id: access.id, at: new Date(access.createdAt) };
    const tasks = this.#openRequest('AccessRequest', subject, request, {
      requestedBy: user.id,
      requestedByName: user.displayName,
      accessId: access.id,
      ...(input.justification ? { justification: input.justification } : {}),
    });
    access.taskIds = tasks.map((task) => task.id);
    return structuredClone(access);
  }

  createEntitlementReview(
    input: { accessId: string; requestedBy: string; dueAt?: Date } & Extra,
  ): TaskRecord[] {
    const access =
      this.accesses.get(input.accessId) ??
      fail(unprocessable(`Access ${input.accessId} does not exist`));
    const subject = this.#resolve({
      ...access,
      permissionLevelId: access.permissionLevelId ?? undefined,
    });
    const requester = this.#known(input.requestedBy);
    return this.#openRequest('EntitlementReview', subject, input, {
      requestedBy: requester.id,
      requestedByName: requester.displayName,
      accessId: access.id,
      ...(input.dueAt && { dueAt: input.dueAt.toISOString() }),
    });
  }

  createOffboardingStep(
    input: { userId: string; workAppId: string; requestedBy: string; step?: string } & Extra,
  ): TaskRecord[] {
    const subject = this.#resolve(input);
    const requester = this.#known(input.requestedBy);
    return this.#openRequest('OffboardingStep', subject, input, {
      requestedBy: requester.id,
      requestedByName: requester.displayName,
      step:
        input.step ?? `Remove ${subject.user.displayName}'s access to ${subject.app.record.name}`,
    });
  }

  /** Decides a task and its siblings; a declined review or approved offboarding revokes. */
  decideTask(
    taskId: string,
    decision: Decision,
    byUserId: string,
    reason?: string,
    at?: Date,
  ): TaskRecord {
    const task = this.task(taskId);
    if (task.status !== 'Pending') throw conflict(`Task ${task.id} is already ${task.status}`);
    const decider = this.#known(byUserId);
    const decided = {
      decidedBy: decider.id,
      decidedByName: decider.displayName,
      decidedAt: (at ?? this.#now()).toISOString(),
      ...(reason ? { reason } : {}),
    };
    const changed = (this.#siblings.get(task.id) ?? [task.id])
      .map((id) => this.task(id))
      .filter((t) => t.status === 'Pending');
    for (const t of changed) {
      t.status = decision;
      Object.assign(t.metadata, decided);
    }
    this.#applyOutcome(task, decision);
    for (const t of changed) this.emit('taskDecided', structuredClone(t));
    return structuredClone(task);
  }

  #applyOutcome(task: TaskRecord, decision: Decision): void {
    const access = task.metadata.accessId ? this.accesses.get(task.metadata.accessId) : undefined;
    if (task.type === 'AccessRequest' && access) access.status = decision;
    if (task.type === 'EntitlementReview' && access && decision === 'Declined') {
      access.status = 'Revoked';
    }
    if (task.type === 'OffboardingStep' && decision === 'Approved') {
      for (const a of this.accesses.values()) {
        const leaversAccess =
          a.userId === task.target.userId && a.workAppId === task.target.workAppId;
        if (leaversAccess && a.status === 'Approved') a.status = 'Revoked';
      }
    }
  }

  #openRequest(
    type: RequestType,
    subject: Subject,
    extra: Extra,
    metadata: Omit<TaskRecord['metadata'], 'createdAt'>,
  ): TaskRecord[] {
    const createdAt = (extra.at ?? this.#now()).toISOString();
    const requestId = extra.id ?? randomUUID();
    const { app, level, user } = subject;
    const tasks = this.#approvers(type, subject).map(
      (assigneeId): TaskRecord => ({
        id: taskIdOf(requestId, assigneeId),
        type,
        status: 'Pending',
        assigneeId,
        target: {
          workAppId: app.record.id,
          workAppName: app.record.name,
          ...(level && {
            permissionLevelId: level.record.id,
            permissionLevelName: level.record.name,
          }),
          userId: user.id,
          userDisplayName: user.displayName,
        },
        metadata: { ...metadata, createdAt },
      }),
    );
    const ids = tasks.map((task) => task.id);
    for (const task of tasks) {
      this.tasks.set(task.id, task);
      this.#siblings.set(task.id, ids);
    }
    for (const task of tasks) this.emit('taskCreated', structuredClone(task));
    return tasks.map((task) => structuredClone(task));
  }

  /** The policy's approvers; the subject decides about themselves only when no one else can. */
  #approvers(type: RequestType, subject: Subject): string[] {
    const policy = this.policyFor(subject.app, subject.level, type);
    const approverIds = (policy?.approverIds ?? []).filter((id) => this.users.has(id));
    if (approverIds.length === 0) {
      throw unprocessable(`${label(subject)} has no ${type} policy with approvers`);
    }
    const others = approverIds.filter((id) => id !== subject.user.id);
    return others.length > 0 ? others : approverIds;
  }

  /** An unknown reference in a body is a 422, not a 404. */
  #resolve(input: { workAppId: string; userId: string; permissionLevelId?: string }): Subject {
    const app =
      this.workApps.get(input.workAppId) ??
      fail(unprocessable(`WorkApp ${input.workAppId} does not exist`));
    const user = this.#known(input.userId);
    const levelId = input.permissionLevelId;
    const level =
      levelId === undefined
        ? undefined
        : (app.levels.get(levelId) ??
          fail(unprocessable(`Permission level ${levelId} does not exist in ${app.record.name}`)));
    return { app, level, user };
  }

  #known(userId: string): UserRecord {
    return this.users.get(userId) ?? fail(unprocessable(`User ${userId} does not exist`));
  }

  #addAccess(
    { app, level, user }: Subject,
    status: AccessRecord['status'],
    input: { justification?: string } & Extra,
  ): AccessRecord {
    const access: AccessRecord = {
      id: input.id ?? randomUUID(),
      workAppId: app.record.id,
      userId: user.id,
      permissionLevelId: level?.record.id ?? null,
      status,
      justification: input.justification ?? null,
      createdAt: (input.at ?? this.#now()).toISOString(),
      taskIds: [],
    };
    this.accesses.set(access.id, access);
    return access;
  }
}

const label = ({ app, level }: Subject) =>
  level ? `${app.record.name} ${level.record.name}` : app.record.name;
