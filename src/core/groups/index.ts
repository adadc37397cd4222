/** What other features may use of groups: who may manage them, and the deps their rules need. */
export type { GroupDeps } from './deps.ts';
export type { GroupRules, Verdict } from './rules.ts';
