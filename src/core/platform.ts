/** The chat platform port: a narrow context in (the bot is its only door), a notifier out. */
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import type { Routes } from '../server/route.ts';
import type { ReplayStore } from '../store/store.ts';
import type { AccessBot } from './bot.ts';
import type { Clock } from './clock.ts';
import type { StepCompleter } from './completer.ts';
import type { DirectorySource } from './directory-source.ts';
import type { Notifier } from './notifier.ts';

/** Shared by every replica: a replay is refused. */
export type ReplayGuard = ReplayStore;

export interface PlatformContext<Settings> {
  bot: AccessBot;
  routes: Routes;
  replays: ReplayGuard;
  log: Logger;
  metrics: Metrics;
  settings: Settings;
  /** Unset: the system clock. */
  clock?: Clock;
}

export interface PlatformAdapter {
  notifier: Notifier;
  /** Links people who never used the bot. */
  directory?: DirectorySource;
  /** Completes workflow steps that ran on (Slack's custom steps); absent where there are none. */
  completer?: StepCompleter;
  /** True while the platform turns new work away; `/healthz` says so (readiness does not). */
  busy?: () => boolean;
  /** In-flight work finishes. */
  stop(): Promise<void>;
}
