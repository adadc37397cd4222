/**
 * A synthetic audit trail for `npm run bench:report`: a year of tasks, each told to one to three
 * approvers; the first decides in chat, the others' tasks are found decided elsewhere; every
 * tenth is reminded, every fiftieth still waits. About four rows a task, made in order of time,
 * the same every run.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const APPS = ['GitHub', 'AWS', 'Jira', 'Salesforce', 'Figma', 'Google Workspace'];
const TYPES = ['AccessRequest', 'EntitlementReview', 'OffboardingStep'];

/** One audit row, its columns as both stores keep them (instants as epoch milliseconds). */
export interface TrailRow {
  at: number;
  platform: string;
  chat_user_id: string;
  access_user_id: string | null;
  task_id: string;
  action: string;
  reason: string | null;
  outcome: string;
  detail: string | null;
  app_name: string;
  app_id: string;
  task_type: string;
  task_created_at: number;
  decided_by: string | null;
}
export const TRAIL_COLUMNS = [
  'at',
  'platform',
  'chat_user_id',
  'access_user_id',
  'task_id',
  'action',
  'reason',
  'outcome',
  'detail',
  'app_name',
  'app_id',
  'task_type',
  'task_created_at',
  'decided_by',
] as const satisfies readonly (keyof TrailRow)[];

/** `rows` rows (a few more: a task's rows stay together) over the year before `end`. */
export function* trail(rows: number, end: number): Generator<TrailRow[]> {
  const tasks = Math.ceil(rows / 4);
  const start = end - 365 * DAY;
  for (let k = 0, made = 0; made < rows; k++) {
    const created = start + Math.floor((k * 365 * DAY) / tasks);
    const app = APPS[k % APPS.length]!;
    const facts = {
      platform: 'slack',
      reason: null,
      detail: null,
      app_name: app,
      app_id: `app-${k % APPS.length}`,
      task_type: TYPES[k % TYPES.length]!,
      task_created_at: created,
    };
    const approvers = 1 + (k % 3);
    const decider = `user-${k % 97}`;
    const decidedAt = created + (1 + ((k * 7919) % 72)) * HOUR;
    const task: TrailRow[] = [];
    for (let j = 0; j < approvers; j++) {
      const who = j === 0 ? decider : `user-${(k + j * 31) % 97}`;
      const base = {
        ...facts,
        chat_user_id: `U-${who}`,
        access_user_id: who,
        task_id: `t-${k}-${j}`,
      };
      task.push({
        ...base,
        at: created + HOUR / 60,
        action: 'notify',
        outcome: 'queued',
        decided_by: null,
      });
      if (k % 10 === 0) {
        task.push({
          ...base,
          at: created + DAY,
          action: 'remind',
          outcome: 'queued',
          decided_by: null,
        });
      }
      if (k % 50 === 0) continue;
      task.push(
        j === 0
          ? { ...base, at: decidedAt, action: 'approve', outcome: 'approved', decided_by: null }
          : {
              ...base,
              at: decidedAt + HOUR,
              action: 'decided_elsewhere',
              outcome: 'approved',
              decided_by: decider,
            },
      );
    }
    made += task.length;
    yield task;
  }
}
