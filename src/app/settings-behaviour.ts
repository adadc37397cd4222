/**
 * The settings of what accessbot does, beside those of what it connects to (settings.ts):
 * notifications and the poller, people and groups, the demo.
 */
import { z } from 'zod';
import { isTimeZone } from '../core/i18n/voice.ts';
import { DEFAULT_REVIEW_DUE_DAYS } from '../core/reviews/index.ts';
import { parseHeadChannel } from '../poller/audit-head.ts';
import { parseNotifyRules } from '../poller/rules.ts';
import { parseQuietHours, parseWorkingDays } from '../poller/working-hours.ts';
import { parseEmailMap } from '../sandbox/email-map.ts';
import { duration, intIn, onOff, optional, parsedBy, withDefault } from './env-values.ts';
import { parseAppOwners, parseGroupManagers } from './group-managers.ts';

const groupName = z.string().trim().min(1).max(200);
/** Names or ids separated by commas. */
const nameList = z.string().transform((value) => value.split(',').flatMap((n) => n.trim() || []));

export const atLeastASecond = (name: string, example: string) =>
  duration(name).refine((ms) => ms >= 1_000, {
    error: `${name} must be at least 1s, e.g. ${example}`,
  });

export const notifications = {
  POLL_INTERVAL_SECONDS: withDefault(
    intIn('POLL_INTERVAL_SECONDS', 1, 86_400),
    '60',
    'seconds between two sweeps of one user’s tasks',
  ),
  POLL_QUIET_INTERVAL: withDefault(
    atLeastASecond('POLL_QUIET_INTERVAL', '15m'),
    '15m',
    'how often people with nothing happening to them (no task, no open request in 30 days) are polled; without webhooks, how late their first-ever task can be (`15m`, `1h`; never shorter than `POLL_INTERVAL_SECONDS`) ([notifications](notifications.md#how-often-people-are-polled))',
  ),
  // A bound by default: a storm of webhooks or a huge directory never floods the service.
  POLL_MAX_RPS: withDefault(
    z.coerce
      .number({ error: 'POLL_MAX_RPS must be a number' })
      .min(0, 'POLL_MAX_RPS must be 0 (no bound) or more'),
    '200',
    'upper bound on the poller’s requests per second to the Access Service, at all times, of the whole deployment: the replicas alive share it equally (`0` = none); it paces 5% under it',
  ),
  POLL_CONCURRENCY: withDefault(
    intIn('POLL_CONCURRENCY', 1, 500),
    '20',
    'Access Service requests the poller has in flight at once (1–500)',
  ),
  REMIND_AFTER: withDefault(
    duration('REMIND_AFTER'),
    '24h',
    'how long a task may wait before its approvers are reminded (access reviews are reminded by their due date instead), and how often a requester may nudge them about one request (`24h`, `90m`; `0` = never, and no nudges)',
  ),
  REVIEW_DUE_DAYS: withDefault(
    intIn('REVIEW_DUE_DAYS', 1, 365),
    String(DEFAULT_REVIEW_DUE_DAYS),
    'days an access review has to be done in, counted from when it was opened, where the Access Service gives it no due date; its reviewer is reminded a week, two days and on the day before, and its application’s owners or escalation channel told once it is overdue ([notifications](notifications.md#access-reviews)); the report counts a review decided later as late ([report](report.md#access-review-campaigns))',
  ),
  ESCALATE_AFTER: withDefault(
    duration('ESCALATE_AFTER'),
    '0',
    'how long a task may wait after its approver’s first message before it is posted to its escalation channel (`3d`, `48h`; `0` = never; access reviews escalate once overdue instead) ([notifications](notifications.md#escalation-and-quiet-hours))',
  ),
  QUIET_HOURS: optional(
    parsedBy('QUIET_HOURS', parseQuietHours),
    'local times of day when reminders, escalations and requesters’ nudges wait, in each approver’s time zone, e.g. `20:00-08:00`',
    { unset: 'none' },
  ),
  WORKING_DAYS: optional(
    parsedBy('WORKING_DAYS', parseWorkingDays),
    'the days reminders, escalations and requesters’ nudges may go out, e.g. `Mon-Fri`, `Sun-Thu`, `Mon,Wed,Fri`',
    { unset: 'every day' },
  ),
  DEFAULT_TIME_ZONE: withDefault(
    z.string().refine(isTimeZone, {
      error: 'DEFAULT_TIME_ZONE must be an IANA time zone such as Europe/Berlin or UTC',
    }),
    'UTC',
    'the IANA time zone of approvers whose platform tells none (Teams, the terminal)',
  ),
  NOTIFY_RULES: optional(
    parsedBy('NOTIFY_RULES', parseNotifyRules),
    'channel rules and notification-only task types: inline JSON, or the path of a JSON file ([notifications](notifications.md))',
    { unset: 'no rules' },
  ),
  DECISION_CONTEXT_WAIT: withDefault(
    duration('DECISION_CONTEXT_WAIT'),
    '2s',
    'how long an approver’s new card waits for what it shows beside the task (what the person already has, their groups’ defaults, recent decisions); what comes later is added by an edit (`0` = send at once) ([notifications](notifications.md#what-an-approver-sees))',
  ),
  DIRECTORY_SYNC_INTERVAL: withDefault(
    duration('DIRECTORY_SYNC_INTERVAL'),
    '1h',
    'how often the chat directory (Slack `users.list`) is joined by e-mail with the Access users (`0` = never)',
  ),
};

