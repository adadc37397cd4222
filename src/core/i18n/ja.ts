/**
 * Japanese (です・ます). Command words and what is typed in backticks stay English: they are what
 * people type. Japanese has one plural form (`other`); the placeholders and the select branches
 * are the English catalog's (test/core/i18n/catalogs.test.ts).
 */
import type { Catalog } from './en.ts';

export const ja: Catalog = {
  'usage.help': 'help — できること',
  'usage.tasks': 'tasks — 未処理のタスク (番号付き)',
  'usage.approve': 'approve <番号または ID> [続けて…] — タスクを承認します (例: `approve 1 3`)',
  'usage.decline': 'decline <番号または ID> [続けて…] -- <理由> — 理由を添えて却下します',
  'usage.members':
    'members [グループ名または ID] — グループのメンバー (チャンネル全体に回答します。グループを省くと、チャンネルに紐付いたグループ)',
  'usage.groups': 'groups — ユーザーグループの一覧',
  'usage.apps': 'apps [検索語] — 申請できるアプリケーション',
  'usage.app':
    'app <アプリ> — アプリケーションのカード: 権限レベル、フィールド、アクセスできる人。所有者は変更できます (`app set <アプリ> <フィールド> <値>`、`app clear <アプリ> <フィールド>`、`app policy <アプリ> [level <権限レベル>] <リクエストの種類> <ポリシー>`)',
  'usage.request':
    'request <アプリ> [権限レベル] [for <人>] -- <申請理由> — アクセスを申請します (管理者が許可していれば他の人の分も)',
  'usage.group':
    'group add|remove <グループ> <人> — 管理しているグループのメンバーを変更します (先に確認: `confirm <code>` または `cancel <code>`)。group bind <グループ> — このチャンネルでは `members` だけでそのグループのメンバーを表示します。group unbind — その紐付けを解除します',
  'usage.history': 'history — 最近の自分の操作 (監査担当者: history <人> または history all)',
  'usage.receipt':
    'receipt <受領コード> — 決定について記録された内容: 返信に表示されたコード (監査担当者: すべて)',
  'usage.report':
    'report [日数] — 監査担当者向け: 過去 {days} 日 (または指定日数) の決定までの時間、未処理のタスク、リマインダー、エスカレーション',
  'parse.tooLong':
    '{what, select, message {メッセージ} reason {理由} groupName {グループ名} search {検索語} appName {アプリケーション名} justification {申請理由} question {質問} answer {回答} note {メモ} person {名前} other {テキスト}}が長すぎます ({length} 文字。上限は {max} 文字です)。',
  'parse.noSuchNumber': 'タスク番号 {word} はありません。番号は `tasks` の一覧のものです。',
  'parse.notATask':
    '「{word}」はタスクではありません。`tasks` の番号か、タスク ID の先頭 {min} 文字以上 (例: 3f2b8c) を使ってください。',
  'parse.whichTask': 'どのタスクですか? 使い方: {usage}',
  'parse.tooManyTasks': '一度に指定できるタスクは {max} 件までです。',
  'parse.reasonAfterDashes':
    '{said} 理由は `--` の後に書きます。例: `decline {first} -- {reason}`。',
  'parse.unknownCommand':
    '「{word}」というコマンドはありません。`help` でできることを確認できます。',
  'parse.unknownCommandGuess':
    '「{word}」というコマンドはありません。`{guess}` のことですか? `help` でできることを確認できます。',
  'parse.noArguments': '`{name}` に引数は不要です。使い方: {usage}',
  'parse.approveNoReason': '`approve` に理由は付けません。使い方: {usage}',
  'parse.reportDays': '`report` には 1 から {max} までの日数を指定します。使い方: {usage}',
  'parse.receipt':
    '受領コードは決定の返信に表示される 10 文字の英数字です。例: `receipt 7K3QD-9X2MA`。使い方: {usage}',
  'parse.confirmation':
    '確認は、表示されたコードを付けて入力します: `confirm <code>` (1 件のタスクなら `approve <task> confirm <code>` でも入力できます)。',
  'parse.whichApp': 'どのアプリケーションですか? 使い方: {usage}',
  'parse.whoFor': '誰の分ですか? `for` の後に名前を書いてください。使い方: {usage}',
  'parse.unbindNoArguments':
    '`group unbind` に引数は不要です。入力したチャンネルの紐付けを解除します。',
  'parse.bindWhichGroup':
    'どのグループですか? 使い方: チャンネルで `group bind <グループ>` と入力します。',
  'parse.groupNameTooLong': 'グループ名が長すぎます (上限は {max} 文字です)。',
  'parse.groupUsage': '使い方: {usage}',
  'parse.changeUsage':
    '使い方: `group {action} <グループ> <人>`。人はメンション、メールアドレス、または名前で指定します。例: `group {action} Engineering grace@example.com` または `group {action} "All Staff" "Grace Hopper"`。',
  'parse.whichGroupAndWho': 'どのグループに、誰を? {usage}',
  'parse.groupAndPersonTooLong': 'グループと人の指定としては長すぎます。',
  'parse.onePerson': '一度に 1 人ずつ指定してください。{usage}',
  'parse.whichChange':
    'どの変更ですか? 確認メッセージのコードを付けて `{name} <code>` と入力してください。例: `{name} k3m9q2xa`。',
  'parse.whichConfirmation':
    '何を確認しますか? 確認メッセージに表示されたコードを付けて `confirm <code>` と入力してください。',
  'parse.nameTooLong': '名前が長すぎます (上限は {max} 文字です)。',
  'card.anApplication': 'アプリケーション',
  'card.aUser': 'ユーザー',
  'card.title.accessRequest': 'アクセス申請: {app}{withLevel, select, yes { ({level})} other {}}',
  'card.title.review':
    'アクセスの見直し: {app}{withLevel, select, yes { ({level})} other {}} の {user}',
  'card.title.offboardingStep': 'オフボーディング: {step}',
  'card.title.offboarding': 'オフボーディング: {user}',
  'card.title.offboardingOn': 'オフボーディング: {app} の {user}',
  'card.title.otherOn': '{type}: {app}{withLevel, select, yes { ({level})} other {}}',
  'card.field.requestedBy': '申請者',
  'card.field.for': '対象者',
  'card.field.application': 'アプリケーション',
  'card.field.level': '権限レベル',
  'card.field.justification': '申請理由',
  'card.field.since': '作成日時',
  'card.field.task': 'タスク',
  'card.outcome':
    '{withBy, select, yes {{by} が} other {}}{withWhen, select, yes {{when} に} other {}}{state, select, approved {承認しました} declined {却下しました} other {{status}}}{withReason, select, yes { — 「{reason}」} other {}}',
  'card.sensitive':
    '{sensitivity, select, yes {機密性の高いアプリケーションです。承認するには、アプリケーション、レベル、対象者を確認します。} other {このアプリケーションが機密性の高いものか確認できませんでした。承認するには、アプリケーション、レベル、対象者を確認します。}}',
  'card.gone.title': 'タスクはもうありません',
  'card.gone.outcome': 'このタスクは Access Service から削除されました。',
  'button.approve': '承認',
  'button.approveConfirming': '承認…',
  'button.confirmApproval': '承認を確定',
  'button.decline': '却下',
  'button.approveSpoken':
    '{withPerson, select, yes {{person} の } other {}}{what}{withLevel, select, yes { {level}} other {}} を承認',
  'button.declineSpoken':
    '{withPerson, select, yes {{person} の } other {}}{what}{withLevel, select, yes { {level}} other {}} を却下',
  'button.approveAll': '{count} 件すべて承認',
  'button.approveAllSpoken': '{count, plural, other {# 件のタスクをすべて承認}}: {tasks}',
  'tasks.none': '未処理のタスクはありません。',
  'tasks.notShown':
    'ほかに {count, plural, other {# 件のタスク}}は表示していません。いくつか決定してから、もう一度 `tasks` と入力してください。',
  'tasks.howTo':
    '{several, select, yes {`approve 1` (または `approve 1 2`) で承認、`decline 1 -- <理由>` で却下します。} other {`approve 1` で承認、`decline 1 -- <理由>` で却下します。}}',
  'tasks.title': '未処理のタスクが {count, plural, other {# 件}}あります',
  'help.summary': 'コマンド: {commands}',
  'help.title': 'できること',
  'help.naming': 'タスクは、最後の `tasks` の一覧の番号か、ID の先頭 6 文字以上で指定します。',
  'help.englishWords': 'コマンドは表示のとおり英語で入力してください。',
  'taskMessage.decided': '{title}: {outcome}',
  'taskMessage.waiting': '{lead}: {title}',
  'taskMessage.waitingLead': 'あなたの決定を待っています',
  'refs.noNumberListed':
    'タスク番号 {n} はありません。最後の `tasks` の一覧は {count, plural, other {# 件}}でした。`tasks` と入力すると表示されます。',
  'refs.noNumberNoList':
    'タスク番号 {n} はありません。番号は最後の `tasks` の一覧のものですが、まだ一覧がありません。`tasks` と入力すると表示されます。',
  'refs.severalStart':
    '{prefix} で始まるタスクが複数あります。ID をもっと長く入力するか、`tasks` の番号を使ってください。',
  'refs.noneStart':
    '未処理のタスクに {prefix} で始まる ID はありません。`tasks` と入力すると表示されます。',
  'refs.askReason':
    'まだ何も却下していません。理由を添えて `decline {named} -- <理由>` と入力してください。理由なしで却下するには `decline {named} --` と入力します。',
  'refs.askReasonTitle': '却下の理由は?',
  'refs.askReasonNext':
    'まだ何も却下していません。理由を次のメッセージで入力してください。理由なしで却下するには `--`、何も却下しない場合は `cancel` と入力します。',
  'refs.reasonStillAsked':
    'まだ何も却下していません。理由を次のメッセージで入力してください(今入力した文を理由にするには先頭に `--` を付けます)。何も却下しない場合は `cancel` と入力します。',
  'refs.reasonLeft':
    '何も却下していません。`tasks` と入力すると、判断を待っているタスクが表示されます。',
  'decided.task': 'タスク {id}',
  'decided.item':
    '{title}: {outcome, select, approved {承認しました} declined {却下しました} already_decided {すでに決定済み} not_assignee {あなたのタスク一覧にありません} self_approval {自分の申請です} not_found {もうありません} unconfirmed {スキップ — 機密性の高いアプリケーションです。個別に承認して確認してください} other {失敗しました}}{withMore, select, yes { — {more}} other {}}',
  'decided.title':
    '{total, plural, other {# 件}}中 {count} 件を{decision, select, approve {承認しました} other {却下しました}}',
  'decided.summary': '{title}。{items}',
  'decide.notYours':
    'そのタスクはあなたのタスク一覧にないため、表示も決定もできません。決定できるのは承認者だけです。`tasks` で自分のタスクを確認できます。',
  'decide.alreadyDecided': 'このタスクはすでに決定されています',
  'decide.noLongerYours': '「{title}」はもうあなたに割り当てられていないため、決定できません。',
  'decide.done':
    '「{title}」を{decision, select, approve {承認しました} other {却下しました}}。{withReason, select, yes {理由: 「{reason}」。} other {}}',
  'decide.unconfirmed':
    'Access Service が「{title}」への決定を確認せず、現在応答していないため、反映されたかわかりません。1 分ほどしてから `tasks` で確認してください。',
  'decide.notTaken':
    'Access Service は「{title}」への決定を受け付けず、タスクは未処理のままです。もう一度お試しください。',
  'decide.someoneElse': 'あなたより先に誰かがこのタスクを決定しました',
  'decide.slowButDecided': 'Access Service の応答は遅れましたが、タスクは決定されました',
  'decide.leadOutcome': '{lead}: {outcome}。',
  'decide.lead': '{lead}。',
  'decide.selfApproval':
    '「{title}」はあなた自身の申請なので承認できません。ほかの承認者が承認する必要があります。却下はできます。',
  'decide.thisApplication': 'このアプリケーション',
  'decide.theRequester': '申請者',
  'decide.confirmText':
    '{sensitivity, select, yes {{app} は機密性の高いアプリケーションです。} other {{app} が機密性の高いアプリケーションか確認できなかったため、確認をお願いします。}}承認すると、{person} に {app} の{withLevel, select, yes { {level} } other {}}アクセス権を付与します。下で確認してください。',
  'decide.confirmQuestion':
    '{sensitivity, select, yes {{app} は機密性の高いアプリケーションです。} other {{app} が機密性の高いアプリケーションか確認できなかったため、確認をお願いします。}}{person} に {app} の{withLevel, select, yes { {level} } other {}}アクセス権を付与しますか?',
  'decide.confirmTitle': 'この承認を確認',
  'decide.wrongCode':
    'このコードではこの承認を確認できません (入力の誤り、別の人に向けたコード、またはその後に申請が変わった可能性があります)。何も承認していません。{asks}',
  'decide.expiredCode':
    'この確認は期限切れです (コードの有効期間は {minutes} 分です)。何も承認していません。新しい確認を表示します。{asks}',
  'confirm.approvalCancelled':
    'キャンセルしました。何も承認していません。タスクは引き続きあなたの判断を待っています。',
  'confirm.nothingWaits':
    'コード {code} で確認を待っているものはありません。入力の誤りか、期限切れか、すでに処理済みの可能性があります。何も実行していません。コードを確かめるか、もう一度コマンドを入力して新しい確認を受け取ってください。',
  'decide.gone': 'そのタスクはもうありません。',
  'error.noEmail':
    'チャットのプロフィールにメールアドレスが見当たらないため、Access Service でのあなたを特定できません。accessbot がメールアドレスを読めるか、管理者に確認を依頼してください。',
  'error.noMatch':
    'チャットのメールアドレス ({email}) は Access Service のどのユーザーのものでもないため、あなたの代わりに操作できません。アクセス管理者に追加を依頼し、1 分ほどしてからもう一度お試しください。',
  'error.profile':
    'チャットのプロフィールを読めませんでした (チャットサービスが応答しませんでした)。そのためあなたを特定できません。何も変更していません。1 分ほどしてからもう一度お試しください。',
  'error.credentials':
    'Access Service が accessbot の認証情報を拒否したため、現在は何もできません。accessbot の運用担当者に知らせてください。',
  'error.wrongAddress':
    'accessbot に設定された Access Service のアドレスが誤っているため、現在は何もできません。accessbot の運用担当者に知らせてください。',
  'error.unavailable':
    'Access Service が現在応答していません。何も変更していません。1 分ほどしてからもう一度お試しください。',
  'error.tooMuch':
    'Access Service から accessbot の読み取り上限を超えるデータが届いたため、読み取りを止めました。何も変更していません。管理者にはログで伝わっています。',
  'error.garbled':
    'Access Service から理解できない応答が届きました。何も変更していません。管理者にはログで伝わっています。',
  'error.notFound': 'Access Service はその項目をもう把握していません。',
  'error.rejected': 'Access Service がその要求を拒否しました。何も変更していません。',
  'error.ours': 'こちら側で問題が起きました。何も変更していません。管理者には伝わっています。',
  'error.store': '今は対応できません。1 分ほどしてからもう一度お試しください。',
  'context.has': '現在の権限',
  'context.defaults': '既定で付与されるグループ',
  'context.waiting': '待ち時間',
  'context.recent': '最近の申請',
  'context.nothing': 'まだありません',
  'context.aLevel': 'あるレベル',
  'context.access': 'アクセス',
  'context.decided': '過去 {days} 日で承認 {approved} 件、却下 {declined} 件',
  'context.noneDecided': '過去 {days} 日の決定はありません',
  'usual.line':
    '{app} への申請は、ここでは通常 {median}以内に判断されます (10 件中 9 件は {p90}以内)。',
  'usual.waited':
    '待ち時間: {waited}。{app} への申請は、ここでは通常 {median}以内に判断されます (10 件中 9 件は {p90}以内)。',
  'usual.after': '{said}{usual}',
  'time.underAMinute': '1 分未満',
  'time.justNow': 'たった今',
  'time.inUnderAMinute': '1 分以内',
  'bot.slowDown':
    '操作が速すぎて追いつけません。何も実行していません。数秒待ってからもう一度お試しください。',
  'bot.slowDownTitle': '少しお待ちください',
  'request.quoted': '「{name}」',
  'request.severalApps':
    '「{typed}」に当てはまるアプリケーションが複数あります: {apps}。どれですか?',
  'request.noApp':
    '「{typed}」という名前のアプリケーションは見つかりませんでした。`apps` ですべて表示できます。',
  'request.noAppGuess':
    '「{typed}」という名前のアプリケーションは見つかりませんでした。{apps}のことですか?',
  'request.severalLevels':
    '{app} には複数の権限レベルがあります: {levels}。どれかを指定してください。例: `request {app} {first}{who} -- 必要な理由`。',
  'request.levelMatchesSeveral': '「{typed}」は {app} の複数のレベルに当てはまります。',
  'request.noSuchLevel': '{app} に権限レベル「{typed}」はありません。',
  'request.chooseLevel': '{what} {levels} から選んでください。',
  'request.what': '何へのアクセスを申請しますか? 使い方: {usage}',
  'request.chooseApp': 'アプリケーションを選んでください。',
  'request.appUnavailable': 'そのアプリケーションは利用できません。別のものを選んでください。',
  'request.formNoSuchLevel': '{app} にその権限レベルはありません。レベルを選び直してください。',
  'request.formSeveralLevels': '{app} には複数の権限レベルがあります。1 つ選んでください。',
  'request.appLevel': '{app} ({level})',
  'request.alreadyPending': '{what} への未処理の申請がすでにあります。',
  'request.alreadyPendingFor': '{person} さんには {what} への未処理の申請がすでにあります。',
  'request.forPerson': '{person} さんの {what}',
  'request.refused': 'Access Service は {what} への申請を受け付けませんでした。',
  'request.refusedSaying': 'Access Service は {what} への申請を受け付けませんでした: {detail}',
  'request.done':
    '{what} へのアクセスを申請しました。承認者に依頼しました。{withJustification, select, yes {申請理由: 「{justification}」。} other {}}',
  'members.title': '{name} — {count, plural, other {# 人}}',
  'members.none': '{name} にメンバーはいません。',
  'members.summary': '{title}: {names}',
  'list.described': '{name} — {description}',
  'groups.noId': 'ID {id} のグループはありません。',
  'groups.several': '「{typed}」に当てはまるグループが複数あります: {groups}。どれですか?',
  'groups.none':
    '「{typed}」という名前のグループは見つかりませんでした。`groups` ですべて表示できます。',
  'groups.noneGuess':
    '「{typed}」という名前のグループは見つかりませんでした。{groups}のことですか?',
  'groups.empty': 'ユーザーグループはありません。',
  'groups.summary': 'グループ: {names}',
  'groups.title': '{count, plural, other {# 件のグループ}}',
  'groups.hint': '`members <グループ>` でメンバーを表示できます。',
  'apps.noMatch': '「{search}」に当てはまるアプリケーションはありません。',
  'apps.empty': 'アプリケーションはありません。',
  'apps.title': '{count, plural, other {# 件のアプリケーション}}',
  'apps.titleMatching': '「{search}」に当てはまるアプリケーション: {count, plural, other {# 件}}',
  'apps.summary': '{title}: {names}',
  'apps.hint': '`request <アプリ> [権限レベル] -- <理由>` でアクセスを申請できます。',
  'person.mentioned': 'メンションした人',
  'person.withEmail': '{name} ({email})',
  'person.noMentions': 'ここではメンションは使えません。メールアドレスで指定してください。',
  'person.mentionUnavailable':
    'メンションした人を調べられませんでした (チャットサービスが応答しませんでした)。何も変更していません。1 分ほどしてからもう一度試すか、メールアドレスで指定してください。',
  'person.mentionUnknown':
    'メンションした人が Access Service の誰か特定できません (チャットのプロフィールに Access のユーザーのメールアドレスがありません)。代わりにメールアドレスで指定してください。',
  'person.noAddress': 'Access Service にアドレス {email} の人はいません。',
  'person.noAddressGuess':
    'Access Service にアドレス {email} の人はいません。{guesses} のことですか?',
  'person.several':
    '{named} に当てはまる人が複数います: {people}。どの人ですか? メールアドレスで指定してください。',
  'person.nobody': '{named} という人は見つかりませんでした。メールアドレスで指定してください。',
  'person.nobodyGuess': '{named} という人は見つかりませんでした。{guesses} のことですか?',
  'change.field.person': '人',
  'change.field.group': 'グループ',
  'change.field.change': '変更',
  'change.field.askedBy': '依頼者',
  'change.field.expires': '期限',
  'change.what': '{action, select, add {グループに追加} other {グループから削除}}',
  'change.ask':
    '{action, select, add {{who} を {group} に追加しますか?} other {{who} を {group} から削除しますか?}}',
  'change.confirm': '{action, select, add {確定: 追加} other {確定: 削除}}',
  'change.confirmSpoken':
    '{action, select, add {確定: {who} を {group} に追加} other {確定: {who} を {group} から削除}}',
  'change.cancel': 'キャンセル',
  'change.cancelSpoken':
    '{action, select, add {{who} の {group} への追加をキャンセル} other {{who} の {group} からの削除をキャンセル}}',
  'change.summary':
    '{title} {who, select, second {2 人目の管理者が確定します} other {確定またはキャンセルしてください}} ({id})。期限: {expires}。',
  'change.howTo':
    '{who, select, second {accessbot の別の管理者 (追加される本人以外) が `confirm {id}` と入力するまで、何も変わりません。キャンセルもできます (`cancel {id}`)。} other {確定 (`confirm {id}`) またはキャンセル (`cancel {id}`) するまで、何も変わりません。}}',
  'change.outcome':
    '{outcome, select, added {{who} は {group} のメンバーになりました。} removed {{who} は {group} のメンバーではなくなりました。} already_member {{who} はすでに {group} のメンバーでした。何も変更していません。} not_member {{who} は {group} のメンバーではありませんでした。何も変更していません。} group_not_found {グループ {group} は Access Service にもうありません。何も変更していません。} person_not_found {Access Service は {who} をもう把握していません。何も変更していません。} not_allowed {{group} のメンバーを変更する権限がなくなりました。何も変更していません。} not_requester {この変更を確定またはキャンセルできるのは、依頼した本人だけです。} cancelled {キャンセルしました: {who} を {group} {action, select, add {に追加} other {から削除}}していません。} expired {この確認は期限切れのため、{who} を {group} {action, select, add {に追加} other {から削除}}していません。まだ必要なら、もう一度コマンドを入力してください。} other {Access Service は {who} を {group} {action, select, add {に追加} other {から削除}}しませんでした。何も変更していません。後でもう一度お試しください。}}',
  'change.outcomeTitle':
    '{outcome, select, added {{who} を {group} に追加しました} removed {{who} を {group} から削除しました} cancelled {グループの変更をキャンセルしました} expired {グループの変更は期限切れです} other {グループの変更: {who} を {group} {action, select, add {に追加} other {から削除}}}}',
  'change.lead': '{lead} {said}',
  'change.notice':
    '{action, select, add {{by} があなたをグループ {group} に追加しました (accessbot 経由)。} other {{by} があなたをグループ {group} から削除しました (accessbot 経由)。}}',
  'change.noticeTitle': 'グループのメンバーシップが変わりました',
  'change.unknown':
    'そのコードの保留中の変更は見つかりません (ずっと前に期限切れになった可能性があります)。何も変更していません。まだ必要なら、もう一度 `group` コマンドを入力してください。',
  'change.secondAdmin':
    'このグループへの追加には 2 人目の管理者が必要です。accessbot の別の管理者 (追加される本人以外) が確定します。',
  'change.secondAdminRefused':
    'このグループへの追加には 2 人目の管理者が必要です。accessbot の別の管理者 (追加される本人以外) が確定します。何も変更していません。',
  'change.notRequester':
    'この変更を確定またはキャンセルできるのは、依頼した本人だけです。何も変更していません。',
  'change.underWay':
    'この変更は現在実行中です。少ししてから `members <グループ>` で結果を確認してください。',
  'change.alreadySettled': 'この変更はすでに完了しています。二重には実行していません。',
  'change.nothingToDo':
    '{action, select, add {{who} はすでに {group} のメンバーです。何もすることはありません。} other {{who} は {group} のメンバーではありません。何もすることはありません。}}',
  'bind.inAChannel':
    '紐付けはチャンネル用です: グループの `members` に答えさせたいチャンネルで `group bind <グループ>` と入力してください。',
  'bind.done':
    '{who} がこのチャンネルを {group} に紐付けました: ここで `members` と入力するとメンバーが表示されます。',
  'bind.notBound': 'このチャンネルはどのグループにも紐付いていません。',
  'bind.undone': 'このチャンネルは {group} に紐付かなくなりました。',
  'members.whichGroup':
    'どのグループですか? `members <グループ>` と入力してください。{inChannel, select, yes {グループの管理者は `group bind <グループ>` で、ここで `members` だけで答えるようにできます。} other {}}',
  'rules.nobodyManages':
    'まだ誰もチャットからグループのメンバーを変更できません: accessbot の管理者が GROUP_ADMINS_GROUP または GROUP_MANAGERS で有効にします。',
  'rules.mayNotManage':
    '{group} のメンバーを変更する権限はありません: 変更できるのは{who, select, both {グループの管理者と accessbot の管理者} admins {accessbot の管理者} other {グループの管理者}}だけです。何も変更していません。',
  'rules.noAuditors':
    '{what, select, report {レポートを読めるのは監査担当者だけですが、設定されていません: accessbot の管理者が AUDITORS_GROUP にそのグループを指定します。} other {ほかの人の履歴を読めるのは監査担当者だけですが、設定されていません: accessbot の管理者が AUDITORS_GROUP にそのグループを指定します。`history` だけなら自分の履歴を表示します。}}',
  'rules.notAuditor':
    '{what, select, report {レポートを読めるのは監査担当者だけです。} other {ほかの人の履歴を読めるのは監査担当者だけです。`history` だけなら自分の履歴を表示します。}}',
  'rules.notAllowed': '許可されていません',
  'rules.nobodyOnBehalf':
    'まだ誰も他の人の代わりにアクセスを申請できません: accessbot の管理者が REQUEST_ON_BEHALF_GROUP で有効にします。何も申請されていません。',
  'rules.notOnBehalf':
    'アクセスを申請できるのはご自身の分だけです: 他の人の代理申請は accessbot の管理者が許可した人だけができます。何も申請されていません。',
  'history.own': '最近の自分の操作',
  'history.everyone': '全員の最近の操作',
  'history.of': '{name} が行った最近の操作',
  'history.line': '{when}: {withActor, select, yes {{actor}: } other {}}{what}',
  'history.decision':
    '{task} {outcome, select, approved {を承認} declined {を却下} started {の{action, select, approve {承認} other {却下}}を開始 (結果は未記録)} unconfirmed {の承認: 確認待ちのため未承認} wrong_code {の承認: 確認コードが違うため未承認} other {の{action, select, approve {承認} other {却下}}: {outcome, select, already_decided {すでに決定済み} not_assignee {担当外} self_approval {自分の申請} not_found {見つかりません} other {失敗}}}}{withReason, select, yes { — 「{reason}」} other {}}',
  'history.batched':
    '{what} (一括操作の一件: {decision, select, keep {残り全員を維持} other {残り全員を取り消し}}、一括 {id})',
  'history.taskId': 'タスク {id}',
  'history.task':
    '「{title}」{withApp, select, yes { ({app}{withBy, select, yes {、申請者 {by}} other {}})} other {{withBy, select, yes { (申請者 {by})} other {}}}}、タスク {id}',
  'history.someone': '誰か',
  'history.change':
    '{mine, select, yes {{action, select, add {あなたを {group} に追加しました} other {あなたを {group} から削除しました}} ({actor} による)} other {{action, select, add {{who} を {group} に追加} other {{who} を {group} から削除}}: {outcome, select, added {完了} removed {完了} already_member {すでにメンバー、変更なし} not_member {メンバーではない、変更なし} group_not_found {グループはもうありません} person_not_found {その人はもういません} not_allowed {拒否: グループを管理する権限なし} not_requester {拒否: ほかの人の変更} cancelled {キャンセル} expired {未確定のまま期限切れ} other {失敗}}}}',
  'history.unavailable': '現在、履歴を表示できません。後でもう一度お試しください。',
  'auditHead.title': '監査チェーンの先頭 ({day})',
  'auditHead.posted':
    '監査ログのチェーンはエントリ {entry}、リンク {link}、ハッシュ {hash} で終わっています。',
  'auditHead.check':
    'このメッセージを保管してください: `npm run audit -- --verify --head {hash}` で、それ以降ログが書き換えられていないことを確認できます。',
  'receipt.note': '受領コード {code} — `receipt {code}` で記録内容を表示します。',
  'receipt.title': '受領コード {code}',
  'receipt.unknown':
    'あなたに関する受領コード {code} の記録はありません。決定の返信に表示されたコードを確認してください。',
  'receipt.what': '内容',
  'receipt.who': '実行者',
  'receipt.when': '日時',
  'receipt.how': '確認方法',
  'receipt.through':
    '{platform, select, slack {Slack} teams {Microsoft Teams} other {ターミナル}}、アカウント {account} から',
  'receipt.hash': 'エントリのハッシュ',
  'receipt.noHash': '監査ログがチェーン化される前の記録',
  'history.emptySummary': '{title}: まだありません。',
  'history.empty': 'まだありません: 決定やグループの変更がここに表示されます。',
  'history.heading': '{title} ({count, plural, other {# 件}}、新しい順)',
  'history.summary': '{heading}: {lines}',
  'parse.appUsage':
    '使い方: `app <アプリ>` でアプリケーションを表示します。所有者は `app set <アプリ> <フィールド> <値>`、`app clear <アプリ> <フィールド>`、`app policy <アプリ> [level <権限レベル>] <申請の種類> <ポリシー>` で変更できます。空白を含む名前は引用符で囲みます: `app set "AWS Console" Sensitive yes`。',
  'parse.appValueTooLong': 'その値は長すぎます (上限は {max} 文字)。',
  'app.about': 'このアプリケーションについて',
  'app.cardTitle': 'アプリケーション',
  'app.back': '戻る',
  'app.none': 'なし',
  'app.noDescription': '説明はありません。',
  'app.summary': '{app}: {description} 権限レベル: {levels}。',
  'app.field.levels': '権限レベル',
  'app.field.defaults': '既定で付与されるグループ',
  'app.field.sensitive': '機密アプリケーション',
  'app.field.hiddenFrom': '非表示のグループ',
  'app.sensitive':
    '{sensitivity, select, yes {はい: 承認には確認が必要です} no {いいえ} other {読み取れないため、承認には確認が必要です}}',
  'app.fieldUnset': '未設定',
  'app.fieldSecret': '秘密: チャットには表示しません',
  'app.holdersTitle':
    '{more, select, yes {アクセスできる人: {count} 人より多く} other {アクセスできる人: {count, plural, other {# 人}}}}',
  'app.holdersNone': '{app} にアクセスできる人はいません。',
  'app.holdersShown': 'ここには最初の {shown} 人を表示しています。',
  'app.holder': '{name}{withLevel, select, yes { — {level}} other {}}',
  'app.policiesTitle': 'accessbot で設定したポリシー',
  'app.policiesNone': 'accessbot で設定したポリシーはまだありません。',
  'app.policyFor': '{type}{withLevel, select, yes { ({level})} other {}}',
  'app.policySet': '{policy} ({by} が {when} に設定)',
  'app.policiesElsewhere':
    'Access Service は現在どのポリシーが適用されているかを示しません。accessbot 以外で設定したポリシーはここに表示されません。',
  'app.compatibleTitle': '選べるポリシー',
  'app.requestType':
    '{type, select, AccessRequest {アクセス申請} EntitlementReview {アクセスレビュー} OffboardingStep {オフボーディング手順} other {{name}}}',
  'app.howToRequest': '`request {app} [権限レベル] -- <理由>` でアクセスを申請できます。',
  'app.howToChange':
    '`app set {app} <フィールド> <値>`、`app clear {app} <フィールド>`、`app policy {app} [level <権限レベル>] <申請の種類> <ポリシー>` で変更できます。変更は確定するまで行われません。',
  'app.button.request': 'アクセスを申請',
  'app.button.requestSpoken': '{app} へのアクセスを申請',
  'app.button.field': 'フィールドを設定',
  'app.button.fieldSpoken': '{app} のフィールドを設定または消去',
  'app.button.policy': 'ポリシーを選ぶ',
  'app.button.policySpoken': '{app} の申請を誰が承認するかを選ぶ',
  'app.button.mark': '{mark, select, yes {機密にする} other {機密を解除する}}',
  'app.button.markSpoken':
    '{mark, select, yes {{app} を機密にする} other {{app} の機密を解除する}}',
  'app.form.fieldTitle': 'フィールドを設定',
  'app.form.field': 'フィールド',
  'app.form.value': '新しい値',
  'app.form.valuePlaceholder': '空にするとフィールドを消去します',
  'app.form.policyTitle': 'ポリシーを選ぶ',
  'app.form.policy': 'ポリシー',
  'app.form.level': '対象',
  'app.form.wholeApp': 'アプリケーション全体',
  'app.form.submit': '次へ',
  'app.formIncomplete': 'フォームが未完成です。変更する内容を選んで、もう一度送信してください。',
  'app.formStale':
    'このフォームは古くなっています。選択肢が変わりました。カードをもう一度開いてください (`app <アプリ>`)。',
  'app.nothingToChoose':
    '{kind, select, field {ここで変更できるフィールドはありません。} other {ここで選べるポリシーはありません: Access Service が何も示していません。}}',
  'app.change.field':
    '{clear, select, yes {{app} の {field} を消去} other {{app} の {field} を「{value}」に設定}}',
  'app.change.policy':
    '{app}{withLevel, select, yes { ({level})} other {}} の{type}のポリシーを {policy} に設定',
  'app.change.unnamed':
    '{action, select, app_field {{app} の{withField, select, yes {{field}} other {フィールド}}を変更} other {{app} のポリシーを変更}}',
  'app.change.ask': '確認: {what}しますか?',
  'app.change.app': 'アプリケーション',
  'app.change.fieldLabel': 'フィールド',
  'app.change.now': '現在',
  'app.change.becomes': '変更後',
  'app.change.cleared': '値なし (消去)',
  'app.change.requestType': '申請の種類',
  'app.change.lastSet': 'accessbot で最後に設定したもの',
  'app.change.noneKnown': '不明',
  'app.change.confirm': '確定',
  'app.change.confirmSpoken': '確定: {what}',
  'app.change.cancelSpoken': 'キャンセル: {what}',
  'app.change.summary':
    '{title} {who, select, second {2 人目の管理者が確定します} other {確定またはキャンセルしてください}} ({id})。期限: {expires}。',
  'app.change.howTo':
    '{who, select, second {accessbot の別の管理者が `confirm {id}` と入力するまで、何も変わりません。キャンセルもできます (`cancel {id}`)。} other {確定 (`confirm {id}`) またはキャンセル (`cancel {id}`) するまで、何も変わりません。}}',
  'app.outcome':
    '{outcome, select, changed {完了: {what}しました。} conflict {その間にほかの人が {app} を変更したため、何も変更していません。カードを開き直して、もう一度お試しください。} not_found {{app}、または変更の対象は Access Service にもうありません。何も変更していません。} not_allowed {{app} を変更する権限がなくなりました。何も変更していません。} not_requester {この変更を確定またはキャンセルできるのは、依頼した本人だけです。} cancelled {キャンセルしました: {what}していません。} expired {この確認は期限切れのため、{what}していません。まだ必要なら、もう一度依頼してください。} other {Access Service は変更を行いませんでした。何も変更していません。後でもう一度お試しください。}}',
  'app.outcomeUnsure':
    'Access Service が応答しなかったため、{what}できたかどうか分かりません。読み返せるポリシーはありません。もう一度選んでも問題ありません。',
  'app.outcomeTitle':
    '{outcome, select, changed {{app} を変更しました} cancelled {変更をキャンセルしました} expired {変更は期限切れです} other {{app} は変更されていません}}',
  'app.mayNot': '{app} を変更する権限はありません。何も変更していません。',
  'app.fieldNotSendable':
    'Access Service は {app} の {field} を、インターフェースが受け付けない ID (UUID ではない) で示しているため、チャットからは変更できません。何も変更していません。',
  'app.secretField':
    '{field} は秘密のフィールドです。accessbot はチャットで表示も変更もしません。何も変更していません。',
  'app.secretValue':
    'この値は認証情報（キー、トークン、パスワード、接続文字列）の形をしています。チャットの履歴に残るため、accessbot はチャットから {field} に設定しません。何も変更していません。',
  'app.ownersAdmins':
    '{app} の所有者 ({field}) を変更できるのは accessbot の管理者だけです。何も変更していません。',
  'app.secondAdmin':
    '{app} の機密を解除するには 2 人目の管理者が必要です。accessbot の別の管理者が確定します。',
  'app.secondAdminRefused':
    '{app} の機密を解除するには 2 人目の管理者が必要です。accessbot の別の管理者が確定します。何も変更していません。',
  'app.underWay':
    'この変更は現在実行中です。少ししてからカードを開き直すと (`app {app}`)、結果を確認できます。',
  'app.nothingToDo':
    '{clear, select, yes {{app} の {field} には値がありません。何もすることはありません。} other {{app} の {field} はすでに「{value}」です。何もすることはありません。}}',
  'app.noField': '{app} に「{typed}」というフィールドは見つかりません。フィールド: {fields}。',
  'app.severalFields':
    '「{typed}」に当てはまる {app} のフィールドが複数あります: {fields}。どれですか?',
  'app.noSensitiveField': '{app} には機密を示すフィールドがありません。',
  'app.whichType':
    'どの申請の種類ですか? ポリシーの前に指定してください: {types} (または `request`、`review`、`offboarding`)。',
  'app.noLevel':
    '{several, select, yes {「{typed}」に当てはまる {app} の権限レベルが複数あります: {levels}。どれですか?} other {{app} に「{typed}」という権限レベルはありません。権限レベル: {levels}。}}',
  'app.noPolicy':
    '{several, select, yes {「{typed}」に当てはまる{type}のポリシーが複数あります: {policies}。どれですか?} other {{type}に「{typed}」というポリシーはありません。選べるポリシー: {policies}。}}',
  'history.app':
    '{what}: {outcome, select, changed {完了} conflict {その間に変更あり、何もしていません} not_found {もうありません} not_allowed {拒否: 権限なし} not_requester {拒否: ほかの人の変更} cancelled {キャンセル} expired {未確定のまま期限切れ} other {失敗}}',
  'history.request':
    '{mine, select, yes {あなたの {what} へのアクセスを申請 ({actor} さんが代理)} other {{who} さんの {what} へのアクセス申請: {outcome, select, filed {完了} not_allowed {拒否: 代理申請は許可されていません} other {Access Service に受け付けられませんでした}}}}',
  'report.seconds': '{n} 秒',
  'report.minutes': '{n} 分',
  'report.hours': '{n} 時間',
  'report.days': '{n} 日',
  'report.age':
    '{bucket, select, under_1h {1 時間未満} 1h_to_1d {1 時間〜1 日} 1d_to_3d {1〜3 日} 3d_to_7d {3〜7 日} 7d_to_30d {7〜30 日} other {30 日以上}}',
  'report.title': 'accessbot レポート',
  'report.period': '{since} 〜 {until}',
  'report.made': '未処理のタスクの集計日時: {at}',
  'report.notRecorded': '記録なし',
  'report.decisions': '決定',
  'report.inChat': 'チャットで {count} 件',
  'report.elsewhere': 'ほかで {count} 件',
  'report.decisionsSplit': 'チャットで {chat} 件、ほかで {elsewhere} 件',
  'report.median': '決定までの時間の中央値',
  'report.p90': '90 パーセンタイル',
  'report.openTasks': '未処理のタスク',
  'report.reminders': '送信したリマインダー',
  'report.escalations': '送信したエスカレーション',
  'report.nudges': '送信した催促',
  'report.whereDecided': 'チャットで決定、またはほかで決定',
  'report.openByAge': '経過時間別の未処理のタスク',
  'report.byApplication': 'アプリケーション別の決定までの時間',
  'report.byApprover': '承認者別の決定までの時間',
  'report.byTaskType': 'タスクの種類別の決定までの時間',
  'report.column.byApplication': 'アプリケーション',
  'report.column.byApprover': '承認者',
  'report.column.byTaskType': 'タスクの種類',
  'report.taskType':
    '{type, select, AccessRequest {アクセス申請} EntitlementReview {アクセスの見直し} OffboardingStep {オフボーディングの手順} other {{name}}}',
  'report.count': '決定',
  'report.medianColumn': '中央値',
  'report.medianShort': '中央値',
  'report.noDecisions': 'この期間の決定はありません。',
  'report.noOpenTasks': '未処理のタスクはありません。',
  'report.more': 'ほか {n} 件 (CSV と JSON の形式ではすべて表示されます)',
  'report.footnote':
    'タスクの待ち時間は、作成 (Access Service の記録、なければ accessbot が承認者に最初に送ったメッセージ) から承認または却下までです: accessbot 経由 (チャット) か、accessbot のポーラーが Access Service で決定済みと見つけたもの (ほか) です。リマインダーとエスカレーションは accessbot が送信を予定した時点で数えます。未処理のタスクは、accessbot が承認者に知らせ、まだ決定を確認していないものです。',
  'report.chat.title': '過去 {days, plural, other {# 日}}のレポート',
  'report.chat.decisions':
    '決定 {total, plural, other {# 件}}: チャットで {inChat} 件、ほかで {elsewhere} 件',
  'report.chat.waits': '決定までの時間: 中央値 {median}、90 パーセンタイル {p90}',
  'report.chat.slowest': '最も遅いアプリケーション (90 パーセンタイル): {names}',
  'report.chat.slow': '{name} {p90}',
  'report.chat.open': '未処理のタスク: {total} 件 (うち 1 週間以上待っているもの {overWeek} 件)',
  'report.chat.sent':
    '送信: リマインダー {reminders, plural, other {# 件}}、エスカレーション {escalations, plural, other {# 件}}、催促 {nudges, plural, other {# 件}}',
  'report.chat.full':
    'グラフと、すべてのアプリケーション、承認者、タスクの種類を含む完全なレポートは、accessbot の運用担当者に依頼してください。運用担当者が accessbot のホストで `npm run report -- --days {days} --format html --out report.html` を実行して作成します。',
  'report.chat.cannotRead': '現在、レポートを作成できません。後でもう一度お試しください。',
  'report.chat.busy': '別のレポートを作成中です。少し待ってから、もう一度お試しください。',
  'report.chat.tooLarge':
    '{days, plural, other {直近 # 日間}}の監査記録は {max, number} 件を超えており、チャットのレポートで読める量を超えています。日数を減らして依頼するか、accessbot の運用担当者に完全なレポート（`npm run report`）を依頼してください。',
  'report.chat.cutShort':
    '{days, plural, other {直近 # 日間}}のレポートは、完成する前に {seconds} 秒で打ち切られたため、数値は表示しません。日数を減らして依頼するか、accessbot の運用担当者に完全なレポート（`npm run report`）を依頼してください。',
  'report.chat.summary': '{title}: {lines}',
  'poller.newForChannel': '承認者への新しいタスク',
  'poller.newNotifyOnly': '新しいタスク: Access Service で決定してください',
  'poller.new': 'あなたの決定を待つ新しいタスク',
  'poller.reminder': 'リマインダー: まだあなたの決定を待っています',
  'poller.reminderFollowUp':
    '「{title}」は{withSince, select, yes { {since} から} other {}}まだあなたの決定を待っています。上のカードで承認または却下してください。',
  'poller.itsApprovers': '承認者',
  'poller.escalation': '「{title}」は {who} の決定を {age}待っています。',
  'poller.escalationTitle': 'エスカレーション: {age}待っています',
  'poller.escalated': 'エスカレーションしたタスク',
  'poller.requestOutcome': '{what} へのアクセス申請: {outcome}。',
  'poller.requestOutcomeTitle':
    '{state, select, approved {アクセス申請が承認されました} declined {アクセス申請が却下されました} other {アクセス申請が決定されました}}',
  'poller.outcomeNote':
    '更新: {withWho, select, yes {{who} の} other {}}{what} は{state, select, approved {承認されました} declined {却下されました} gone {もうありません} pending {再び決定を待っています} other {現在 {status} です}}{withBy, select, yes { ({by} による)} other {}}{buttons, select, yes { — 上のボタンはもう使えません} other {}}',
  'poller.anApplication': 'アプリケーション',
  'poller.requestGone': '申請はもうありません',
  'poller.requestDecided': '決定済み',
  'render.andMore': 'ほか {count} 件',
  'render.shell.type': '入力: {approve}、または decline {ref} -- <理由>',
  'render.shell.sentTo': '{person} に送信しました: {title}',
  'render.shell.update': '更新',
  'render.shell.greeting':
    'accessbot — あなたは {email} です。`help` でコマンド一覧、`quit` で終了します。',
  'slack.formFailed':
    '申請フォームを開けませんでした。1 行で入力することもできます: `request <アプリ> [権限レベル] -- <申請理由>`。',
  'slack.staleButton':
    'このボタンは無効です (タスクを指していません)。スラッシュコマンドで `tasks` と入力すると、自分のタスクを確認できます。',
  'slack.staleForm':
    'このフォームは古くなっています。閉じてから、もう一度「却下」をクリックしてください。',
  'slack.reasonTooLong': '{max} 文字以内でお願いします。',
  'slack.invalidChange':
    'このボタンは無効です (グループの変更を指していません)。何も変更していません。',
  'slack.declineTitle': 'タスクを却下',
  'slack.declineText': 'タスク `{id}` を却下します。理由は決定とともに記録されます。',
  'slack.reasonLabel': '理由 (任意)',
  'slack.reasonPlaceholder': '却下する理由は?',
  'slack.cancel': 'キャンセル',
  'slack.approveTitle': '承認を確定',
  'slack.busy':
    '現在混み合っているため受け付けられませんでした。少ししてからもう一度お試しください。',
  'slack.busySubmit': '現在混み合っています。少ししてからもう一度送信してください。',
  'slack.busyOption': '混み合っています。少ししてから入力し直してください',
  'slack.unavailableOption': 'Access Service が応答していません。少ししてからお試しください',
  'slack.noLevels': '{app} に権限レベルはありません: アプリケーションそのものを申請します。',
  'slack.chooseLevel': 'レベルを選択',
  'slack.moreLevels': 'ほか {count} 個のレベルは一覧にありません: 1 行のコマンドを使ってください。',
  'slack.requestTitle': 'アクセスを申請',
  'slack.requestSubmit': '申請',
  'slack.searchApps': '入力してアプリケーションを検索',
  'slack.whyPlaceholder': '必要な理由は? 承認者が読みます。',
  'slack.requestFor': '他の人の分',
  'slack.requestForPlaceholder': '名前またはメールアドレス。ご自身の分なら空のまま',
  'slack.requestStale': 'このフォームは古くなっています。閉じて最初からやり直してください。',
  'slack.chooseFromList': '一覧からアプリケーションを選んでください。',
  'slack.chooseALevel': 'レベルを選んでください。',
  'slack.notAnApp':
    'それはアプリケーションではありません: 少ししてから名前を入力し直して選んでください。',
  'slack.formAgain': '{note} スラッシュコマンドと `request` でフォームをもう一度開いてください。',
  'home.recentUnavailable': '現在、最近の操作を表示できません。',
  'home.recentEmpty': 'ここやスラッシュコマンドで行った決定とグループの変更が下に表示されます。',
  'home.decision':
    '{outcome, select, approved {承認} declined {却下} started {開始済み (結果は未記録)} already_decided {ほかの人がすでに決定} not_assignee {拒否 (担当外)} self_approval {拒否 (自分の申請)} not_found {タスクはもうありません} unconfirmed {未承認 (機密: 確認待ち)} wrong_code {未承認 (確認コードの誤り)} other {失敗}} · {when} · {task}{withReason, select, yes { — 「{reason}」} other {}}',
  'render.slack.shortened':
    '長いテキストはここでは短縮しています (Slack のメッセージに入る量には限りがあります)。',
  'render.teams.leftOut':
    'ほかに {what}は表示していません (Teams のメッセージ 1 件には長すぎます)。',
  'render.teams.shortened':
    '長いテキストはここでは短縮しています (Teams のメッセージに入る量には限りがあります)。',
  'render.slack.leftOut': 'ほかに {what}は表示していません (Slack には長すぎます)。',
  'render.moreTasks': '{count, plural, other {# 件のタスク}}',
  'render.moreParts': '{count, plural, other {# 個の部分}}',
  'render.slack.more': 'その他',
  'render.slack.moreDetails': 'ほか {count} 項目',
  'render.slack.willApprove': '承認するタスク:',
  'render.slack.approveTasks': '{count, plural, other {# 件のタスク}}を承認しますか?',
  'render.slack.approveAll': 'すべて承認',
  'teams.noPrivateChat':
    '個別に回答を送れませんでした。私とのチャットを開くか (個人用アプリとして追加して)、そこで聞いてください。',
  'teams.formSummary': 'アプリケーションへのアクセスを申請',
  'teams.defaultLevel': 'アプリケーションの既定のレベル',
  'teams.chooseApp': 'アプリケーションを選んでください',
  'teams.whyPlaceholder': 'このアクセスが必要な理由は?',
  'teams.justificationTooLong': '申請理由は {max} 文字以内です。',
  'teams.badSearch': '理解できない検索です。',
  'teams.badDataset': '不明なデータセット「{dataset}」です。',
  'teams.badAction': 'ボタンから理解できる操作が送られてきませんでした。',
  'teams.noTask': 'このボタンはタスクを指していません。',
  'teams.badConfirmation': 'この確認は無効です。',
  'teams.reasonTooLong': '理由は {max} 文字以内です。',
  'teams.noTasks': 'このボタンは承認するタスクを指していません。',
  'teams.cardNoTask': 'このカードはタスクを指していません。',
  'teams.noApp': 'このボタンはアプリケーションを指していません。',
  'teams.required': '選択または入力してください。',
  'teams.noChange': 'このボタンはグループの変更を指していません。',
  'teams.unknownAction': '操作「{verb}」はわかりません。',
  'teams.unknownSpeaker':
    'あなたが誰かわかりません: Teams が組織のどのアカウントを使っているかを伝えてこないため、代わりに操作できません。',
  'teams.unknownInvoke': 'accessbot はこの呼び出しを扱いません。',
  'teams.refresh': '更新',
  'teams.reasonLabel': '理由 (任意)',
  'teams.reasonPlaceholder': '却下する理由は?',
  'teams.noActionId': 'この操作には ID がありません。',
  'teams.replayed': 'この操作はすでに受け取り、一度実行しました。',
  // The requester's side: `requests`, `nudge`, and an approver's "looking at it".
  'usage.requests':
    'requests — 自分のアクセス申請: それぞれの状況、申請した時期、承認を待っている相手',
  'usage.nudge':
    'nudge <番号または ID> — 判断待ちの申請を承認者にリマインドします (リマインド期間ごとに 1 回)',
  'usage.looking': 'looking <番号または ID> — タスクを確認中であることをほかの承認者に示します',
  'parse.whichRequest': 'どの申請ですか? `requests` の番号を指定してください。使い方: {usage}',
  'parse.whichTaskOne': 'どのタスクですか? 一度に 1 件です。使い方: {usage}',
  'button.looking': '確認中',
  'button.lookingSpoken':
    '{withPerson, select, yes {{person} の } other {}}{what}{withLevel, select, yes { {level}} other {}} を確認中と伝える',
  'requests.none':
    '把握しているアクセス申請はありません。`request <アプリ>` でアクセスを申請できます。',
  'requests.title': '自分のアクセス申請',
  'requests.state':
    '{state, select, waiting {{who} の判断待ち} approved {{withBy, select, yes {{by} が} other {}}承認済み} declined {{withBy, select, yes {{by} が} other {}}却下{withReason, select, yes {: 「{reason}」} other {}}} unknown {不明: Access Service がこの申請のタスクを示していません} other {{withBy, select, yes {{by}: } other {}}{status}}}',
  'requests.item':
    '{n}. {what} — {stateText}、申請: {age}{withNudged, select, yes {、リマインド: {nudged}} other {}}',
  'requests.howToNudge': '判断待ちの申請は `nudge {n}` で承認者にリマインドできます。',
  'requests.onBehalf': '({filer, select, yes {{name} さんの分} other {{name} さんによる代理申請}})',
  'nudge.off': 'ここではリマインドが無効なため、催促もできません。何も送信していません。',
  'nudge.noNumberListed':
    '申請番号 {n} はありません。直前の `requests` の一覧は {count, plural, other {# 件}}でした。`requests` と入力すると確認できます。',
  'nudge.noNumberNoList':
    '申請番号 {n} はありません。番号は直前の `requests` の一覧を指しますが、まだ一覧がありません。`requests` と入力すると確認できます。',
  'nudge.notYours':
    'これはあなたの申請ではないため、リマインドできません。`requests` と入力すると自分の申請を確認できます。',
  'nudge.notWaiting':
    '{what} の申請はもう判断待ちではありません: {stateText}。何も送信していません。',
  'nudge.tooSoon':
    '{what} の承認者には、すでにリマインドしています ({age})。{next} 以降 ({wait}) に再度リマインドできます。',
  'nudge.tooSoonTitle': 'まだリマインドしていません',
  'nudge.nobody':
    '{what} の承認者は誰も accessbot を使っていないため、リマインドできませんでした。',
  'nudge.sent': '{what} について {who} にリマインドしました。',
  'nudge.later': '{name} は勤務時間外です。リマインドは {at} に届きます。',
  'nudge.andThen': '{first}{then}',
  'nudge.next': '{next} 以降 ({wait}) に再度リマインドできます。',
  'nudge.message':
    '{requester} が「{title}」についてのあなたの判断を待っています (待ち時間: {age})。カードで判断するか、`tasks` と入力してください。',
  'nudge.messageTitle': '{requester} からのリマインド',
  'look.line': '{name} が確認中です ({since} から)',
  'look.done':
    'あなたが確認中であることが、ほかの承認者に {minutes} 分間、または判断されるまで表示されます。',
  'look.alreadyYours': '{since} から確認中として表示されています ({until} まで)。',
  'look.alreadyOther':
    '{name} がすでに確認中です ({since} から)。表示は {until} まで、または判断されるまで続きます。',
  'look.notWaiting': 'このタスクはもうあなたの判断を待っていないため、確認するものはありません。',
  // 申請者への質問 (`ask`、`answer`) と不在 (`away`、`back`)。
  'usage.ask': 'ask <番号または ID> -- <質問> — 判断の前に、自分のタスクの申請者に質問します',
  'usage.answer':
    'answer <申請番号またはコード> -- <回答> — 自分の申請についての承認者の質問に回答します (1 回)',
  'usage.away':
    'away until <日付> [-- メモ] — 不在を伝えます (例: `away until 金曜日`)。タスクのほかの承認者に伝わり、あなたへのリマインドは止まります',
  'usage.back': 'back — 予定より早く戻ったことを伝えます',
  'parse.askUsage': 'どのタスクについて、何を質問しますか? 使い方: {usage}',
  'parse.whichQuestion': 'どの質問に、どう回答しますか? 使い方: {usage}',
  'parse.awayUsage': 'いつまで不在ですか? 使い方: {usage}',
  'button.ask': '申請者に質問',
  'button.askSpoken':
    '{withPerson, select, yes {{person} の } other {}}{what}{withLevel, select, yes { {level}} other {}} について申請者に質問する',
  'button.answer': '回答する',
  'button.answerSpoken': '{asker} の質問に回答する',
  'ask.off':
    'ここでは質問を届けられません (accessbot が自分からメッセージを送らない設定です)。何も質問していません。',
  'ask.notWaiting': 'このタスクはもうあなたの判断を待っていないため、質問することはありません。',
  'ask.noRequester': 'このタスクには申請者が示されていないため、質問する相手がいません。',
  'ask.yourOwn': 'これはあなた自身の申請です。ほかに質問する相手はいません。',
  'ask.unreachable':
    '{requester} は accessbot を使っていないため、質問を届けられません。何も質問していません。直接問い合わせてください。',
  'ask.tooMany':
    'この申請にはすでに {max} 件の質問があります。判断するか、申請者に直接問い合わせてください。',
  'ask.tryAgain': 'うまくいきませんでした。もう一度お試しください。',
  'ask.done':
    '{requester} に質問しました: 「{question}」。回答はこのタスクのカードに、すべての承認者向けに表示されます。このタスクについてのあなたへのリマインドは、回答があるまで (最長 {hold}) 待ちます。',
  'ask.waiting':
    '{mine, select, yes {あなたの質問} other {{asker} の質問}} ({when}) がまだ回答を待っています: 「{question}」。質問は一度に 1 件で、すべての承認者のカードに表示されます。',
  'ask.theRequester': '申請者',
  'ask.aTask': 'タスク',
  'ask.line':
    '{mine, select, yes {あなたから} other {{asker} から}} {requester} への質問 ({when}): 「{question}」 — {answered, select, yes {回答 ({answeredAt}): 「{answer}」} other {未回答}}',
  'ask.message':
    '{asker} から、あなたの申請「{what}」について判断前の質問があります: 「{question}」',
  'ask.messageTitle': '{asker} からの質問',
  'ask.howToAnswer':
    'ボタンで回答するか、`answer {code} -- <回答>` と入力してください。回答は 1 回だけで、申請のすべての承認者に表示されます。',
  'ask.answered':
    '{asker} から「{what}」について質問がありました: 「{question}」。あなたの回答 ({when}): 「{answer}」。申請のすべての承認者に表示されます。',
  'ask.answeredTitle': '{asker} に回答しました',
  'ask.closed':
    '{asker} から「{what}」について質問がありました: 「{question}」。{state, select, approved {申請は承認されたため} declined {申請は却下されたため} gone {タスクはもう存在しないため} other {判断済みのため}}、回答は不要になりました。',
  'ask.closedTitle': '{asker} からの質問 (終了)',
  'ask.note':
    '「{what}」についての質問 (「{question}」) に {requester} が回答しました: 「{answer}」。タスクのカードにも表示されます。',
  'ask.noteTitle': '{requester} からの回答',
  'answer.noNumber':
    '直前の `requests` の一覧に申請番号 {n} はありません。`requests` と入力すると確認できます。',
  'answer.noneOnRequest': '`requests` の一覧の申請 {n} には、あなたへの質問はありません。',
  'answer.ambiguous': 'そのコードに当てはまる質問が複数あります。もう少し長く入力してください。',
  'answer.noSuchCode':
    'そのコードの、あなた宛ての質問はありません。回答待ちの質問は `requests` で確認できます。',
  'answer.notYours': 'この質問はあなた宛てではないため、回答できません。',
  'answer.already':
    'この質問にはすでに回答しています ({when}): 「{answer}」。回答は 1 回だけです。',
  'answer.decided': '{asker} が質問した申請はもう判断待ちではないため、回答は不要です。',
  'answer.done':
    '{asker} に回答を送りました: 「{answer}」。申請のカードに、すべての承認者向けに表示されます。',
  'away.line': '{name} は {day} まで不在です{withNote, select, yes { — 「{note}」} other {}}',
  'away.whichDay':
    '「{said}」を日付として読み取れません。`away until 金曜日`、`away until 明日`、`away until 月曜日` のように入力してください。',
  'away.notAhead':
    '{day} は今日より後ではありません。明日以降の日付を指定してください (その日の始まりまで不在になります)。',
  'away.tooFar': '{max} 日より先は指定できません。最も遠い日付は {last} です。',
  'away.done':
    '{day} まで不在として登録しました。その日に戻る予定です{withNote, select, yes { (「{note}」)} other {}}。判断待ちのタスクのほかの承認者とエスカレーションチャンネルに伝え、それまであなたへのリマインドは止まります。あなたのタスクがほかの人に移ることはありません。早く戻った場合は `back` と入力してください。',
  'away.doneTitle': '不在',
  'away.notAway': '不在として登録されていません。',
  'away.back': 'おかえりなさい。不在の表示を終え、タスクのリマインドを再開します。',
  'away.person': '{name} ({day} まで)',
  'away.whoElse':
    '不在: {away}。{withOthers, select, yes {{others} も判断できます。} other {その間、ほかに判断できる人はいません。}}',
  'requests.question':
    '{asker} からの質問があなたの回答を待っています: 「{question}」 — `answer {n} -- <回答>` と入力してください。',
  'nudge.allAway': '{what} について、誰にもリマインドしていません。{away}',
  'nudge.awaySkipped': '{away}不在の承認者にはリマインドしません。',
  'history.question':
    '{action, select, ask {{toMe, select, yes {{who} から{task} について質問} other {{who} に{task} について質問}}} other {{toMe, select, yes {{who} が{task} についての質問に回答} other {{who} の{task} についての質問に回答}}}}: 「{text}」',
  'history.passkeys': '{who} さんのパスキーをリセット（{count}）',
  'history.away':
    '{outcome, select, away {{day} まで不在{withNote, select, yes { — 「{note}」} other {}}} back {復帰 ({day} まで不在の予定)} other {{day} までの不在: 予定日に終了}}',
  'poller.awayNotice':
    '{away}。「{title}」はあなたの判断も待っています。カードで判断するか、`tasks` と入力してください。',
  'poller.awayNoticeTitle': '{name} は不在です',
  'slack.askTitle': '申請者に質問',
  'slack.askSubmit': '質問する',
  'slack.askText':
    'タスク `{id}` についての質問が申請者に届き、申請者は 1 回回答します。質問と回答は申請のすべての承認者のカードに表示されます。',
  'slack.questionLabel': '質問',
  'slack.answerTitle': '質問に回答',
  'slack.answerText': '回答は 1 回だけです。申請のすべての承認者に表示されます。',
  'slack.answerLabel': '回答',
  'slack.awayTitle': '不在',
  'slack.awaySubmit': '保存',
  'slack.awayText':
    '選んだ日の始まりまで、判断待ちのタスクのほかの承認者とエスカレーションチャンネルに不在を伝え、あなたへのリマインドを止めます。あなたのタスクがほかの人に移ることはありません。',
  'slack.awayDayLabel': '不在の終わり (この日に戻ります)',
  'slack.awayNoteLabel': 'ほかの人へのメモ (任意)',
  'slack.awayNoDay': '戻る日を選んでください。',
  'slack.awayButton': '不在にする…',
  'slack.backButton': '戻りました',
  'home.away': '{day} まで不在です{withNote, select, yes { — 「{note}」} other {}}。',
  'teams.questionLabel': '申請者への質問',
  'teams.questionPlaceholder': '判断の前に知りたいことは何ですか?',
  'teams.askSubmit': '質問する',
  'teams.answerLabel': '回答',
  'teams.answerPlaceholder': '回答は 1 回だけで、すべての承認者に表示されます。',
  'teams.questionEmpty': '先に質問を入力してください。',
  'teams.answerEmpty': '先に回答を入力してください。',
  'report.campaignsHeading': 'アクセスレビューのキャンペーン',
  'report.campaignsDefined':
    'キャンペーンとは、1 人のレビュアーが担当する、同じ日 (UTC) に開始された 1 つのアプリケーションと権限レベルのレビューです。レビューの期限は Access Service が示す日付、なければ開始から REVIEW_DUE_DAYS 日後です。期限後に判断されたレビューがあれば遅延、期限を過ぎて未判断のものがあれば期限超過です。',
  'report.campaignsNone': 'この期間に開始されたアクセスレビューのキャンペーンはありません。',
  'report.campaignsCut':
    'この期間の最初の {max} 件のキャンペーンのみを表示しています。残りを見るには期間を短くしてください。',
  'report.campaignColumn':
    '{column, select, application {アプリケーション} reviewer {レビュアー} opened {開始} due {期限} reviews {レビュー数} kept {維持} revoked {取り消し} late {遅延} status {状態} other {所要時間}}',
  'report.campaignStatus':
    '{status, select, on_time {期限内に完了} late {遅れて完了} open {進行中} other {期限超過}}',
  'report.campaigns':
    '{any, select, no {アクセスレビュー: 開始されたキャンペーンなし} other {アクセスレビュー: キャンペーン {count, plural, other {# 件}} (レビュー {reviews, plural, other {# 件}}): 期限内に完了 {onTime}、遅れて完了 {late}、進行中 {open}、期限超過 {overdue}}}',
  'report.asksHeading': '質問と不在',
  'report.questions':
    '申請者への質問 {asked, plural, other {# 件}}、回答 {answered} 件 (回答までの時間: 中央値 {median}、90 パーセンタイル {p90})',
  'report.awayWaits':
    '不在の承認者を待ったタスク {tasks, plural, other {# 件}} (中央値 {median}、90 パーセンタイル {p90})',
  // 毎日のまとめ (`digest`)。
  'usage.digest':
    'digest [daily <HH:MM> | both <HH:MM> | off] — 待っているタスクを毎日決まった時刻に 1 通のメッセージで受け取ります (`daily`: その時だけ、`both`: 届くたびにも)',
  'parse.digestUsage':
    'タスクをどう受け取りますか? `digest daily 09:00`、`digest both 09:00`、`digest off` のように入力してください。使い方: {usage}',
  'parse.digestTime':
    '「{time}」は時刻ではありません。24 時間制の時と分で入力してください (例: `digest {mode} 09:00`)。',
  'digest.current':
    '{mode, select, daily {毎日 {time} ({zone}) にまとめが届きます。新しいタスクは 1 件ずつ届かず、まとめを待ちます。} both {新しいタスクは届くたびに届き、毎日 {time} ({zone}) にまとめも届きます。} other {新しいタスクは届くたびに届きます。毎日のまとめはありません。`digest daily 09:00` で設定できます。}}',
  'digest.saved': '保存しました。{current}',
  'digest.savedTitle': '毎日のまとめ',
  'digest.title': '毎日のまとめ: {count, plural, other {# 件のタスク}}があなたを待っています',
  'digest.waiting': '待ち時間',
  'digest.confirmFirst':
    'この承認には確認が必要なため、ここにはボタンがありません。`approve {number}` と入力してください。',
  'digest.more': '…ほか {count, plural, other {# 件}}は表示していません。`tasks` で確認できます。',
  'digest.howTo':
    '`approve 1` (または `approve 1 2`) で承認、`decline 1 -- <理由>` で却下します。届く時刻は `digest` で確認・変更できます。',
  'slack.digestMode':
    '{mode, select, daily {毎日のまとめのみ} both {届くたびに、と毎日のまとめ} other {届くたびに}}',
  'digest.approveAll': '表示中をすべて承認 ({count})',
  'workflow.badInput':
    'ステップの{field, select, app {アプリケーション} level {権限レベル} justification {申請理由} person {申請の対象者} filer {申請者} other {入力}}が未入力か長すぎます。入力してください (アプリケーションと申請理由は必須です)。',
  'workflow.filerNotLinked':
    'このワークフローを実行した人の Access Service アカウントが見つかりません (Slack プロフィールのメールアドレスに該当する Access ユーザーがいません)。「Person who filed it」を「Person who used this workflow」に割り当ててください。',
  'workflow.personNotLinked':
    '申請の対象者の Access Service アカウントが見つかりません (Slack プロフィールのメールアドレスに該当する Access ユーザーがいません)。',
  'workflow.personUnavailable':
    '申請の対象者を Slack から確認できませんでした。何も申請されていません。ワークフローをもう一度実行してください。',
  'workflow.ended': '申請は決定されずに終了しました ({state})。',
  'workflow.interrupted':
    '申請中に accessbot が停止しました。申請されたかどうかは不明です。対象者は `requests` で自分の申請を確認できます。',
  'usage.reviews': 'reviews — 保留中のアクセスレビュー(アプリとレベルごと、番号付き)',
  'usage.review':
    'review <番号またはアプリ> [page <ページ番号>] — アクセスレビューの 1 グループ: 各メンバーを維持または取り消し(残り全員は `review 1 keep all`、`review 1 revoke all -- <理由>`、先に確認)',
  'parse.whichReview': 'どのレビューのグループですか? {usage}',
  'reviews.badPage': 'ページは 1 から 100 の数字です(例: `review 1 page 2`)。',
  'reviews.reasonOnlyRevoke':
    '`--` の後に理由を書けるのは `revoke all` だけです: `review 1 revoke all -- <理由>`。1 人だけ理由付きで取り消すには `decline <タスクID> -- <理由>`。',
  'reviews.none': '待機中のアクセスレビューはありません。',
  'reviews.title':
    '{groups, plural, other {# グループ}}で {count, plural, other {# 件のアクセスレビュー}}が待っています',
  'reviews.summary': '{title}: {items}',
  'reviews.group':
    '{number}. {group}: レビュー {count} 件{withOldest, select, yes {、最も古いもの {oldest} から} other {}}',
  'reviews.howTo':
    '`review 1`(または `review <アプリ>`)でグループを開き、各メンバーを維持または取り消します。',
  'reviews.noGroup':
    '「{target}」のアクセスレビューはありません。`reviews` でグループを確認できます。',
  'reviews.whichGroup':
    'このアプリのレビューは複数のレベルで待っています。番号で開いてください: {choices}',
  'reviews.choice': '`review {number}` — {group} ({count})',
  'reviews.groupTitle':
    '{group}: レビュー {count} 件{pages, plural, one {} other {({page}/{pages} ページ)}}',
  'reviews.row':
    '{person}{withLevel, select, yes { · {level}} other {}}{withSince, select, yes { · {since} から待機} other {}}{withDefaults, select, yes { · {defaults} により既定で付与} other {}} · `{id}`',
  'reviews.keep': '維持',
  'reviews.revoke': '取り消し',
  'reviews.keepSpoken': '{person} の {group} へのアクセスを維持',
  'reviews.revokeSpoken': '{person} の {group} へのアクセスを取り消し',
  'reviews.more': '…ほか {count, plural, other {# 人}}: 次のページは `{next}` と入力してください。',
  'reviews.groupHowTo':
    '1 人を維持: `approve <タスクID>`、取り消し: `decline <タスクID> -- <理由>`。残り全員({count}): `review {number} keep all` または `review {number} revoke all -- <理由>`。',
  'reviews.revokeWhy':
    '{group} の残り全員を取り消すには、全員に共通の理由が 1 つ必要です: `review {number} revoke all -- <理由>`。',
  'reviews.batchAsk':
    '{group} の残り全員({count, plural, other {# 人}})のアクセスを{decision, select, keep {維持} other {取り消し}}しますか?',
  'reviews.batchSummary': '{title} `confirm {code}` で確認、`cancel {code}` で取り消し。',
  'reviews.batchReason': '全員に共通の理由: {reason}',
  'reviews.batchConfirm':
    '{count, plural, other {# 人}}を{decision, select, keep {維持} other {取り消し}}',
  'reviews.batchHowTo':
    '確認するまで何も決定されません: `confirm {code}` または `cancel {code}`。1 人ずつ決定し、その間に他で決定された人はそのままにします。',
  'reviews.batchUnderWay': '{group} のレビューは現在決定中です。',
  'reviews.batchSettled':
    '{lead} {group} の残り全員の{decision, select, keep {維持} other {取り消し}}: {outcome, select, cancelled {取り消されました。何も決定されていません} expired {期限切れです。何も決定されていません} done {完了} partial {一部完了。`reviews` で残りを確認できます} other {許可されていません}}。',
  'reviews.batchDone':
    '{group}: {count, plural, other {# 人}}中 {done} 人を{decision, select, keep {維持} other {取り消し}}',
  'reviews.keepAll': '残り全員を維持 ({count})',
  'reviews.revokeAll': '残り全員を取り消し ({count})…',
  'reviews.keepAllSpoken': '{group} の残り全員({count})のアクセスを維持(先に確認)',
  'reviews.revokeAllSpoken':
    '{group} の残り全員({count})のアクセスを共通の理由で取り消し(先に確認)',
  'reviews.revokeAllTitle': '残り全員を取り消し',
  'reviews.reasonLabel': '全員に共通の理由',
  'reviews.next': '次へ',
  'reviews.groupGone':
    'これらのレビューはもう待機していません。`reviews` で現在のグループを確認できます。',
  'reviews.batchDoneSummary': '{title}: {items}',
  'reviews.cardTitle': '{group} のアクセスレビュー: 残り {left, plural, other {# 人}}',
  'reviews.cardSummary': '{title} — {progress}',
  'reviews.progress':
    '{total} 件中 {reviewed} 件レビュー済み{withDue, select, yes {、期限 {due}} other {}}',
  'reviews.cardDone': '{group} のアクセスレビュー: {total, plural, other {# 件すべて}}レビュー済み',
  'reviews.reminderTitle':
    '{step, select, week {アクセスレビューの期限まであと 1 週間} twoDays {アクセスレビューの期限まであと 2 日} other {アクセスレビューの期限は今日}}: {group}',
  'reviews.reminder':
    '{group} のレビューが残り {left, plural, other {# 人}}、期限は {due} です。`review {number}` で開けます。',
  'reviews.escalationTitle': 'アクセスレビューの期限切れ: {group}',
  'reviews.escalation':
    '{group} のアクセスレビュー {total} 件中 {left} 件が {who} を待っています。期限は {due} でした。',
  'reviews.batchItem':
    '{name} (`{id}`): {outcome, select, approved {維持} declined {取り消し} already_decided {他で決定済み、変更なし} not_assignee {タスク一覧にもうありません} self_approval {ご自身のアクセスのため、他のレビュアーに残しました} not_found {存在しません} not_tried {未決定: サービスの障害で中止しました} other {未決定: サービスが失敗しました}}',
  'usage.passkeys':
    'passkeys — 求められたときに重要な承認や変更を確認するパスキー（`passkeys add`、`passkeys remove <番号>`、管理者: `passkeys reset <人>`）',
  'parse.passkeys':
    '`passkeys`、`passkeys add`、`passkeys remove <番号>`、または `passkeys reset <人>` と入力してください。',
  'stepup.chat.ask':
    '{enrolled, select, yes {下のリンクで開くページで、パスキーで確認してください。} other {パスキーで確認してください。下のリンクで開くページが、まずあなたのパスキーを（この端末またはセキュリティキーに）作成し、それから求めます。}}このリンクはあなた専用で、一度だけ使え、{minutes} 分で期限切れになります。それまで何も決定されません。',
  'stepup.chat.open': 'パスキーのページを開く',
  'stepup.chat.add':
    '新しいパスキーを保存するブラウザーまたは端末で下のリンクを開いてください。まずお持ちのパスキーを求め、それから新しいパスキーを作成します。このリンクはあなた専用で、一度だけ使え、{minutes} 分で期限切れになります。',
  'stepup.add.summary': 'accessbot アカウント用の新しいパスキー',
  'stepup.page.add': 'パスキーを追加',
  'stepup.page.proven': 'パスキーで本人確認ができました。新しいパスキーを作成しています…',
  'stepup.page.added': '新しいパスキーを追加しました。',
  'passkeys.off': 'ここではパスキーを使用していません。確認には表示されるコードを使います。',
  'passkeys.none':
    'パスキーはまだありません。必要になった最初の確認で、作成用のリンクをお送りします。',
  'passkeys.list': 'あなたのパスキー（{count}）:',
  'passkeys.item': '{n}. 追加 {added}、{wasUsed, select, yes {最終使用 {usedAt}} other {未使用}}',
  'passkeys.howTo': '`passkeys add` で追加、`passkeys remove <番号>` で削除できます。',
  'passkeys.removed': 'パスキー {n} を削除しました。',
  'passkeys.noSuch': 'パスキー番号 {n} はありません。`passkeys` で一覧を確認してください。',
  'passkeys.lastOne':
    'これは唯一のパスキーです。削除すると、次にあなたのチャットアカウントを使う人が新しいパスキーを作成できてしまうため、残します。紛失した場合は管理者がリセットします。',
  'passkeys.resetDone':
    '{name} さんのパスキーを削除しました（{count}）。次の確認で新しいパスキーを作成するリンクが送られます。',
  'passkeys.resetNotAdmin': '他の人のパスキーをリセットできるのは accessbot の管理者だけです。',
  'stepup.page.title': 'パスキーで確認',
  'stepup.page.what': '確認する内容:',
  'stepup.page.confirm': 'パスキーで確認する',
  'stepup.page.enrol': 'パスキーを作成して確認する',
  'stepup.page.working': 'パスキーを待っています…',
  'stepup.page.enrolled': 'パスキーを作成しました。これで確認しています…',
  'stepup.page.cancelled':
    'パスキーの画面が閉じられたか失敗しました。何も決定されていません。もう一度お試しください。',
  'stepup.page.noScript': 'このページのパスキー画面には JavaScript が必要です。',
  'stepup.refused.unknown': 'このリンクは無効です。何も決定されていません。',
  'stepup.refused.used': 'このリンクは使用済みです。これ以上何も決定されていません。',
  'stepup.refused.expired':
    'このリンクは期限切れです。何も決定されていません。チャットで新しいリンクを求めてください。',
  'stepup.refused.notYours':
    'このパスキーは、リンクを送られた人のものではありません。何も決定されていません。',
  'stepup.refused.failed': 'パスキーを検証できませんでした。何も決定されていません。',
  'stepup.refused.counter':
    'このパスキーのカウンターが進んでいません（コピーされたキーのように）。何も決定されていません。',
  'stepup.refused.enrolled':
    'リンクを送られた人にはすでにパスキーがあります。リンクから新しいパスキーは作成しません。何も決定されていません。',
  'stepup.refused.unlinked': 'リンクを送られた人は現在操作できません。何も決定されていません。',
};
