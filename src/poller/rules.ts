/**
 * The organisation's notification rules (`NOTIFY_RULES`): tasks of given WorkApps or task types
 * are also posted to a channel; tasks still waiting after `ESCALATE_AFTER` are escalated to a
 * channel, matched the same way, or else to the default escalation channel; and tasks of given
 * types are announced without buttons, for decisions that must be taken in the Access Service
 * itself. A channel's cards leave out every free text (justification, decline reason) unless
 * every rule naming the channel opts in with `"details": "full"`.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { type Task, taskFacts } from '../access/schemas.ts';
import { Platform } from '../store/store.ts';

const names = z.array(z.string().trim().min(1)).min(1);

const Channel = z.strictObject({
  platform: Platform,
  channelId: z.string().min(1),
  details: z.literal('full').optional(),
});
export type Channel = z.infer<typeof Channel>;

export const ChannelRule = Channel.extend({
  /** WorkApp names (any case) or ids; absent: every WorkApp. */
  workApps: names.optional(),
  /** Task types, e.g. AccessRequest; absent: every type. */
  taskTypes: names.optional(),
});
export type ChannelRule = z.infer<typeof ChannelRule>;

export const NotifyRules = z.strictObject({
  channels: z.array(ChannelRule).default([]),
  /** Where tasks waiting past ESCALATE_AFTER are escalated. */
  escalations: z.array(ChannelRule).default([]),
  /** Where a task no escalation rule matches is escalated. */
  defaultEscalation: Channel.optional(),
  /** Task types announced without buttons. */
  notifyOnly: z.array(z.string().trim().min(1)).default([]),
});
export type NotifyRules = z.infer<typeof NotifyRules>;

export const noRules: NotifyRules = { channels: [], escalations: [], notifyOnly: [] };

/**
 * Reads `NOTIFY_RULES`: inline JSON when it starts with `{`, otherwise the path of a JSON file.
 * Throws an Error whose message says what is wrong, in one line, for the configuration error.
 */
export function parseNotifyRules(value: string): NotifyRules {
  let text = value;
  if (!value.trimStart().startsWith('{')) {
    try {
      text = readFileSync(value, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new Error(`cannot read the rules file ${value} (${code})`);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('is not valid JSON');
  }
  const parsed = NotifyRules.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new Error(`does not match the rules format${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

const lower = (s: string) => s.toLowerCase();

/** The rules among `rules` that match `task`. */
function matching(task: Task, rules: readonly ChannelRule[]): ChannelRule[] {
  const facts = taskFacts(task);
  const app = [facts.workAppId, facts.workAppName].filter((s) => s !== undefined).map(lower);
  return rules.filter(
    (rule) =>
      (!rule.workApps || rule.workApps.some((name) => app.includes(lower(name)))) &&
      (!rule.taskTypes || rule.taskTypes.includes(task.type)),
  );
}

/** The channels a task is also posted to. */
export function channelsFor(task: Task, rules: NotifyRules): ChannelRule[] {
  return matching(task, rules.channels);
}

/** The channels a task waiting too long is escalated to: the matching rules', or the default. */
export function escalationChannelsFor(task: Task, rules: NotifyRules): Channel[] {
  const matched = matching(task, rules.escalations);
  if (matched.length) return matched;
  return rules.defaultEscalation ? [rules.defaultEscalation] : [];
}

/** Whether any task can be escalated at all. */
export const escalates = (rules: NotifyRules) =>
  rules.escalations.length > 0 || rules.defaultEscalation !== undefined;

/** Whether a message to `recipient` (a target's or notification's key) leaves out free text. */
export function isBrief(rules: NotifyRules, platform: Platform, recipient: string): boolean {
  const channelId = /^(?:[a-z]+:)?channel:(.*)$/.exec(recipient)?.[1];
  if (channelId === undefined) return false;
  const all = [...rules.channels, ...rules.escalations, rules.defaultEscalation];
  const naming = all.filter((c) => c?.platform === platform && c.channelId === channelId);
  return !naming.length || naming.some((c) => c?.details !== 'full');
}

export function isNotifyOnly(task: Task, rules: NotifyRules): boolean {
  return rules.notifyOnly.includes(task.type);
}
