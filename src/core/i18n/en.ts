/**
 * English: the source catalog. Each text is ICU MessageFormat: `{name}` a value, `{n, plural, …}`
 * a count, `{x, select, …}` a choice. Command words (`tasks`, `approve 1`) stay English in every
 * language: they are what people type. Backticks mark what to type (a code span on every
 * platform); a literal `'` before `{` would quote it, so messages never need one there.
 */
export const en = {
  // The command line: what `help` lists, and what is wrong with a line.
  'usage.help': 'help — what I can do',
  'usage.tasks': 'tasks — your pending tasks, numbered',
  'usage.approve': 'approve <number or id> [more…] — approve your tasks (e.g. `approve 1 3`)',
  'usage.decline': 'decline <number or id> [more…] -- <reason> — decline them, saying why',
  'usage.members':
    'members [group name or id] — who is in a group (answered for the whole channel; no group: the one the channel is bound to)',
  'usage.groups': 'groups — the user groups',
  'usage.apps': 'apps [search] — the applications you can request',
  'usage.app':
    'app <app> — an application’s card: its levels, fields and who has access; its owners change it (`app set <app> <field> <value>`, `app clear <app> <field>`, `app policy <app> [level <level>] <request type> <policy>`)',
  'usage.request':
    'request <app> [permission level] [for <person>] -- <justification> — ask for access (for someone else, if an admin allows you)',
  'usage.group':
    'group add|remove <group> <person> — change who is in a group, if you manage it (you confirm first, `confirm <code>` or `cancel <code>`); group bind <group> — make `members` in this channel answer for it; group unbind — undo that',
  'usage.history': 'history — your recent actions (auditors: history <person> or history all)',
  'usage.receipt':
    "receipt <receipt> — what was recorded of a decision: the code its reply showed (auditors: anyone's)",
  'usage.report':
    'report [days] — for auditors: decision times, open tasks, reminders and escalations of the last {days} days (or that many)',
  'parse.tooLong':
    'That {what, select, message {message} reason {reason} groupName {group name} search {search} appName {application name} justification {justification} question {question} answer {answer} note {note} person {name} other {text}} is too long ({length} characters; the limit is {max}).',
  'parse.noSuchNumber': 'There is no task number {word}; numbers come from your `tasks` list.',
  'parse.notATask':
    '"{word}" is not a task. Use the number from `tasks`, or the first {min} or more characters of the task id (like 3f2b8c).',
  'parse.whichTask': 'Which task? Usage: {usage}',
  'parse.tooManyTasks': 'At most {max} tasks at a time, please.',
  'parse.reasonAfterDashes': '{said} A reason goes after `--`, e.g. `decline {first} -- {reason}`.',
  'parse.unknownCommand': 'I don\'t know the command "{word}". Type `help` to see what I can do.',
  'parse.unknownCommandGuess':
    'I don\'t know the command "{word}". Did you mean `{guess}`? Type `help` to see what I can do.',
  'parse.noArguments': '`{name}` takes no arguments. Usage: {usage}',
  'parse.approveNoReason': '`approve` takes no reason. Usage: {usage}',
  'parse.reportDays': '`report` takes a number of days from 1 to {max}. Usage: {usage}',
  'parse.receipt':
    'A receipt is 10 letters and digits, as a decision’s reply shows it, e.g. `receipt 7K3QD-9X2MA`. Usage: {usage}',
  'parse.confirmation':
    'Type a confirmation with the code it shows: `confirm <code>` (or `approve <task> confirm <code>`, for one task).',
  'parse.whichApp': 'Which application? Usage: {usage}',
  'parse.whoFor': 'For whom? Name them after `for`. Usage: {usage}',
  'parse.unbindNoArguments':
    '`group unbind` takes no arguments: it unbinds the channel you type it in.',
  'parse.bindWhichGroup': 'Which group? Usage: `group bind <group>`, typed in the channel.',
  'parse.groupNameTooLong': 'That group name is too long (the limit is {max} characters).',
  'parse.groupUsage': 'Usage: {usage}',
  'parse.changeUsage':
    'Usage: `group {action} <group> <person>`, the person as a mention, an e-mail address or a name, e.g. `group {action} Engineering grace@example.com` or `group {action} "All Staff" "Grace Hopper"`.',
  'parse.whichGroupAndWho': 'Which group, and who? {usage}',
  'parse.groupAndPersonTooLong': 'That is too long to be a group and a person.',
  'parse.onePerson': 'One person at a time, please. {usage}',
  'parse.whichChange':
    'Which change? Type `{name} <code>` with the code shown on the confirmation, e.g. `{name} k3m9q2xa`.',
  'parse.whichConfirmation':
    'Confirm what? Type `confirm <code>` with the code the confirmation shows.',
  'parse.nameTooLong': 'That name is too long (the limit is {max} characters).',
  // A task's card.
  'card.anApplication': 'an application',
  'card.aUser': 'a user',
  'card.title.accessRequest': 'Access request: {app}{withLevel, select, yes { ({level})} other {}}',
  'card.title.review':
    'Access review: {user} on {app}{withLevel, select, yes { ({level})} other {}}',
  'card.title.offboardingStep': 'Offboarding: {step}',
  'card.title.offboarding': 'Offboarding: {user}',
  'card.title.offboardingOn': 'Offboarding: {user} on {app}',
  'card.title.otherOn': '{type}: {app}{withLevel, select, yes { ({level})} other {}}',
  'card.field.requestedBy': 'Requested by',
  'card.field.for': 'For',
  'card.field.application': 'Application',
  'card.field.level': 'Permission level',
  'card.field.justification': 'Justification',
  'card.field.since': 'Since',
  'card.field.task': 'Task',
  'card.outcome':
    '{state, select, approved {Approved} declined {Declined} other {{status}}}{withBy, select, yes { by {by}} other {}}{withWhen, select, yes { on {when}} other {}}{withReason, select, yes { — "{reason}"} other {}}',
  'card.sensitive':
    '{sensitivity, select, yes {Sensitive application: approving asks you to confirm the application, level and person.} other {Could not check whether this application is sensitive, so approving asks you to confirm the application, level and person.}}',
  'card.gone.title': 'Task no longer exists',
  'card.gone.outcome': 'This task was removed from the Access Service.',
  'button.approve': 'Approve',
  'button.approveConfirming': 'Approve…',
  'button.confirmApproval': 'Confirm approval',
  'button.decline': 'Decline',
  'button.approveSpoken':
    'Approve {what}{withLevel, select, yes { {level}} other {}}{withPerson, select, yes { for {person}} other {}}',
  'button.declineSpoken':
    'Decline {what}{withLevel, select, yes { {level}} other {}}{withPerson, select, yes { for {person}} other {}}',
  'button.approveAll': 'Approve all {count}',
  'button.approveAllSpoken':
    '{count, plural, one {Approve the one task} other {Approve all # tasks}}: {tasks}',
  // The `tasks` list and `help`.
  'tasks.none': 'You have no pending tasks.',
  'tasks.notShown':
    '…and {count, plural, one {# more task} other {# more tasks}} not shown. Decide some, then type `tasks` again.',
  'tasks.howTo':
    '{several, select, yes {Approve with `approve 1` (or `approve 1 2`), decline with `decline 1 -- <reason>`.} other {Approve with `approve 1`, decline with `decline 1 -- <reason>`.}}',
  'tasks.title': 'You have {count, plural, one {# pending task} other {# pending tasks}}',
  'help.summary': 'Commands: {commands}',
  'help.title': 'What I can do',
  'help.naming':
    'A task is named by its number in your last `tasks` list, or by the first 6 or more characters of its id.',
  'help.englishWords': 'Commands are typed in English, as shown.',
  'taskMessage.decided': '{title}: {outcome}',
  'taskMessage.waiting': '{lead}: {title}',
  'taskMessage.waitingLead': 'Waiting for your decision',
  // Naming tasks, and deciding several.
  'refs.noNumberListed':
    'There is no task number {n}. Your last `tasks` list had {count, plural, one {# task} other {# tasks}}. Type `tasks` to see them.',
  'refs.noNumberNoList':
    'There is no task number {n}. Numbers refer to your last `tasks` list, and I have none for you yet. Type `tasks` to see them.',
  'refs.severalStart':
    'Several of your tasks start with {prefix}; type more of the id, or use the number from `tasks`.',
  'refs.noneStart':
    'None of your pending tasks has an id starting with {prefix}. Type `tasks` to see them.',
  'refs.askReason':
    'Nothing declined yet: please say why. Type `decline {named} -- <reason>`, or `decline {named} --` to decline without a reason.',
  'refs.askReasonTitle': 'Why decline?',
  'refs.askReasonNext':
    'Nothing declined yet. Type the reason as your next message — or `--` to decline without one, or `cancel` to decline nothing.',
  'refs.reasonStillAsked':
    'Nothing declined yet: the reason is still asked for. Type it as your next message (start it with `--` to give what you just typed), or `cancel` to decline nothing.',
  'refs.reasonLeft': 'Nothing declined. Type `tasks` to see what waits for your decision.',
  'decided.task': 'Task {id}',
  'decided.item':
    '{title}: {outcome, select, approved {approved} declined {declined} already_decided {already decided} not_assignee {not in your task list} self_approval {your own request} not_found {no longer exists} unconfirmed {skipped — a sensitive application: approve it on its own and confirm} other {failed}}{withMore, select, yes { — {more}} other {}}',
  'decided.title':
    '{decision, select, approve {Approved} other {Declined}} {count} of {total, plural, one {# task} other {# tasks}}',
  'decided.summary': '{title}. {items}',
  // Deciding a task.
  'decide.notYours':
    'That task is not in your task list, so I can neither show nor decide it. Only its approvers can. Type `tasks` to see yours.',
  'decide.alreadyDecided': 'This task was already decided',
  'decide.noLongerYours':
    '"{title}" is no longer assigned to you, so you can\'t decide it any more.',
  'decide.done':
    'You {decision, select, approve {approved} other {declined}} "{title}".{withReason, select, yes { Reason: "{reason}".} other {}}',
  'decide.unconfirmed':
    'The Access Service did not confirm your decision on "{title}" and is not answering now, so I can\'t tell whether it went through. Type `tasks` in a minute to see.',
  'decide.notTaken':
    'The Access Service did not take your decision on "{title}"; it is still pending. Please try again.',
  'decide.someoneElse': 'Someone decided this task before you',
  'decide.slowButDecided': 'The Access Service was slow to answer, but the task is now decided',
  'decide.leadOutcome': '{lead}: {outcome}.',
  'decide.lead': '{lead}.',
  'decide.selfApproval':
    '"{title}" is your own request, so you can\'t approve it: another approver has to. You can still decline it.',
  'decide.thisApplication': 'this application',
  'decide.theRequester': 'the requester',
  'decide.confirmText':
    '{sensitivity, select, yes {{app} is a sensitive application.} other {I could not check whether {app} is a sensitive application, so I ask.}} Approving gives {person} {withLevel, select, yes {{level} access} other {access}} to {app}: confirm below.',
  'decide.confirmQuestion':
    '{sensitivity, select, yes {{app} is a sensitive application.} other {I could not check whether {app} is a sensitive application, so I ask.}} Give {person} {withLevel, select, yes {{level} access} other {access}} to {app}?',
  'decide.confirmTitle': 'Confirm this approval',
  'decide.wrongCode':
    'That code does not confirm this approval (mistyped, made for someone else, or the request changed since): nothing was approved. {asks}',
  'decide.expiredCode':
    'That confirmation has expired (a code is good for {minutes} minutes): nothing was approved. Here is a fresh one. {asks}',
  'confirm.approvalCancelled':
    'Cancelled: nothing was approved. The task is still waiting for your decision.',
  'confirm.nothingWaits':
    'Nothing is waiting for your confirmation under the code {code}: it may be mistyped, expired or already settled. Nothing was done. Check the code, or type the command again for a new confirmation.',
  'decide.gone': 'That task no longer exists.',
  // Failures.
  'error.noEmail':
    "I can't see an e-mail address on your chat profile, so I can't tell who you are in the Access Service. Ask your admin to check that accessbot may read e-mail addresses.",
  'error.noMatch':
    "Your chat e-mail address ({email}) does not belong to any user of the Access Service, so I can't act for you. Ask your access admin to add it, then try again in a minute.",
  'error.profile':
    "I couldn't read your chat profile just now (the chat service did not answer), so I can't tell who you are. Nothing was changed; please try again in a minute.",
  'error.credentials':
    "The Access Service refused accessbot's credentials, so I can't do anything right now. Please tell the admin who runs accessbot.",
  'error.wrongAddress':
    "accessbot is set up with a wrong address for the Access Service, so I can't do anything right now. Please tell the admin who runs accessbot.",
  'error.unavailable':
    'The Access Service is not answering right now. Nothing was changed; please try again in a minute.',
  'error.tooMuch':
    'The Access Service sent more than accessbot is set to read, so I stopped reading it. Nothing was changed; the admin has been told in the logs.',
  'error.garbled':
    'The Access Service sent an answer I could not understand. Nothing was changed; the admin has been told in the logs.',
  'error.notFound': 'The Access Service no longer knows that item.',
  'error.rejected': 'The Access Service rejected that request. Nothing was changed.',
  'error.ours': 'Something went wrong on my side. Nothing was changed; the admin has been told.',
  // What an approver sees beside a task.
  'error.store': "I can't serve right now. Please try again in a minute.",
  'context.has': 'Already has',
  'context.defaults': 'By default in',
  'context.waiting': 'Waiting',
  'context.recent': 'Recent requests',
  'context.nothing': 'nothing yet',
  'context.aLevel': 'a level',
  'context.access': 'access',
  'context.decided': '{approved} approved, {declined} declined in {days} days',
  'context.noneDecided': 'none decided in {days} days',
  // How long an application's requests usually wait (audit/usual-wait.ts).
  'usual.line':
    'Requests for {app} are usually decided within {median} here (9 in 10 within {p90}).',
  'usual.waited':
    'Waiting {waited}; requests for {app} are usually decided within {median} here (9 in 10 within {p90}).',
  'usual.after': '{said} {usual}',
  'time.underAMinute': 'less than a minute',
  'time.justNow': 'less than a minute ago',
  'time.inUnderAMinute': 'in less than a minute',
  'bot.slowDown':
    "You're going faster than I can keep up with. Nothing was done: wait a few seconds, then try again.",
  'bot.slowDownTitle': 'Slow down',
  // Requesting access.
  'request.quoted': '"{name}"',
  'request.severalApps': '"{typed}" matches several applications: {apps}. Which one?',
  'request.noApp': 'I found no application called "{typed}". Type `apps` to see them all.',
  'request.noAppGuess': 'I found no application called "{typed}". Did you mean {apps}?',
  'request.severalLevels':
    '{app} has several permission levels: {levels}. Say which, e.g. `request {app} {first}{who} -- why you need it`.',
  'request.levelMatchesSeveral': '"{typed}" matches several levels of {app}.',
  'request.noSuchLevel': '{app} has no permission level "{typed}".',
  'request.chooseLevel': '{what} Choose one of {levels}.',
  'request.what': 'What would you like access to? Usage: {usage}',
  'request.chooseApp': 'Choose an application.',
  'request.appUnavailable': 'That application is not available; choose another.',
  'request.formNoSuchLevel': '{app} has no such permission level; choose one of its levels.',
  'request.formSeveralLevels': '{app} has several permission levels; choose one.',
  'request.appLevel': '{app} ({level})',
  'request.alreadyPending': 'You already have a pending request for {what}.',
  'request.alreadyPendingFor': '{person} already has a pending request for {what}.',
  'request.forPerson': '{what} for {person}',
  'request.refused': 'The Access Service did not accept a request for {what}.',
  'request.refusedSaying': 'The Access Service did not accept a request for {what}: {detail}',
  'request.done':
    'Requested access to {what}. Its approvers have been asked.{withJustification, select, yes { Justification: "{justification}".} other {}}',
  // Groups, members and applications.
  'members.title': '{name} — {count, plural, one {# member} other {# members}}',
  'members.none': '{name} has no members.',
  'members.summary': '{title}: {names}',
  'list.described': '{name} — {description}',
  'groups.noId': 'There is no group with id {id}.',
  'groups.several': '"{typed}" matches several groups: {groups}. Which one?',
  'groups.none': 'I found no group called "{typed}". Type `groups` to see them all.',
  'groups.noneGuess': 'I found no group called "{typed}". Did you mean {groups}?',
  'groups.empty': 'There are no user groups.',
  'groups.summary': 'Groups: {names}',
  'groups.title': '{count, plural, one {# group} other {# groups}}',
  'groups.hint': 'See who is in one with `members <group>`.',
  'apps.noMatch': 'No application matches "{search}".',
  'apps.empty': 'There are no applications.',
  'apps.title': '{count, plural, one {# application} other {# applications}}',
  'apps.titleMatching':
    '{count, plural, one {# application} other {# applications}} matching "{search}"',
  'apps.summary': '{title}: {names}',
  'apps.hint': 'Ask for access with `request <app> [level] -- <why>`.',
  // Finding a person someone named.
  'person.mentioned': 'the person you mentioned',
  'person.withEmail': '{name} ({email})',
  'person.noMentions': 'Mentions do not work here: name the person by e-mail address.',
  'person.mentionUnavailable':
    "I couldn't look up the person you mentioned just now (the chat service did not answer). Nothing was changed; try again in a minute, or name them by e-mail address.",
  'person.mentionUnknown':
    "I can't tell who the person you mentioned is in the Access Service (their chat profile shows no e-mail address that belongs to an Access user). Name them by e-mail address instead.",
  'person.noAddress': 'Nobody in the Access Service has the address {email}.',
  'person.noAddressGuess':
    'Nobody in the Access Service has the address {email}. Did you mean {guesses}?',
  'person.several':
    '{named} matches several people: {people}. Which one? Name them by e-mail address.',
  'person.nobody': 'I found nobody called {named}. Name them by e-mail address.',
  'person.nobodyGuess': 'I found nobody called {named}. Did you mean {guesses}?',
  // A change of a group's members.
  'change.field.person': 'Person',
  'change.field.group': 'Group',
  'change.field.change': 'Change',
  'change.field.askedBy': 'Asked by',
  'change.field.expires': 'Expires',
  'change.what': '{action, select, add {add to the group} other {remove from the group}}',
  'change.ask': '{action, select, add {Add {who} to {group}?} other {Remove {who} from {group}?}}',
  'change.confirm': '{action, select, add {Confirm: add} other {Confirm: remove}}',
  'change.confirmSpoken':
    '{action, select, add {Confirm: add {who} to {group}} other {Confirm: remove {who} from {group}}}',
  'change.cancel': 'Cancel',
  'change.cancelSpoken':
    '{action, select, add {Cancel adding {who} to {group}} other {Cancel removing {who} from {group}}}',
  'change.summary':
    '{title} {who, select, second {A second admin confirms it} other {Confirm or cancel}} ({id}) before {expires}.',
  'change.howTo':
    '{who, select, second {Nothing changes until another of accessbot’s admins, not the person added, types `confirm {id}`. You may cancel (`cancel {id}`).} other {Nothing changes until you confirm (`confirm {id}`) or cancel (`cancel {id}`).}}',
  'change.outcome':
    '{outcome, select, added {{who} is now a member of {group}.} removed {{who} is no longer a member of {group}.} already_member {{who} was already a member of {group}; nothing changed.} not_member {{who} was not a member of {group}; nothing changed.} group_not_found {The group {group} no longer exists in the Access Service; nothing changed.} person_not_found {The Access Service no longer knows {who}; nothing changed.} not_allowed {You may no longer change the members of {group}; nothing changed.} not_requester {Only the person who asked for this change can confirm or cancel it.} cancelled {Cancelled: I did not {action, select, add {add {who} to {group}} other {remove {who} from {group}}}.} expired {This confirmation expired, so I did not {action, select, add {add {who} to {group}} other {remove {who} from {group}}}. Type the command again if it is still wanted.} other {The Access Service did not {action, select, add {add {who} to {group}} other {remove {who} from {group}}}; nothing changed. Please try again later.}}',
  'change.outcomeTitle':
    '{outcome, select, added {{who} added to {group}} removed {{who} removed from {group}} cancelled {Group change cancelled} expired {Group change expired} other {Group change: {action, select, add {add {who} to {group}} other {remove {who} from {group}}}}}',
  'change.lead': '{lead} {said}',
  'change.notice':
    '{action, select, add {{by} added you to the group {group} (through accessbot).} other {{by} removed you from the group {group} (through accessbot).}}',
  'change.noticeTitle': 'Your group membership changed',
  'change.unknown':
    'I know of no pending change with that code (it may have expired long ago). Nothing was changed; type the `group` command again if it is still wanted.',
  'change.secondAdmin':
    'Adding someone to this group takes a second admin: another of accessbot’s admins, not the person added, confirms it.',
  'change.secondAdminRefused':
    'Adding someone to this group takes a second admin: another of accessbot’s admins, not the person added, confirms it. Nothing was changed.',
  'change.notRequester':
    'Only the person who asked for this change can confirm or cancel it. Nothing was changed.',
  'change.underWay':
    'This change is being carried out right now. Type `members <group>` in a moment to see the result.',
  'change.alreadySettled': 'This change was already settled; nothing was done twice.',
  'change.nothingToDo':
    '{action, select, add {{who} is already a member of {group}; nothing to do.} other {{who} is not a member of {group}; nothing to do.}}',
  'bind.inAChannel':
    'Binding is for channels: type `group bind <group>` in the channel that should answer `members` for the group.',
  'bind.done': '{who} bound this channel to {group}: `members` here now lists its members.',
  'bind.notBound': 'This channel is not bound to a group.',
  'bind.undone': 'This channel is no longer bound to {group}.',
  'members.whichGroup':
    'Which group? Type `members <group>`.{inChannel, select, yes { A group manager can make `members` alone answer here with `group bind <group>`.} other {}}',
  // Who may do what.
  'rules.nobodyManages':
    'Nobody may change group members from chat yet: an admin of accessbot turns it on with GROUP_ADMINS_GROUP or GROUP_MANAGERS.',
  'rules.mayNotManage':
    'You may not change the members of {group}: only {who, select, both {its managers and accessbot’s admins} admins {accessbot’s admins} other {its managers}} may. Nothing was changed.',
  'rules.noAuditors':
    '{what, select, report {Only auditors may read the report, and none are set up: an admin of accessbot names their group in AUDITORS_GROUP.} other {Only auditors may read the history of others, and none are set up: an admin of accessbot names their group in AUDITORS_GROUP. `history` alone shows your own.}}',
  'rules.notAuditor':
    '{what, select, report {Only auditors may read the report.} other {Only auditors may read the history of others. `history` alone shows your own.}}',
  'rules.notAllowed': 'Not allowed',
  'rules.nobodyOnBehalf':
    'Nobody may request access for someone else yet: an admin of accessbot turns it on with REQUEST_ON_BEHALF_GROUP. Nothing was requested.',
  'rules.notOnBehalf':
    'You may request access only for yourself: filing for someone else is for the people accessbot’s admins allow. Nothing was requested.',
  // The audit trail as people read it.
  'history.own': 'Your recent actions',
  'history.everyone': 'Recent actions of everyone',
  'history.of': 'Recent actions by {name}',
  'history.line': '{when}: {withActor, select, yes {{actor}: } other {}}{what}',
  'history.decision':
    '{outcome, select, approved {Approved} declined {Declined} started {{action, select, approve {Approval} other {Decline}} started, its outcome not recorded:} unconfirmed {Not approved yet, asked to confirm:} wrong_code {Not approved, wrong confirmation code:} other {{action, select, approve {Approve} other {Decline}}: {outcome, select, already_decided {already decided} not_assignee {not assignee} self_approval {self approval} not_found {not found} other {failed}}}} {task}{withReason, select, yes { — "{reason}"} other {}}',
  'history.batched':
    '{what} — one of a batch ({decision, select, keep {keep everyone left} other {revoke everyone left}}, batch {id})',
  'history.taskId': 'task {id}',
  'history.task':
    '"{title}"{withApp, select, yes { ({app}{withBy, select, yes {, requested by {by}} other {}})} other {{withBy, select, yes { (requested by {by})} other {}}}}, task {id}',
  'history.someone': 'someone',
  'history.change':
    '{mine, select, yes {{action, select, add {Added you to {group}} other {Removed you from {group}}} (by {actor})} other {{action, select, add {Add {who} to {group}} other {Remove {who} from {group}}}: {outcome, select, added {done} removed {done} already_member {already a member, nothing changed} not_member {not a member, nothing changed} group_not_found {the group no longer exists} person_not_found {the person no longer exists} not_allowed {refused: not allowed to manage the group} not_requester {refused: someone else’s change} cancelled {cancelled} expired {expired unconfirmed} other {failed}}}}',
  'history.unavailable': 'Your history cannot be shown right now; please try again later.',
  'auditHead.title': 'Audit chain head, {day}',
  'auditHead.posted': 'The audit log’s chain ends at entry {entry}, link {link}, hash {hash}.',
  'auditHead.check':
    'Keep this message: `npm run audit -- --verify --head {hash}` checks that the log was not rewritten since.',
  'receipt.note': 'Receipt {code} — `receipt {code}` shows what was recorded.',
  'receipt.title': 'Receipt {code}',
  'receipt.unknown':
    'No receipt {code} of yours is on record. Check the code as your decision’s reply showed it.',
  'receipt.what': 'What',
  'receipt.who': 'Who',
  'receipt.when': 'When',
  'receipt.how': 'How confirmed',
  'receipt.through':
    '{platform, select, slack {Slack} teams {Microsoft Teams} other {the terminal}}, from the account {account}',
  'receipt.hash': 'Entry hash',
  'receipt.noHash': 'kept before the audit log was chained',
  'history.emptySummary': '{title}: nothing yet.',
  'history.empty': 'Nothing yet: decisions and group changes show up here.',
  'history.heading': '{title} ({count, plural, one {# entry} other {# entries}}, newest first)',
  'history.summary': '{heading}: {lines}',
  // An application's card, and its owners' changes (src/core/apps).
  'parse.appUsage':
    'Usage: `app <app>` shows an application; its owners change it with `app set <app> <field> <value>`, `app clear <app> <field>` or `app policy <app> [level <level>] <request type> <policy>`. Quote names with spaces: `app set "AWS Console" Sensitive yes`.',
  'parse.appValueTooLong': 'That value is too long (the limit is {max} characters).',
  'app.about': 'About this application',
  'app.cardTitle': 'Application',
  'app.back': 'Back',
  'app.none': 'none',
  'app.noDescription': 'No description.',
  'app.summary': '{app}: {description} Permission levels: {levels}.',
  'app.field.levels': 'Permission levels',
  'app.field.defaults': 'By default in',
  'app.field.sensitive': 'Sensitive application',
  'app.field.hiddenFrom': 'Hidden from',
  'app.sensitive':
    '{sensitivity, select, yes {yes: approving access asks for a confirmation} no {no} other {could not be read, so approving access asks for a confirmation}}',
  'app.fieldUnset': 'not set',
  'app.fieldSecret': 'secret: not shown in chat',
  'app.holdersTitle':
    '{more, select, yes {Who has access: more than {count} people} other {Who has access: {count, plural, one {# person} other {# people}}}}',
  'app.holdersNone': 'Nobody has access to {app}.',
  'app.holdersShown': 'The first {shown} are named here.',
  'app.holder': '{name}{withLevel, select, yes { — {level}} other {}}',
  'app.policiesTitle': 'Policies set through accessbot',
  'app.policiesNone': 'None has been set through accessbot yet.',
  'app.policyFor': '{type}{withLevel, select, yes { ({level})} other {}}',
  'app.policySet': '{policy}, set by {by} on {when}',
  'app.policiesElsewhere':
    'The Access Service does not tell which policy applies now: a policy set outside accessbot is not shown here.',
  'app.compatibleTitle': 'Policies that can be chosen',
  'app.requestType':
    '{type, select, AccessRequest {access requests} EntitlementReview {access reviews} OffboardingStep {offboarding steps} other {{name}}}',
  'app.howToRequest': 'Ask for access with `request {app} [level] -- <why>`.',
  'app.howToChange':
    'Change it with `app set {app} <field> <value>`, `app clear {app} <field>` or `app policy {app} [level <level>] <request type> <policy>`; nothing changes until the change is confirmed.',
  'app.button.request': 'Request access',
  'app.button.requestSpoken': 'Request access to {app}',
  'app.button.field': 'Set a field',
  'app.button.fieldSpoken': 'Set or clear a field of {app}',
  'app.button.policy': 'Choose a policy',
  'app.button.policySpoken': 'Choose who approves requests for {app}',
  'app.button.mark': '{mark, select, yes {Mark sensitive} other {Mark not sensitive}}',
  'app.button.markSpoken':
    '{mark, select, yes {Mark {app} sensitive} other {Mark {app} not sensitive}}',
  'app.form.fieldTitle': 'Set a field',
  'app.form.field': 'Field',
  'app.form.value': 'New value',
  'app.form.valuePlaceholder': 'Leave it empty to clear the field',
  'app.form.policyTitle': 'Choose a policy',
  'app.form.policy': 'Policy',
  'app.form.level': 'For',
  'app.form.wholeApp': 'the whole application',
  'app.form.submit': 'Continue',
  'app.formIncomplete': 'That form is incomplete: choose what to change, then send it again.',
  'app.formStale':
    'That form is out of date: what it offered has changed. Open the card again (`app <app>`).',
  'app.nothingToChoose':
    '{kind, select, field {There is no field you may change here.} other {No policy can be chosen here: the Access Service lists none.}}',
  'app.change.field':
    '{clear, select, yes {clear {field} of {app}} other {set {field} of {app} to "{value}"}}',
  'app.change.policy':
    'set the policy for {type} on {app}{withLevel, select, yes { ({level})} other {}} to {policy}',
  'app.change.unnamed':
    '{action, select, app_field {change {withField, select, yes {{field}} other {a field}} of {app}} other {change a policy of {app}}}',
  'app.change.ask': 'Confirm: {what}?',
  'app.change.app': 'Application',
  'app.change.fieldLabel': 'Field',
  'app.change.now': 'Now',
  'app.change.becomes': 'Becomes',
  'app.change.cleared': 'no value (cleared)',
  'app.change.requestType': 'Request type',
  'app.change.lastSet': 'Last set through accessbot',
  'app.change.noneKnown': 'none known',
  'app.change.confirm': 'Confirm',
  'app.change.confirmSpoken': 'Confirm: {what}',
  'app.change.cancelSpoken': 'Cancel: {what}',
  'app.change.summary':
    '{title} {who, select, second {A second admin confirms it} other {Confirm or cancel}} ({id}) before {expires}.',
  'app.change.howTo':
    '{who, select, second {Nothing changes until another of accessbot’s admins types `confirm {id}`. You may cancel (`cancel {id}`).} other {Nothing changes until you confirm (`confirm {id}`) or cancel (`cancel {id}`).}}',
  'app.outcome':
    '{outcome, select, changed {Done: {what}.} conflict {Someone changed {app} meanwhile, so I changed nothing. Open a fresh card and try again.} not_found {{app}, or what the change named, no longer exists in the Access Service; nothing changed.} not_allowed {You may no longer change {app}; nothing changed.} not_requester {Only the person who asked for this change can confirm or cancel it.} cancelled {Cancelled: I did not {what}.} expired {This confirmation expired, so I did not {what}. Ask again if it is still wanted.} other {The Access Service did not make the change; nothing changed. Please try again later.}}',
  'app.outcomeUnsure':
    'The Access Service did not answer, so I cannot tell whether it did {what}: it shows no policy to read back. Choosing it again does no harm.',
  'app.outcomeTitle':
    '{outcome, select, changed {{app} changed} cancelled {Change cancelled} expired {Change expired} other {{app} not changed}}',
  'app.mayNot': 'You may not change {app}. Nothing was changed.',
  'app.fieldNotSendable':
    'The Access Service names {field} of {app} by an id its interface does not take (not a uuid), so it cannot be changed from chat. Nothing was changed.',
  'app.secretField':
    '{field} is a secret field: accessbot neither shows nor changes it in chat. Nothing was changed.',
  'app.secretValue':
    'That value is shaped like a credential (a key, token, password or connection string): accessbot does not put one into {field} from chat, where it would stay in the history. Nothing was changed.',
  'app.ownersAdmins':
    'Only accessbot’s admins may change who owns {app} ({field}). Nothing was changed.',
  'app.secondAdmin':
    'Marking {app} not sensitive takes a second admin: another of accessbot’s admins confirms it.',
  'app.secondAdminRefused':
    'Marking {app} not sensitive takes a second admin: another of accessbot’s admins confirms it. Nothing was changed.',
  'app.underWay':
    'This change is being carried out right now. Open the card in a moment (`app {app}`) to see the result.',
  'app.nothingToDo':
    '{clear, select, yes {{field} of {app} has no value; nothing to do.} other {{field} of {app} is already "{value}"; nothing to do.}}',
  'app.noField': 'I found no field called "{typed}" on {app}. Its fields: {fields}.',
  'app.severalFields': '"{typed}" matches several fields of {app}: {fields}. Which one?',
  'app.noSensitiveField': '{app} has no field that marks it sensitive.',
  'app.whichType':
    'Which request type? Name one before the policy: {types} (or `request`, `review`, `offboarding`).',
  'app.noLevel':
    '{several, select, yes {"{typed}" matches several levels of {app}: {levels}. Which one?} other {{app} has no level called "{typed}"; its levels are: {levels}.}}',
  'app.noPolicy':
    '{several, select, yes {"{typed}" matches several policies for {type}: {policies}. Which one?} other {There is no policy called "{typed}" for {type}; the policies are: {policies}.}}',
  'history.app':
    '{what}: {outcome, select, changed {done} conflict {changed meanwhile, nothing done} not_found {no longer exists} not_allowed {refused: not allowed} not_requester {refused: someone else’s change} cancelled {cancelled} expired {expired unconfirmed} other {failed}}',
  'history.request':
    '{mine, select, yes {Requested {what} for you (by {actor})} other {Request {what} for {who}: {outcome, select, filed {done} not_allowed {refused: not allowed to request for others} other {not accepted by the Access Service}}}}',
  // The insight report: the HTML page and the chat summary.
  'report.seconds': '{n} s',
  'report.minutes': '{n} min',
  'report.hours': '{n} h',
  'report.days': '{n} days',
  'report.age':
    '{bucket, select, under_1h {under 1 hour} 1h_to_1d {1 hour to 1 day} 1d_to_3d {1 to 3 days} 3d_to_7d {3 to 7 days} 7d_to_30d {7 to 30 days} other {30 days or more}}',
  'report.title': 'accessbot report',
  'report.period': '{since} to {until}',
  'report.made': 'open tasks counted at {at}',
  'report.notRecorded': 'not recorded',
  'report.decisions': 'Decisions',
  'report.inChat': '{count} in chat',
  'report.elsewhere': '{count} elsewhere',
  'report.decisionsSplit': '{chat} in chat, {elsewhere} elsewhere',
  'report.median': 'Median time to decision',
  'report.p90': '90th percentile',
  'report.openTasks': 'Open tasks',
  'report.reminders': 'Reminders sent',
  'report.escalations': 'Escalations sent',
  'report.nudges': 'Nudges sent',
  'report.whereDecided': 'Decided in chat or elsewhere',
  'report.openByAge': 'Open tasks by age',
  'report.byApplication': 'Time to decision by application',
  'report.byApprover': 'Time to decision by approver',
  'report.byTaskType': 'Time to decision by task type',
  'report.column.byApplication': 'Application',
  'report.column.byApprover': 'Approver',
  'report.column.byTaskType': 'Task type',
  'report.taskType':
    '{type, select, AccessRequest {Access request} EntitlementReview {Access review} OffboardingStep {Offboarding step} other {{name}}}',
  'report.count': 'Decisions',
  'report.medianColumn': 'Median',
  'report.medianShort': 'median',
  'report.noDecisions': 'No decision in this period.',
  'report.noOpenTasks': 'No open task.',
  'report.more': 'and {n} more (the CSV and JSON formats list them all)',
  'report.footnote':
    'A task’s wait runs from its creation (as the Access Service tells it, else accessbot’s first message to an approver) to its approval or decline: through accessbot (in chat), or as accessbot’s poller found it decided in the Access Service (elsewhere). Reminders and escalations count when accessbot queues them. Open tasks are those accessbot told an approver about and has not seen decided.',
  'report.chat.title': 'Report of the last {days, plural, one {# day} other {# days}}',
  'report.chat.decisions':
    '{total, plural, one {# decision} other {# decisions}}: {inChat} in chat, {elsewhere} elsewhere',
  'report.chat.waits': 'Time to decision: median {median}, 90th percentile {p90}',
  'report.chat.slowest': 'Slowest applications (90th percentile): {names}',
  'report.chat.slow': '{name} {p90}',
  'report.chat.open': 'Open tasks: {total}, {overWeek} of them waiting a week or more',
  'report.chat.sent':
    'Sent: {reminders, plural, one {# reminder} other {# reminders}}, {escalations, plural, one {# escalation} other {# escalations}}, {nudges, plural, one {# nudge} other {# nudges}}',
  'report.chat.full':
    'Ask whoever runs accessbot for the full report, with charts and every application, approver and task type: they make it on the accessbot host with `npm run report -- --days {days} --format html --out report.html`.',
  'report.chat.cannotRead': 'The report cannot be made right now; please try again later.',
  'report.chat.busy': 'Another report is being made right now; please wait a moment and ask again.',
  'report.chat.tooLarge':
    '{days, plural, one {The last day holds} other {The last # days hold}} more than {max, number} audit entries, more than a report in chat reads: ask for fewer days, or ask whoever runs accessbot for the full report (`npm run report`).',
  'report.chat.cutShort':
    '{days, plural, one {The report of the last day} other {The report of the last # days}} was stopped after {seconds} seconds, before it was complete, so none of its figures are shown: ask for fewer days, or ask whoever runs accessbot for the full report (`npm run report`).',
  'report.chat.summary': '{title}: {lines}',
  // What the poller sends.
  'poller.newForChannel': 'New task for its approvers',
  'poller.newNotifyOnly': 'New task: please decide it in the Access Service',
  'poller.new': 'New task waiting for your decision',
  'poller.reminder': 'Reminder: still waiting for your decision',
  'poller.reminderFollowUp':
    '"{title}" is still waiting for your decision{withSince, select, yes { since {since}} other {}}. Approve or decline it on the card above.',
  'poller.itsApprovers': 'its approvers',
  'poller.escalation': '"{title}" has been waiting {age} for a decision by {who}.',
  'poller.escalationTitle': 'Escalated: waiting {age}',
  'poller.escalated': 'Escalated task',
  'poller.requestOutcome': 'Your request for access to {what}: {outcome}.',
  'poller.requestOutcomeTitle':
    '{state, select, approved {Access request approved} declined {Access request declined} other {Access request decided}}',
  'poller.outcomeNote':
    'Update: {what}{withWho, select, yes { for {who}} other {}} {state, select, approved {was approved} declined {was declined} gone {no longer exists} pending {is waiting again} other {is now {status}}}{withBy, select, yes { by {by}} other {}}{buttons, select, yes { — the buttons above no longer apply} other {}}',
  'poller.anApplication': 'an application',
  'poller.requestGone': 'the request no longer exists',
  'poller.requestDecided': 'decided',
  // What the renderers add themselves.
  'render.andMore': '…and {count} more',
  'render.shell.type': 'Type: {approve}, or decline {ref} -- <reason>',
  'render.shell.sentTo': 'Sent to {person}: {title}',
  'render.shell.update': 'Update',
  'render.shell.greeting':
    'accessbot — you are {email}. Type `help` for commands, `quit` to leave.',
  // Slack's own forms and messages.
  'slack.formFailed':
    'I could not open the request form. You can also type it in one line: `request <app> [level] -- <justification>`.',
  'slack.staleButton':
    'That button is not valid (it does not name a task). Type the slash command with `tasks` to see yours.',
  'slack.staleForm': 'This form is out of date. Close it and click Decline again.',
  'slack.reasonTooLong': 'At most {max} characters, please.',
  'slack.invalidChange':
    'That button is not valid (it names no group change). Nothing was changed.',
  'slack.declineTitle': 'Decline task',
  'slack.declineText': 'You are declining task `{id}`. The reason is kept with the decision.',
  'slack.reasonLabel': 'Reason (optional)',
  'slack.reasonPlaceholder': 'Why are you declining?',
  'slack.cancel': 'Cancel',
  'slack.approveTitle': 'Confirm approval',
  'slack.busy': "I'm busy right now and could not take that. Please try again in a moment.",
  'slack.busySubmit': "I'm busy right now. Please submit again in a moment.",
  'slack.busyOption': "I'm busy right now; type again in a moment",
  'slack.unavailableOption': 'The Access Service is not answering; try again shortly',
  'slack.noLevels': '{app} has no permission levels: you request the application itself.',
  'slack.chooseLevel': 'Choose a level',
  'slack.moreLevels': '…and {count} more levels not listed: use the one-line command.',
  'slack.requestTitle': 'Request access',
  'slack.requestSubmit': 'Request',
  'slack.searchApps': 'Type to search the applications',
  'slack.whyPlaceholder': 'Why do you need it? Your approvers will read this.',
  'slack.requestFor': 'For someone else',
  'slack.requestForPlaceholder': 'Their name or e-mail; leave it empty for yourself',
  'slack.requestStale': 'This form is out of date. Close it and start again.',
  'slack.chooseFromList': 'Choose an application from the list.',
  'slack.chooseALevel': 'Choose a level.',
  'slack.notAnApp': 'That is not an application: type its name again in a moment and pick it.',
  'slack.formAgain': '{note} Open the form again with the slash command and `request`.',
  'home.recentUnavailable': 'Your recent actions cannot be shown right now.',
  'home.recentEmpty':
    'Decisions and group changes you make here or with the slash command show up below.',
  'home.decision':
    '{outcome, select, approved {Approved} declined {Declined} started {Started, its outcome not recorded} already_decided {Already decided by someone else} not_assignee {Refused (not assigned to you)} self_approval {Refused (your own request)} not_found {Task no longer exists} unconfirmed {Not approved (sensitive: waiting for your confirmation)} wrong_code {Not approved (wrong confirmation code)} other {Failed}} · {when} · {task}{withReason, select, yes { — "{reason}"} other {}}',
  'render.slack.shortened': 'Long texts are shortened here: a Slack message holds only so much.',
  'render.teams.leftOut': '…and {what} not shown here (too long for one Teams message).',
  'render.teams.shortened': 'Long texts are shortened here: a Teams message holds only so much.',
  'render.slack.leftOut': '…and {what} not shown here (too long for Slack).',
  'render.moreTasks': '{count, plural, one {# more task} other {# more tasks}}',
  'render.moreParts': '{count, plural, one {# more part} other {# more parts}}',
  'render.slack.more': 'More',
  'render.slack.moreDetails': '{count} more details',
  'render.slack.willApprove': 'You will approve:',
  'render.slack.approveTasks': 'Approve {count, plural, one {# task} other {# tasks}}?',
  'render.slack.approveAll': 'Approve all',
  // Teams' own cards and answers.
  'teams.noPrivateChat':
    "I couldn't send you a private answer. Open a chat with me (or add me as a personal app) and ask there.",
  'teams.formSummary': 'Request access to an application',
  'teams.defaultLevel': "The app's default level",
  'teams.chooseApp': 'Choose an application',
  'teams.whyPlaceholder': 'Why do you need this access?',
  'teams.justificationTooLong': 'The justification can be at most {max} characters.',
  'teams.badSearch': 'Not a search I understand.',
  'teams.badDataset': 'Unknown dataset "{dataset}".',
  'teams.badAction': 'The button sent no action I understand.',
  'teams.noTask': 'That button does not name a task.',
  'teams.badConfirmation': 'That confirmation is not valid.',
  'teams.reasonTooLong': 'A reason can be at most {max} characters long.',
  'teams.noTasks': 'That button does not name the tasks to approve.',
  'teams.cardNoTask': 'That card does not name a task.',
  'teams.noApp': 'That button does not name an application.',
  'teams.required': 'Please choose or fill this in.',
  'teams.noChange': 'That button does not name a group change.',
  'teams.unknownAction': 'I don\'t know the action "{verb}".',
  'teams.unknownSpeaker':
    "I can't tell who you are: Teams did not say which account of your organisation you use, so I can't act for you.",
  'teams.unknownInvoke': 'accessbot does not handle this invoke.',
  'teams.refresh': 'Refresh',
  'teams.reasonLabel': 'Reason (optional)',
  'teams.reasonPlaceholder': 'Why are you declining?',
  'teams.noActionId': 'The action has no id.',
  'teams.replayed': 'I already have this action: it was done once.',
  // The requester's side: `requests`, `nudge`, and an approver's "looking at it".
  'usage.requests':
    'requests — your own access requests: how each stands, since when, and who is asked',
  'usage.nudge':
    'nudge <number or id> — remind the approvers of your waiting request (once per reminder period)',
  'usage.looking':
    'looking <number or id> — show the other approvers that you are looking at a task',
  'parse.whichRequest': 'Which request? Use its number from `requests`. Usage: {usage}',
  'parse.whichTaskOne': 'Which task? One at a time. Usage: {usage}',
  'button.looking': 'Looking at it',
  'button.lookingSpoken':
    'Say you are looking at {what}{withLevel, select, yes { {level}} other {}}{withPerson, select, yes { for {person}} other {}}',
  'requests.none': 'You have no access requests I know of. Ask for access with `request <app>`.',
  'requests.title': 'Your access requests',
  'requests.state':
    '{state, select, waiting {waiting for {who}} approved {approved{withBy, select, yes { by {by}} other {}}} declined {declined{withBy, select, yes { by {by}} other {}}{withReason, select, yes {: "{reason}"} other {}}} unknown {not known: the Access Service names no task for it} other {{status}{withBy, select, yes { by {by}} other {}}}}',
  'requests.item':
    '{n}. {what} — {stateText}, asked {age}{withNudged, select, yes {, nudged {nudged}} other {}}',
  'requests.howToNudge': 'Remind the approvers of a waiting request with `nudge {n}`.',
  'requests.onBehalf': '({filer, select, yes {for {name}} other {filed by {name}}})',
  'nudge.off': 'Reminders are turned off here, and nudges with them: nothing was sent.',
  'nudge.noNumberListed':
    'There is no request number {n}. Your last `requests` list had {count, plural, one {# request} other {# requests}}. Type `requests` to see them.',
  'nudge.noNumberNoList':
    'There is no request number {n}. Numbers refer to your last `requests` list, and I have none for you yet. Type `requests` to see them.',
  'nudge.notYours':
    'That is not one of your requests, so you cannot nudge it. Type `requests` to see yours.',
  'nudge.notWaiting':
    'Your request for {what} is not waiting any more: {stateText}. Nothing was sent.',
  'nudge.tooSoon':
    'The approvers of {what} were nudged {age}. You can nudge them again from {next} ({wait}).',
  'nudge.tooSoonTitle': 'Not nudged yet',
  'nudge.nobody': 'None of the approvers of {what} uses accessbot, so nobody could be nudged.',
  'nudge.sent': 'Nudged {who} about {what}.',
  'nudge.later': '{name} is outside working hours: the nudge reaches them at {at}.',
  'nudge.andThen': '{first} {then}',
  'nudge.next': 'You can nudge again from {next} ({wait}).',
  'nudge.message':
    '{requester} has been waiting {age} for your decision on "{title}". Decide it on its card, or type `tasks`.',
  'nudge.messageTitle': 'A nudge from {requester}',
  'look.line': '{name} is looking at this (since {since})',
  'look.done':
    'The other approvers now see that you are looking at this, for {minutes} minutes or until it is decided.',
  'look.alreadyYours': 'You are already shown as looking at this since {since}, until {until}.',
  'look.alreadyOther':
    '{name} is already looking at this (since {since}); their mark shows until {until} or until it is decided.',
  'look.notWaiting':
    'That task is not waiting for your decision any more, so there is nothing to look at.',
  // Questions to requesters (`ask`, `answer`) and absences (`away`, `back`).
  'usage.ask':
    'ask <number or id> -- <question> — ask the requester of one of your tasks a question before you decide',
  'usage.answer':
    'answer <request number or code> -- <answer> — answer an approver’s question about your request (once)',
  'usage.away':
    'away until <day> [-- note] — say you are away (e.g. `away until Friday`): your tasks’ other approvers are told, and reminders to you stop',
  'usage.back': 'back — say you are back before your day',
  'parse.askUsage': 'Ask what, about which task? Usage: {usage}',
  'parse.whichQuestion': 'Which question, and what is your answer? Usage: {usage}',
  'parse.awayUsage': 'Away until when? Usage: {usage}',
  'button.ask': 'Ask requester',
  'button.askSpoken':
    'Ask the requester a question about {what}{withLevel, select, yes { {level}} other {}}{withPerson, select, yes { for {person}} other {}}',
  'button.answer': 'Answer',
  'button.answerSpoken': 'Answer the question of {asker}',
  'ask.off':
    'Questions cannot reach anyone here (accessbot sends no messages of its own), so nothing was asked.',
  'ask.notWaiting':
    'That task is not waiting for your decision any more, so there is nothing to ask about.',
  'ask.noRequester': 'This task names no requester, so there is nobody to ask.',
  'ask.yourOwn': 'You requested this yourself: there is nobody else to ask.',
  'ask.unreachable':
    '{requester} does not use accessbot, so your question could not reach them. Nothing was asked; ask them directly.',
  'ask.tooMany':
    'This request has been asked {max} questions already: decide it, or ask the requester directly.',
  'ask.tryAgain': 'That did not go through; please try again.',
  'ask.done':
    'Asked {requester}: "{question}". Their answer will show on this task’s card for every approver. Reminders to you about it wait for the answer, for up to {hold}.',
  'ask.waiting':
    '{mine, select, yes {Your question} other {The question of {asker}}} of {when} still waits for its answer: "{question}". One question at a time; it shows on every approver’s card.',
  'ask.theRequester': 'the requester',
  'ask.aTask': 'a task',
  'ask.line':
    '{mine, select, yes {You asked} other {{asker} asked}} {requester} ({when}): "{question}" — {answered, select, yes {answered {answeredAt}: "{answer}"} other {no answer yet}}',
  'ask.message': '{asker} asks about your request "{what}" before deciding it: "{question}"',
  'ask.messageTitle': 'A question from {asker}',
  'ask.howToAnswer':
    'Answer with the button, or type `answer {code} -- <your answer>`. You answer once; every approver of the request sees it.',
  'ask.answered':
    '{asker} asked about "{what}": "{question}". You answered ({when}): "{answer}". Every approver of the request sees it.',
  'ask.answeredTitle': 'You answered {asker}',
  'ask.closed':
    '{asker} asked about "{what}": "{question}". No answer is needed any more: {state, select, approved {it was approved} declined {it was declined} gone {it no longer exists} other {it was decided}}.',
  'ask.closedTitle': 'A question from {asker}, closed',
  'ask.note':
    '{requester} answered your question about "{what}" ("{question}"): "{answer}". Your card of the task shows it too.',
  'ask.noteTitle': '{requester} answered',
  'answer.noNumber':
    'There is no request number {n} in your last `requests` list. Type `requests` to see them.',
  'answer.noneOnRequest': 'Request {n} of your `requests` list has no question for you.',
  'answer.ambiguous': 'That code fits more than one question; type more of it.',
  'answer.noSuchCode':
    'No question to you has that code. `requests` shows the questions waiting for your answer.',
  'answer.notYours': 'That question was not asked of you, so you cannot answer it.',
  'answer.already':
    'You answered that question already ({when}): "{answer}". An answer is given once.',
  'answer.decided': 'The request {asker} asked about is no longer waiting, so no answer is needed.',
  'answer.done':
    'Sent your answer to {asker}: "{answer}". It shows on the request’s card for every approver.',
  'away.line': '{name} is away until {day}{withNote, select, yes { — "{note}"} other {}}',
  'away.whichDay':
    'I cannot read "{said}" as a day. Try `away until Friday`, `away until tomorrow` or `away until in 3 days`.',
  'away.notAhead': '{day} is not ahead: name a day after today (you are away until it starts).',
  'away.tooFar': 'That is more than {max} days ahead; the furthest is {last}.',
  'away.done':
    'You are away until {day}, when you are back{withNote, select, yes { ("{note}")} other {}}. The other approvers of your waiting tasks and the escalation channel are told, and reminders to you stop until then; nobody else gets your tasks. Type `back` if you are back sooner.',
  'away.doneTitle': 'Away',
  'away.notAway': 'You are not marked as away.',
  'away.back':
    'Welcome back: you are no longer shown as away, and reminders about your tasks start again.',
  'away.person': '{name} until {day}',
  'away.whoElse':
    'Away: {away}. {withOthers, select, yes {{others} can decide it too.} other {Nobody else can decide it meanwhile.}}',
  'requests.question':
    'A question from {asker} waits for your answer: "{question}" — type `answer {n} -- <your answer>`.',
  'nudge.allAway': 'Nobody was nudged about {what}. {away}',
  'nudge.awaySkipped': '{away} Approvers who are away are not nudged.',
  'history.question':
    '{action, select, ask {{toMe, select, yes {{who} asked you about {task}} other {Asked {who} about {task}}}} other {{toMe, select, yes {{who} answered your question about {task}} other {Answered the question of {who} about {task}}}}}: "{text}"',
  'history.passkeys': 'Reset the passkeys of {who} ({count})',
  'history.away':
    '{outcome, select, away {Away until {day}{withNote, select, yes { — "{note}"} other {}}} back {Back (was away until {day})} other {Away until {day}: ended on its day}}',
  'poller.awayNotice':
    '{away}. "{title}" waits for your decision too: decide it on its card, or type `tasks`.',
  'poller.awayNoticeTitle': '{name} is away',
  'slack.askTitle': 'Ask the requester',
  'slack.askSubmit': 'Ask',
  'slack.askText':
    'Your question about task `{id}` goes to its requester, who answers once. Every approver of the request sees both on their card.',
  'slack.questionLabel': 'Your question',
  'slack.answerTitle': 'Answer a question',
  'slack.answerText': 'You answer once; every approver of your request sees your answer.',
  'slack.answerLabel': 'Your answer',
  'slack.awayTitle': 'Away',
  'slack.awaySubmit': 'Save',
  'slack.awayText':
    'Until the day you pick starts, the other approvers of your waiting tasks and the escalation channel are told you are away, and reminders to you stop. Nobody else gets your tasks.',
  'slack.awayDayLabel': 'Away until (you are back that day)',
  'slack.awayNoteLabel': 'Note for the others (optional)',
  'slack.awayNoDay': 'Pick the day you are back.',
  'slack.awayButton': 'I’m away…',
  'slack.backButton': 'I’m back',
  'home.away': 'You are away until {day}{withNote, select, yes { — "{note}"} other {}}.',
  'teams.questionLabel': 'Your question to the requester',
  'teams.questionPlaceholder': 'What do you need to know before you decide?',
  'teams.askSubmit': 'Ask',
  'teams.answerLabel': 'Your answer',
  'teams.answerPlaceholder': 'You answer once; every approver sees it.',
  'teams.questionEmpty': 'Type your question first.',
  'teams.answerEmpty': 'Type your answer first.',
  'report.campaignsHeading': 'Access review campaigns',
  'report.campaignsDefined':
    'A campaign is one reviewer’s reviews of one application and level opened on the same day (UTC). A review is due on the date the Access Service gave it, else REVIEW_DUE_DAYS after it was opened; a campaign is late when a review was decided after its due date, overdue when one is still undecided past it.',
  'report.campaignsNone': 'No access review campaign was opened in this period.',
  'report.campaignsCut':
    'Only the first {max} campaigns of the period are listed: ask for a shorter period to see the rest.',
  'report.campaignColumn':
    '{column, select, application {Application} reviewer {Reviewer} opened {Opened} due {Due} reviews {Reviews} kept {Kept} revoked {Revoked} late {Late} status {Status} other {Took}}',
  'report.campaignStatus':
    '{status, select, on_time {Done on time} late {Done late} open {Open} other {Overdue}}',
  'report.campaigns':
    '{any, select, no {Access reviews: no campaign opened} other {Access reviews: {count, plural, one {# campaign} other {# campaigns}} ({reviews, plural, one {# review} other {# reviews}}): {onTime} done on time, {late} done late, {open} open, {overdue} overdue}}',
  'report.asksHeading': 'Questions and absences',
  'report.questions':
    '{asked, plural, one {# question} other {# questions}} asked of requesters, {answered} answered (time to answer: median {median}, 90th percentile {p90})',
  'report.awayWaits':
    '{tasks, plural, one {# task} other {# tasks}} waited on an approver who was away (median {median}, 90th percentile {p90})',
  // The daily digest (`digest`).
  'usage.digest':
    'digest [daily <HH:MM> | both <HH:MM> | off] — your waiting tasks in one message a day at your time (`daily`: only then; `both`: also each as it comes)',
  'parse.digestUsage':
    'How should tasks reach you? Say `digest daily 09:00`, `digest both 09:00` or `digest off`. Usage: {usage}',
  'parse.digestTime':
    '“{time}” is not a time of day: use 24-hour hours and minutes, e.g. `digest {mode} 09:00`.',
  'digest.current':
    '{mode, select, daily {You get a daily digest at {time} ({zone}); new tasks wait for it instead of coming one by one.} both {You get each new task as it comes, and a daily digest at {time} ({zone}).} other {You get each new task as it comes, with no daily digest. Type `digest daily 09:00` for one.}}',
  'digest.saved': 'Saved. {current}',
  'digest.savedTitle': 'Daily digest',
  'digest.title':
    'Your daily digest: {count, plural, one {# task waits} other {# tasks wait}} for you',
  'digest.waiting': 'Waiting for',
  'digest.confirmFirst':
    'Approving this one needs a confirmation, so it has no buttons here: type `approve {number}`.',
  'digest.more':
    '…and {count, plural, one {# more task} other {# more tasks}} not shown. Type `tasks` to see them.',
  'digest.howTo':
    'Approve with `approve 1` (or `approve 1 2`), decline with `decline 1 -- <reason>`. `digest` says or changes when this comes.',
  'slack.digestMode':
    '{mode, select, daily {Daily digest only} both {Each as it comes, and a daily digest} other {Each as it comes}}',
  'digest.approveAll': 'Approve all shown ({count})',
  // The "Request application access" workflow step: what its workflow's author reads.
  'workflow.badInput':
    'The step’s {field, select, app {application} level {permission level} justification {justification} person {person it is for} filer {person who filed it} other {input}} is missing or too long: fill it in (the application and justification are required).',
  'workflow.filerNotLinked':
    'The person who ran this workflow has no Access Service account that accessbot can find (their Slack profile’s e-mail address belongs to no Access user). Map "Person who filed it" to "Person who used this workflow".',
  'workflow.personNotLinked':
    'The person this request is for has no Access Service account that accessbot can find (their Slack profile’s e-mail address belongs to no Access user).',
  'workflow.personUnavailable':
    'Slack did not say who the person this request is for is just now; nothing was filed. Run the workflow again.',
  'workflow.ended': 'The request ended without a decision ({state}).',
  'workflow.interrupted':
    'accessbot stopped while filing this request; it may or may not have been filed. The person can see their requests with `requests`.',
  // Access reviews: `reviews`, `review <app>`.
  'usage.reviews':
    'reviews — your pending access reviews, grouped per application and level, numbered',
  'usage.review':
    'review <number or app> [page <page number>] — one group of access reviews: Keep or Revoke each person (`review 1 keep all`, `review 1 revoke all -- <reason>` for everyone left, confirmed first)',
  'parse.whichReview': 'Which group of reviews? {usage}',
  'reviews.badPage': 'A page is a number from 1 to 100, like `review 1 page 2`.',
  'reviews.reasonOnlyRevoke':
    'Only `revoke all` takes a reason after `--`: `review 1 revoke all -- <reason>`. To revoke one person with a reason, `decline <task id> -- <reason>`.',
  'reviews.none': 'You have no access reviews waiting.',
  'reviews.title':
    '{count, plural, one {# access review waits} other {# access reviews wait}} for you in {groups, plural, one {# group} other {# groups}}',
  'reviews.summary': '{title}: {items}',
  'reviews.group':
    '{number}. {group}: {count} to review{withOldest, select, yes {, oldest since {oldest}} other {}}',
  'reviews.howTo':
    'Open a group with `review 1` (or `review <app>`) to keep or revoke each person.',
  'reviews.noGroup':
    'You have no access reviews of "{target}". `reviews` lists the groups you have.',
  'reviews.whichGroup':
    'Reviews of that application wait at several levels; open one by its number: {choices}',
  'reviews.choice': '`review {number}` — {group} ({count})',
  'reviews.groupTitle':
    '{group}: {count} to review{pages, plural, one {} other { (page {page} of {pages})}}',
  'reviews.row':
    '{person}{withLevel, select, yes { · {level}} other {}}{withSince, select, yes { · waiting since {since}} other {}}{withDefaults, select, yes { · by default through {defaults}} other {}} · `{id}`',
  'reviews.keep': 'Keep',
  'reviews.revoke': 'Revoke',
  'reviews.keepSpoken': 'Keep {person}’s access to {group}',
  'reviews.revokeSpoken': 'Revoke {person}’s access to {group}',
  'reviews.more':
    '…and {count, plural, one {# more person} other {# more people}}: type `{next}` for the next page.',
  'reviews.groupHowTo':
    'Keep one: `approve <task id>`; revoke one: `decline <task id> -- <reason>`. Everyone left ({count}): `review {number} keep all`, or `review {number} revoke all -- <reason>`.',
  'reviews.revokeWhy':
    'Revoking everyone left in {group} takes one reason for all of them: `review {number} revoke all -- <reason>`.',
  'reviews.batchAsk':
    '{decision, select, keep {Keep} other {Revoke}} the access of everyone left in {group}: {count, plural, one {# person} other {# people}}?',
  'reviews.batchSummary': '{title} Confirm with `confirm {code}`, or `cancel {code}`.',
  'reviews.batchReason': 'Reason for all of them: {reason}',
  'reviews.batchConfirm':
    '{decision, select, keep {Keep} other {Revoke}} {count, plural, one {# person} other {all #}}',
  'reviews.batchHowTo':
    'Nothing is decided until you confirm: `confirm {code}`, or `cancel {code}`. Each person is decided on their own; anyone decided elsewhere meanwhile is left as it is.',
  'reviews.batchUnderWay': 'The reviews of {group} are being decided right now.',
  'reviews.batchSettled':
    '{lead} {decision, select, keep {Keeping} other {Revoking}} everyone left in {group}: {outcome, select, cancelled {cancelled, nothing was decided} expired {expired, nothing was decided} done {done} partial {done in part; `reviews` shows what still waits} other {not allowed}}.',
  'reviews.batchDone':
    '{decision, select, keep {Kept} other {Revoked}} {done} of {count, plural, one {# person} other {# people}} in {group}',
  'reviews.keepAll': 'Keep everyone left ({count})',
  'reviews.revokeAll': 'Revoke everyone left ({count})…',
  'reviews.keepAllSpoken':
    'Keep the access of everyone left in {group} ({count}); you confirm first',
  'reviews.revokeAllSpoken':
    'Revoke the access of everyone left in {group} ({count}), with one reason; you confirm first',
  'reviews.revokeAllTitle': 'Revoke everyone left',
  'reviews.reasonLabel': 'Reason for all of them',
  'reviews.next': 'Next',
  'reviews.groupGone':
    'Those reviews no longer wait for you. `reviews` shows the groups you have now.',
  'reviews.batchDoneSummary': '{title}: {items}',
  'reviews.cardTitle':
    'Access reviews of {group}: {left, plural, one {# person} other {# people}} to review',
  'reviews.cardSummary': '{title} — {progress}',
  'reviews.progress': '{reviewed} of {total} reviewed{withDue, select, yes {, due {due}} other {}}',
  'reviews.cardDone':
    'Access reviews of {group}: {total, plural, one {the one review is done} other {all # reviewed}}',
  'reviews.reminderTitle':
    '{step, select, week {Access reviews due in a week} twoDays {Access reviews due in two days} other {Access reviews due today}}: {group}',
  'reviews.reminder':
    '{left, plural, one {# person} other {# people}} of {group} still to review, due {due}. Open them with `review {number}`.',
  'reviews.escalationTitle': 'Access reviews overdue: {group}',
  'reviews.escalation':
    '{left} of {total} access reviews of {group} still wait for {who}; they were due {due}.',
  'reviews.batchItem':
    '{name} (`{id}`): {outcome, select, approved {kept} declined {revoked} already_decided {already decided elsewhere, left as it is} not_assignee {no longer in your task list} self_approval {your own access, left for another reviewer} not_found {no longer exists} not_tried {not decided: stopped after the service failed} other {not decided: the service failed}}',
  // Passkey step-up: the chat's link, the `passkeys` command and the page.
  'usage.passkeys':
    'passkeys — your passkeys, which confirm sensitive approvals and changes when asked (`passkeys add`, `passkeys remove <number>`; admins: `passkeys reset <person>`)',
  'parse.passkeys':
    'Use `passkeys`, `passkeys add`, `passkeys remove <number>` or `passkeys reset <person>`.',
  'stepup.chat.ask':
    '{enrolled, select, yes {Confirm it with your passkey on the page the link below opens.} other {Confirm it with a passkey: the page the link below opens first creates yours (on this device or a security key), then asks for it.}} The link is yours alone, works once and expires in {minutes} minutes; nothing is decided until then.',
  'stepup.chat.open': 'Open the passkey page',
  'stepup.chat.add':
    'Open the link below in the browser or on the device that should hold the new passkey: it first asks for a passkey you already have, then creates the new one. The link is yours alone, works once and expires in {minutes} minutes.',
  'stepup.add.summary': 'A new passkey for your accessbot account',
  'stepup.page.add': 'Add a passkey',
  'stepup.page.proven': 'Your passkey confirmed it is you. Now creating the new one…',
  'stepup.page.added': 'Your new passkey is added.',
  'passkeys.off': 'Passkeys are not in use here: confirmations take the code they show.',
  'passkeys.none':
    'You have no passkey yet. The first confirmation that needs one sends you a link to create it.',
  'passkeys.list': 'Your passkeys ({count}):',
  'passkeys.item':
    '{n}. added {added}, {wasUsed, select, yes {last used {usedAt}} other {never used}}',
  'passkeys.howTo': 'Add one with `passkeys add`; remove one with `passkeys remove <number>`.',
  'passkeys.removed': 'Passkey {n} is removed.',
  'passkeys.noSuch': 'You have no passkey number {n}; `passkeys` lists them.',
  'passkeys.lastOne':
    'That is your only passkey. Removing it would let whoever next uses your chat account create a new one, so it stays; if it is lost, an admin resets your passkeys.',
  'passkeys.resetDone':
    '{name}’s passkeys are removed ({count}). Their next confirmation sends them a link to create a new one.',
  'passkeys.resetNotAdmin': 'Only accessbot’s admins may reset someone’s passkeys.',
  'stepup.page.title': 'Confirm with your passkey',
  'stepup.page.what': 'You are confirming:',
  'stepup.page.confirm': 'Confirm with my passkey',
  'stepup.page.enrol': 'Create my passkey and confirm',
  'stepup.page.working': 'Waiting for your passkey…',
  'stepup.page.enrolled': 'Your passkey is created. Now confirming with it…',
  'stepup.page.cancelled':
    'The passkey prompt was closed or failed. Nothing was decided; you may try again.',
  'stepup.page.noScript': 'This page needs JavaScript for the passkey prompt.',
  'stepup.refused.unknown': 'This link is not valid. Nothing was decided.',
  'stepup.refused.used': 'This link was already used. Nothing more was decided.',
  'stepup.refused.expired':
    'This link has expired. Nothing was decided; ask again in chat for a fresh one.',
  'stepup.refused.notYours':
    'That passkey does not belong to the person this link was sent to. Nothing was decided.',
  'stepup.refused.failed': 'The passkey could not be verified. Nothing was decided.',
  'stepup.refused.counter':
    'That passkey’s counter did not move forward, as a copied key’s would not. Nothing was decided.',
  'stepup.refused.enrolled':
    'The person this link was sent to already has a passkey: no new one is created from a link. Nothing was decided.',
  'stepup.refused.unlinked':
    'The person this link was sent to cannot act right now. Nothing was decided.',
} as const;

/** Every key of the English catalog, each an ICU MessageFormat text. */
export type Catalog = { readonly [K in keyof typeof en]: string };
