import type { LoopPressureOptions } from './loop-pressure.ts';
import type { WorkLimits } from './work-queue.ts';

/** What the Slack adapter is started with (from SLACK_* variables). */
export interface SlackSettings {
  botToken: string;
  /** HTTP mode: checks every request's signature. */
  signingSecret?: string;
  /** Socket Mode instead of HTTP when set. */
  appToken?: string;
  /** The Web API's base URL; tests point it at a local fake. */
  apiUrl: string;
  /** The slash command's name, e.g. `/access`. */
  command: string;
  /** Bounds on the work after acks; each unset one takes its default (work-queue.ts). */
  work?: Partial<WorkLimits>;
  /** How the share of work taken follows the event loop's load; defaults in loop-pressure.ts. */
  loop?: LoopPressureOptions;
}
