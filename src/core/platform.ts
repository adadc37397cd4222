/**
 * The chat platform port. The composition root starts each configured platform with a narrow
 * context — the bot (its only door into accessbot), a place to mount its HTTP routes, the
 * logger, the metrics and its own settings — and gets back the notifier the poller sends with,
 * optionally the platform's member directory, and a stop function.
 */
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import type { Routes } from '../server/route.ts';
import type { ReplayStore } from '../store/store.ts';
import type { AccessBot } from './bot.ts';
import type { Clock } from './clock.ts';
import type { DirectorySource } from './directory-source.ts';
import type { Notifier } from './notifier.ts';

/** Signed requests seen before, shared by every replica: a replay is refused. */
export type ReplayGuard = ReplayStore;

export interface PlatformContext<Settings> {
  bot: AccessBot;
  routes: Routes;
  replays: ReplayGuard;
  log: Logger;
  metrics: Metrics;
  settings: Settings;
  /** When requests are checked and refusals told; unset: the system clock (tests move their own). */
  clock?: Clock;
}

export interface PlatformAdapter {
  notifier: Notifier;
  /** The platform's member list, joined by e-mail to link people who never used the bot. */
  directory?: DirectorySource;
  /** True while the platform turns new work away; `/healthz` says so (readiness does not). */
  busy?: () => boolean;
  /** Stops taking platform requests; in-flight work finishes. */
  stop(): Promise<void>;
}