export const people = {
  RATE_LIMIT_PER_MINUTE: withDefault(
    intIn('RATE_LIMIT_PER_MINUTE', 0, 10_000),
    '30',
    'commands, clicks, forms and App Home openings one person may send per minute on average, across every replica and worker sharing the store (`0` = no limit)',
  ),
  RATE_LIMIT_BURST: withDefault(
    intIn('RATE_LIMIT_BURST', 1, 1_000),
    '10',
    'how many of those one person may send in a row: they are counted in windows of `RATE_LIMIT_BURST` ÷ `RATE_LIMIT_PER_MINUTE` minutes, this many in each',
  ),
  SENSITIVE_FIELD: withDefault(
    z.string().trim().min(1).max(200),
    'Sensitive',
    'name of the WorkApp custom field that marks an application sensitive: approving access to it takes a confirmation naming the application, level and person; any value but an empty one, `no`, `false`, `0`, `off` or `none` means sensitive ([security](security.md#sensitive-applications))',
  ),
  SENSITIVE_APPS: optional(
    nameList,
    'names or ids of applications that are sensitive whatever their custom fields say, separated by commas',
    { unset: 'only those the field marks' },
  ),
  SENSITIVE_CHECK_TIMEOUT: withDefault(
    duration('SENSITIVE_CHECK_TIMEOUT').refine((ms) => ms >= 1 && ms <= 4_000, {
      error:
        'SENSITIVE_CHECK_TIMEOUT must be between 1ms and 4s (Teams gives a click five seconds)',
    }),
    '3s',
    'how long reading whether an application is sensitive may take, retries included (at most `4s`: Teams gives a click five seconds); past it, approving asks for the confirmation, as when the field cannot be read ([security](security.md#sensitive-applications))',
  ),
  STEP_UP: optional(
    z.enum(['passkey'], { error: 'STEP_UP must be passkey, or unset' }),
    'with `passkey`, a sensitive approval or a change that needs a confirmation is confirmed with the person’s own passkey on accessbot’s page (`PUBLIC_URL`), never with a typed code; a first passkey is created there ([security](security.md#passkey-step-up))',
    { unset: 'a typed or clicked code confirms' },
  ),
  ALLOW_SELF_APPROVAL: withDefault(
    onOff('ALLOW_SELF_APPROVAL'),
    '0',
    'with `1`, an approver may approve a request of their own (or a review of their own access)',
  ),
  GROUP_ADMINS_GROUP: optional(
    groupName,
    'name or id of the Access Service group whose members may change every group from chat ([groups and audit](groups-and-audit.md))',
    {
      unset:
        'nobody; in the demo (unless `GROUP_MANAGERS` is set), the sample organisation’s Security group, so the demo person may change groups',
    },
  ),
  REQUEST_ON_BEHALF_GROUP: optional(
    groupName,
    'name or id of the Access Service group whose members may request access for someone else (`request <app> for <person>`, the request form’s “for” field) ([notifications](notifications.md#requests-for-someone-else))',
    {
      unset:
        'nobody; in the demo, the sample organisation’s Security group, so the demo person may',
    },
  ),
  GROUP_MANAGERS: optional(
    parsedBy('GROUP_MANAGERS', parseGroupManagers),
    'who manages which group: `Engineering=ada@x.com,alan@x.com;Design=tim@x.com`, inline JSON, or the path of a JSON file',
    { unset: 'nobody' },
  ),
  PRIVILEGED_GROUPS: optional(
    nameList,
    'names or ids of further groups, separated by commas, that like the admins and auditors groups take a second admin to add anyone to',
    { unset: 'only the admins and auditors groups' },
  ),
  AUDITORS_GROUP: optional(
    groupName,
    'name or id of the Access Service group whose members may read everyone’s `history` and the `report`',
    {
      unset:
        'nobody; in the demo, the sample organisation’s Security group, so the demo person may read both',
    },
  ),
  APP_OWNERS_FIELD: withDefault(
    z.string().trim().min(1).max(200),
    'Owners',
    'name of the WorkApp custom field that names an application’s owners by e-mail address (separated by commas or spaces): they may change its custom fields and policies from chat ([applications](applications.md))',
  ),
  APP_OWNERS: optional(
    parsedBy('APP_OWNERS', parseAppOwners),
    'who owns which application, beside those its field names (these are also told of its overdue access reviews): `GitHub=ada@x.com,alan@x.com;Figma=tim@x.com`, inline JSON, or the path of a JSON file',
    { unset: 'only those the field names' },
  ),
  APP_SECRET_FIELDS: optional(
    nameList,
    'names of further custom fields, separated by commas, whose values are never shown or changed in chat',
    {
      unset:
        'only those whose name or value says they are secret ([applications](applications.md#secret-fields))',
    },
  ),
  AUDIT_RETENTION_DAYS: withDefault(
    intIn('AUDIT_RETENTION_DAYS', 0, 36_500),
    '365',
    'days the audit log keeps an entry (decisions and group changes); `0` = for ever',
  ),
  AUDIT_HEAD_CHANNEL: optional(
    parsedBy('AUDIT_HEAD_CHANNEL', parseHeadChannel),
    'the auditors’ channel the audit chain’s head is posted to once a day, `slack:<channel id>` or `teams:<conversation id>`, to compare with `npm run audit -- --verify --head <hash>` ([security](security.md#the-audit-trail-is-tamper-evident))',
    { unset: 'the log only: one info line a day' },
  ),
  REPORT_MAX_ROWS: withDefault(
    intIn('REPORT_MAX_ROWS', 1, 100_000_000),
    '200000',
    'audit entries a `report` in chat may read: a longer period is refused at once, from a count, with a word to ask for fewer days (`npm run report` has no cap) ([report](report.md#bounded))',
  ),
};

export const demo = {
  SHELL_USER_EMAIL: optional(
    z.email({ error: 'SHELL_USER_EMAIL must be an e-mail address' }),
    'who you are in the terminal chat when it runs against a real Access Service',
    { unset: 'the sandbox’s demo approver' },
  ),
  DEMO_REQUEST_AFTER: withDefault(
    duration('DEMO_REQUEST_AFTER'),
    '10s',
    'in the demo only: when a colleague’s access request arrives (`0` = never)',
  ),
  SANDBOX_EMAIL_MAP: optional(
    parsedBy('SANDBOX_EMAIL_MAP', parseEmailMap),
    'real e-mail addresses for the sandbox’s people, to try a real workspace against it, e.g. `you@corp.com=ada,colleague@corp.com=grace` ([deployment](deployment.md#trying-a-real-slack-workspace-against-the-sandbox))',
  ),
};
