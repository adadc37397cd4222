/**
 * What one run of the load benchmark sends, decided before it starts so that accessbot and the
 * bare Bolt app get exactly the same requests: who sends what, in which order, at which rate.
 * Shared by the orchestrator (load.ts), the world (load-world.ts), the generator
 * (load-generator.ts) and the bare app (load-bare.ts).
 */

/** Slack user id, Access Service user id and e-mail of one benchmark person. */
export interface Person {
  slackId: string;
  accessUserId: string;
  email: string;
}

export type Kind = 'tasks' | 'members' | 'click';

export interface Planned {
  /** Position in the run; also names its response_url (`/respond/<id>`) and click message ts. */
  id: number;
  kind: Kind;
  person: number;
  /** The task a click approves (created in the sandbox before the run). */
  taskId?: string;
}

export interface RunPlan {
  /** The target's `/slack/events` URL; only 127.0.0.1 is accepted. */
  url: string;
  /** Origin of the world's Slack fake: response_urls point at it. */
  slackOrigin: string;
  rate: number;
  requests: Planned[];
  people: Person[];
  /** Probe `/healthz` this often while the run lasts (0: never). */
  healthzEveryMs: number;
  /** Tell the orchestrator (`{ kind: 'mark' }`) once this many requests are acked: warm-up done. */
  markAfter?: number;
}

/** The group that `members` asks about (the sandbox also has a second one). */
export const GROUP_NAME = 'Engineering';
export const SIGNING_SECRET = 'bench-signing-secret';
export const BOT_TOKEN = 'xoxb-bench-token';
/** Acks later than this count against the 3 s Slack allows. */
export const ACK_LIMIT_MS = 3_000;
/** A request with no answer after this long is given up. */
export const REQUEST_TIMEOUT_MS = 15_000;

const CLICK_TS_BASE = 1_700_000_000;
/** The ts of the message a click comes from; the world reads the request id back from it. */
export const clickTs = (id: number) => `${CLICK_TS_BASE + id}.000100`;
export const idOfTs = (ts: string) => Number(ts.split('.')[0]) - CLICK_TS_BASE;
export const dmChannel = (slackId: string) => `D${slackId}`;

/** `tasks`: `/access tasks` alone (the CPU phase); `all`: the steps' mix. */
export type Mix = 'tasks' | 'all';

/**
 * `count` requests, from people taken in a stride so that nobody sends twice in a row: all
 * `tasks`, or (`all`) one in twenty a click on a task notification, a quarter `members`, the
 * rest `tasks`.
 */
export function planRequests(count: number, people: number, mix: Mix): Planned[] {
  return Array.from({ length: count }, (_, id) => {
    const slot = id % 20;
    const kind: Kind =
      mix === 'tasks' ? 'tasks' : slot === 7 ? 'click' : slot % 4 === 1 ? 'members' : 'tasks';
    return { id, kind, person: (id * 7) % people };
  });
}
