/**
 * German (Sie-Form). Command words and what is typed in backticks stay English: they are what
 * people type. The placeholders and the branches of every plural and select are the English
 * catalog's (test/core/i18n/catalogs.test.ts).
 */
import type { Catalog } from './en.ts';

export const de: Catalog = {
  'usage.help': 'help — was ich kann',
  'usage.tasks': 'tasks — Ihre offenen Aufgaben, nummeriert',
  'usage.approve':
    'approve <Nummer oder ID> [weitere…] — Ihre Aufgaben genehmigen (z. B. `approve 1 3`)',
  'usage.decline': 'decline <Nummer oder ID> [weitere…] -- <Grund> — sie ablehnen, mit Begründung',
  'usage.members':
    'members [Gruppenname oder ID] — wer in einer Gruppe ist (für den ganzen Kanal beantwortet; ohne Gruppe: die Gruppe, an die der Kanal gebunden ist)',
  'usage.groups': 'groups — die Benutzergruppen',
  'usage.apps': 'apps [Suche] — die Anwendungen, die Sie beantragen können',
  'usage.app':
    'app <Anwendung> — die Karte einer Anwendung: Stufen, Felder und wer Zugriff hat; wer sie besitzt, ändert sie (`app set <Anwendung> <Feld> <Wert>`, `app clear <Anwendung> <Feld>`, `app policy <Anwendung> [level <Stufe>] <Anfragetyp> <Richtlinie>`)',
  'usage.request':
    'request <Anwendung> [Berechtigungsstufe] [for <Person>] -- <Begründung> — Zugriff beantragen (für andere, wenn ein Admin es Ihnen erlaubt)',
  'usage.group':
    'group add|remove <Gruppe> <Person> — ändern, wer in einer Gruppe ist, wenn Sie sie verwalten (Sie bestätigen zuerst, `confirm <code>` oder `cancel <code>`); group bind <Gruppe> — `members` in diesem Kanal für sie antworten lassen; group unbind — die Bindung wieder lösen',
  'usage.history': 'history — Ihre letzten Aktionen (Prüfer: history <Person> oder history all)',
  'usage.receipt':
    'receipt <Beleg> — was zu einer Entscheidung aufgezeichnet wurde: der Code aus ihrer Antwort (Prüfer: zu jeder)',
  'usage.report':
    'report [Tage] — für Prüfer: Entscheidungszeiten, offene Aufgaben, Erinnerungen und Eskalationen der letzten {days} Tage (oder der angegebenen Zahl von Tagen)',
  'parse.tooLong':
    '{what, select, message {Diese Nachricht} reason {Dieser Grund} groupName {Dieser Gruppenname} search {Diese Suche} appName {Dieser Anwendungsname} justification {Diese Begründung} question {Diese Frage} answer {Diese Antwort} note {Diese Notiz} person {Dieser Name} other {Dieser Text}} ist zu lang ({length} Zeichen; höchstens {max}).',
  'parse.noSuchNumber':
    'Es gibt keine Aufgabe mit der Nummer {word}; die Nummern stammen aus Ihrer Liste `tasks`.',
  'parse.notATask':
    '„{word}“ ist keine Aufgabe. Nehmen Sie die Nummer aus `tasks` oder die ersten {min} oder mehr Zeichen der Aufgaben-ID (etwa 3f2b8c).',
  'parse.whichTask': 'Welche Aufgabe? Verwendung: {usage}',
  'parse.tooManyTasks': 'Bitte höchstens {max} Aufgaben auf einmal.',
  'parse.reasonAfterDashes':
    '{said} Ein Grund steht nach `--`, z. B. `decline {first} -- {reason}`.',
  'parse.unknownCommand':
    'Den Befehl „{word}“ kenne ich nicht. Mit `help` sehen Sie, was ich kann.',
  'parse.unknownCommandGuess':
    'Den Befehl „{word}“ kenne ich nicht. Meinten Sie `{guess}`? Mit `help` sehen Sie, was ich kann.',
  'parse.noArguments': '`{name}` erwartet keine Argumente. Verwendung: {usage}',
  'parse.approveNoReason': '`approve` erwartet keinen Grund. Verwendung: {usage}',
  'parse.reportDays': '`report` erwartet eine Anzahl Tage von 1 bis {max}. Verwendung: {usage}',
  'parse.receipt':
    'Ein Beleg besteht aus 10 Buchstaben und Ziffern, wie ihn die Antwort auf eine Entscheidung zeigt, z. B. `receipt 7K3QD-9X2MA`. Verwendung: {usage}',
  'parse.confirmation':
    'Geben Sie eine Bestätigung mit dem Code ein, den sie zeigt: `confirm <code>` (oder `approve <task> confirm <code>` für eine Aufgabe).',
  'parse.whichApp': 'Welche Anwendung? Verwendung: {usage}',
  'parse.whoFor': 'Für wen? Nennen Sie die Person nach `for`. Verwendung: {usage}',
  'parse.unbindNoArguments':
    '`group unbind` erwartet keine Argumente: Es löst die Bindung des Kanals, in dem Sie es eingeben.',
  'parse.bindWhichGroup': 'Welche Gruppe? Verwendung: `group bind <Gruppe>`, im Kanal eingegeben.',
  'parse.groupNameTooLong': 'Dieser Gruppenname ist zu lang (höchstens {max} Zeichen).',
  'parse.groupUsage': 'Verwendung: {usage}',
  'parse.changeUsage':
    'Verwendung: `group {action} <Gruppe> <Person>`, die Person als Erwähnung, E-Mail-Adresse oder Name, z. B. `group {action} Engineering grace@example.com` oder `group {action} "All Staff" "Grace Hopper"`.',
  'parse.whichGroupAndWho': 'Welche Gruppe, und wer? {usage}',
  'parse.groupAndPersonTooLong': 'Das ist zu lang für eine Gruppe und eine Person.',
  'parse.onePerson': 'Bitte nur eine Person auf einmal. {usage}',
  'parse.whichChange':
    'Welche Änderung? Geben Sie `{name} <code>` mit dem Code aus der Bestätigung ein, z. B. `{name} k3m9q2xa`.',
  'parse.whichConfirmation':
    'Was bestätigen? Geben Sie `confirm <code>` mit dem Code ein, den die Bestätigung zeigt.',
  'parse.nameTooLong': 'Dieser Name ist zu lang (höchstens {max} Zeichen).',
  'card.anApplication': 'eine Anwendung',
  'card.aUser': 'ein Benutzer',
  'card.title.accessRequest': 'Zugriffsantrag: {app}{withLevel, select, yes { ({level})} other {}}',
  'card.title.review':
    'Zugriffsprüfung: {user} für {app}{withLevel, select, yes { ({level})} other {}}',
  'card.title.offboardingStep': 'Offboarding: {step}',
  'card.title.offboarding': 'Offboarding: {user}',
  'card.title.offboardingOn': 'Offboarding: {user} für {app}',
  'card.title.otherOn': '{type}: {app}{withLevel, select, yes { ({level})} other {}}',
  'card.field.requestedBy': 'Beantragt von',
  'card.field.for': 'Für',
  'card.field.application': 'Anwendung',
  'card.field.level': 'Berechtigungsstufe',
  'card.field.justification': 'Begründung',
  'card.field.since': 'Seit',
  'card.field.task': 'Aufgabe',
  'card.outcome':
    '{state, select, approved {Genehmigt} declined {Abgelehnt} other {{status}}}{withBy, select, yes { von {by}} other {}}{withWhen, select, yes { am {when}} other {}}{withReason, select, yes { — „{reason}“} other {}}',
  'card.sensitive':
    '{sensitivity, select, yes {Sensible Anwendung: Zum Genehmigen bestätigen Sie Anwendung, Stufe und Person.} other {Es ließ sich nicht prüfen, ob diese Anwendung sensibel ist; zum Genehmigen bestätigen Sie daher Anwendung, Stufe und Person.}}',
  'card.gone.title': 'Aufgabe gibt es nicht mehr',
  'card.gone.outcome': 'Diese Aufgabe wurde aus dem Access Service entfernt.',
  'button.approve': 'Genehmigen',
  'button.approveConfirming': 'Genehmigen…',
  'button.confirmApproval': 'Genehmigung bestätigen',
  'button.decline': 'Ablehnen',
  'button.approveSpoken':
    '{what}{withLevel, select, yes { {level}} other {}}{withPerson, select, yes { für {person}} other {}} genehmigen',
  'button.declineSpoken':
    '{what}{withLevel, select, yes { {level}} other {}}{withPerson, select, yes { für {person}} other {}} ablehnen',
  'button.approveAll': 'Alle {count} genehmigen',
  'button.approveAllSpoken':
    '{count, plural, one {Die eine Aufgabe genehmigen} other {Alle # Aufgaben genehmigen}}: {tasks}',
  'tasks.none': 'Sie haben keine offenen Aufgaben.',
  'tasks.notShown':
    '…und {count, plural, one {# weitere Aufgabe} other {# weitere Aufgaben}} nicht angezeigt. Entscheiden Sie einige und geben Sie dann wieder `tasks` ein.',
  'tasks.howTo':
    '{several, select, yes {Genehmigen mit `approve 1` (oder `approve 1 2`), ablehnen mit `decline 1 -- <Grund>`.} other {Genehmigen mit `approve 1`, ablehnen mit `decline 1 -- <Grund>`.}}',
  'tasks.title': 'Sie haben {count, plural, one {# offene Aufgabe} other {# offene Aufgaben}}',
  'help.summary': 'Befehle: {commands}',
  'help.title': 'Was ich kann',
  'help.naming':
    'Eine Aufgabe nennen Sie mit ihrer Nummer aus Ihrer letzten Liste `tasks` oder mit den ersten 6 oder mehr Zeichen ihrer ID.',
  'help.englishWords': 'Befehle werden auf Englisch eingegeben, wie gezeigt.',
  'taskMessage.decided': '{title}: {outcome}',
  'taskMessage.waiting': '{lead}: {title}',
  'taskMessage.waitingLead': 'Wartet auf Ihre Entscheidung',
  'refs.noNumberListed':
    'Es gibt keine Aufgabe mit der Nummer {n}. Ihre letzte Liste `tasks` hatte {count, plural, one {# Aufgabe} other {# Aufgaben}}. Geben Sie `tasks` ein, um sie zu sehen.',
  'refs.noNumberNoList':
    'Es gibt keine Aufgabe mit der Nummer {n}. Nummern beziehen sich auf Ihre letzte Liste `tasks`, und für Sie habe ich noch keine. Geben Sie `tasks` ein, um sie zu sehen.',
  'refs.severalStart':
    'Mehrere Ihrer Aufgaben beginnen mit {prefix}; geben Sie mehr von der ID ein oder nehmen Sie die Nummer aus `tasks`.',
  'refs.noneStart':
    'Keine Ihrer offenen Aufgaben hat eine ID, die mit {prefix} beginnt. Geben Sie `tasks` ein, um sie zu sehen.',
  'refs.askReason':
    'Noch nichts abgelehnt: Bitte nennen Sie den Grund. Geben Sie `decline {named} -- <Grund>` ein oder `decline {named} --`, um ohne Grund abzulehnen.',
  'refs.askReasonTitle': 'Warum ablehnen?',
  'refs.askReasonNext':
    'Noch nichts abgelehnt. Geben Sie den Grund als nächste Nachricht ein — oder `--`, um ohne Grund abzulehnen, oder `cancel`, um nichts abzulehnen.',
  'refs.reasonStillAsked':
    'Noch nichts abgelehnt: Der Grund wird noch erwartet. Geben Sie ihn als nächste Nachricht ein (mit `--` davor, um das eben Getippte zu nehmen) oder `cancel`, um nichts abzulehnen.',
  'refs.reasonLeft': 'Nichts abgelehnt. Mit `tasks` sehen Sie, was auf Ihre Entscheidung wartet.',
  'decided.task': 'Aufgabe {id}',
  'decided.item':
    '{title}: {outcome, select, approved {genehmigt} declined {abgelehnt} already_decided {bereits entschieden} not_assignee {nicht in Ihrer Aufgabenliste} self_approval {Ihr eigener Antrag} not_found {gibt es nicht mehr} unconfirmed {übersprungen — eine sensible Anwendung: einzeln genehmigen und bestätigen} other {fehlgeschlagen}}{withMore, select, yes { — {more}} other {}}',
  'decided.title':
    '{count} von {total, plural, one {# Aufgabe} other {# Aufgaben}} {decision, select, approve {genehmigt} other {abgelehnt}}',
  'decided.summary': '{title}. {items}',
  'decide.notYours':
    'Diese Aufgabe ist nicht in Ihrer Aufgabenliste, daher kann ich sie weder zeigen noch entscheiden. Das können nur ihre Genehmigenden. Mit `tasks` sehen Sie Ihre.',
  'decide.alreadyDecided': 'Diese Aufgabe wurde bereits entschieden',
  'decide.noLongerYours':
    '„{title}“ ist Ihnen nicht mehr zugewiesen, daher können Sie sie nicht mehr entscheiden.',
  'decide.done':
    'Sie haben „{title}“ {decision, select, approve {genehmigt} other {abgelehnt}}.{withReason, select, yes { Grund: „{reason}“.} other {}}',
  'decide.unconfirmed':
    'Der Access Service hat Ihre Entscheidung zu „{title}“ nicht bestätigt und antwortet gerade nicht; ob sie angekommen ist, kann ich nicht sagen. Geben Sie in einer Minute `tasks` ein, um es zu sehen.',
  'decide.notTaken':
    'Der Access Service hat Ihre Entscheidung zu „{title}“ nicht angenommen; die Aufgabe ist weiter offen. Bitte versuchen Sie es noch einmal.',
  'decide.someoneElse': 'Jemand hat diese Aufgabe vor Ihnen entschieden',
  'decide.slowButDecided':
    'Der Access Service hat langsam geantwortet, aber die Aufgabe ist jetzt entschieden',
  'decide.leadOutcome': '{lead}: {outcome}.',
  'decide.lead': '{lead}.',
  'decide.selfApproval':
    '„{title}“ ist Ihr eigener Antrag, daher können Sie ihn nicht genehmigen: Das muss eine andere genehmigende Person tun. Ablehnen können Sie ihn weiterhin.',
  'decide.thisApplication': 'diese Anwendung',
  'decide.theRequester': 'die antragstellende Person',
  'decide.confirmText':
    '{sensitivity, select, yes {{app} ist eine sensible Anwendung.} other {Ich konnte nicht prüfen, ob {app} eine sensible Anwendung ist, daher frage ich.}} Mit der Genehmigung erhält {person} Zugriff auf {app}{withLevel, select, yes { mit der Stufe {level}} other {}}: Bitte unten bestätigen.',
  'decide.confirmQuestion':
    '{sensitivity, select, yes {{app} ist eine sensible Anwendung.} other {Ich konnte nicht prüfen, ob {app} eine sensible Anwendung ist, daher frage ich.}} {person} Zugriff auf {app}{withLevel, select, yes { mit der Stufe {level}} other {}} gewähren?',
  'decide.confirmTitle': 'Diese Genehmigung bestätigen',
  'decide.wrongCode':
    'Dieser Code bestätigt diese Genehmigung nicht: Er wurde falsch eingegeben, galt jemand anderem, oder der Antrag hat sich seitdem geändert. Es wurde nichts genehmigt. {asks}',
  'decide.expiredCode':
    'Diese Bestätigung ist abgelaufen (ein Code gilt {minutes} Minuten): Es wurde nichts genehmigt. Hier ist eine neue. {asks}',
  'confirm.approvalCancelled':
    'Abgebrochen: Es wurde nichts genehmigt. Die Aufgabe wartet weiter auf Ihre Entscheidung.',
  'confirm.nothingWaits':
    'Unter dem Code {code} wartet keine Bestätigung auf Sie: Vielleicht ist er vertippt, abgelaufen oder schon erledigt. Es wurde nichts getan. Prüfen Sie den Code oder geben Sie den Befehl noch einmal ein, um eine neue Bestätigung zu erhalten.',
  'decide.gone': 'Diese Aufgabe gibt es nicht mehr.',
  'error.noEmail':
    'Auf Ihrem Chat-Profil sehe ich keine E-Mail-Adresse, daher weiß ich nicht, wer Sie im Access Service sind. Bitten Sie Ihre Administration zu prüfen, ob accessbot E-Mail-Adressen lesen darf.',
  'error.noMatch':
    'Ihre Chat-E-Mail-Adresse ({email}) gehört zu keinem Benutzer des Access Service, daher kann ich nicht für Sie handeln. Bitten Sie Ihre Zugriffsverwaltung, sie hinzuzufügen, und versuchen Sie es in einer Minute noch einmal.',
  'error.profile':
    'Ich konnte Ihr Chat-Profil gerade nicht lesen (der Chat-Dienst hat nicht geantwortet), daher weiß ich nicht, wer Sie sind. Es wurde nichts geändert; bitte versuchen Sie es in einer Minute noch einmal.',
  'error.credentials':
    'Der Access Service hat die Zugangsdaten von accessbot abgelehnt, daher kann ich gerade nichts tun. Bitte sagen Sie es der Person, die accessbot betreibt.',
  'error.wrongAddress':
    'accessbot ist mit einer falschen Adresse des Access Service eingerichtet, daher kann ich gerade nichts tun. Bitte sagen Sie es der Person, die accessbot betreibt.',
  'error.unavailable':
    'Der Access Service antwortet gerade nicht. Es wurde nichts geändert; bitte versuchen Sie es in einer Minute noch einmal.',
  'error.tooMuch':
    'Der Access Service hat mehr geschickt, als accessbot lesen soll, daher habe ich aufgehört zu lesen. Es wurde nichts geändert; die Administration ist über die Protokolle informiert.',
  'error.garbled':
    'Der Access Service hat eine Antwort geschickt, die ich nicht verstehe. Es wurde nichts geändert; die Administration ist über die Protokolle informiert.',
  'error.notFound': 'Der Access Service kennt dieses Element nicht mehr.',
  'error.rejected': 'Der Access Service hat diese Anfrage abgelehnt. Es wurde nichts geändert.',
  'error.ours':
    'Bei mir ist etwas schiefgegangen. Es wurde nichts geändert; die Administration ist informiert.',
  'error.store':
    'Ich kann gerade nicht helfen. Bitte versuchen Sie es in einer Minute noch einmal.',
  'context.has': 'Hat bereits',
  'context.defaults': 'Standardmäßig über',
  'context.waiting': 'Wartezeit',
  'context.recent': 'Letzte Anträge',
  'context.nothing': 'noch nichts',
  'context.aLevel': 'eine Stufe',
  'context.access': 'Zugriff',
  'context.decided': '{approved} genehmigt, {declined} abgelehnt in den letzten {days} Tagen',
  'context.noneDecided': 'keiner entschieden in den letzten {days} Tagen',
  'usual.line':
    'Die Entscheidung über Anträge für {app} dauert hier meist höchstens {median} (bei 9 von 10 höchstens {p90}).',
  'usual.waited':
    'Wartet schon {waited}; die Entscheidung über Anträge für {app} dauert hier meist höchstens {median} (bei 9 von 10 höchstens {p90}).',
  'usual.after': '{said} {usual}',
  'time.underAMinute': 'weniger als eine Minute',
  'time.justNow': 'vor weniger als einer Minute',
  'time.inUnderAMinute': 'in weniger als einer Minute',
  'bot.slowDown':
    'Sie sind schneller, als ich mithalten kann. Es wurde nichts getan: Warten Sie ein paar Sekunden und versuchen Sie es dann noch einmal.',
  'bot.slowDownTitle': 'Langsamer, bitte',
  'request.quoted': '„{name}“',
  'request.severalApps': '„{typed}“ passt zu mehreren Anwendungen: {apps}. Welche meinen Sie?',
  'request.noApp': 'Ich habe keine Anwendung namens „{typed}“ gefunden. Mit `apps` sehen Sie alle.',
  'request.noAppGuess': 'Ich habe keine Anwendung namens „{typed}“ gefunden. Meinten Sie {apps}?',
  'request.severalLevels':
    '{app} hat mehrere Berechtigungsstufen: {levels}. Nennen Sie eine, z. B. `request {app} {first}{who} -- warum Sie ihn brauchen`.',
  'request.levelMatchesSeveral': '„{typed}“ passt zu mehreren Stufen von {app}.',
  'request.noSuchLevel': '{app} hat keine Berechtigungsstufe „{typed}“.',
  'request.chooseLevel': '{what} Wählen Sie eine von {levels}.',
  'request.what': 'Worauf möchten Sie Zugriff? Verwendung: {usage}',
  'request.chooseApp': 'Wählen Sie eine Anwendung.',
  'request.appUnavailable': 'Diese Anwendung ist nicht verfügbar; wählen Sie eine andere.',
  'request.formNoSuchLevel':
    '{app} hat diese Berechtigungsstufe nicht; wählen Sie eine ihrer Stufen.',
  'request.formSeveralLevels': '{app} hat mehrere Berechtigungsstufen; wählen Sie eine.',
  'request.appLevel': '{app} ({level})',
  'request.alreadyPending': 'Sie haben bereits einen offenen Antrag für {what}.',
  'request.alreadyPendingFor': '{person} hat bereits einen offenen Antrag für {what}.',
  'request.forPerson': '{what} für {person}',
  'request.refused': 'Der Access Service hat einen Antrag für {what} nicht angenommen.',
  'request.refusedSaying':
    'Der Access Service hat einen Antrag für {what} nicht angenommen: {detail}',
  'request.done':
    'Zugriff auf {what} beantragt. Die Genehmigenden wurden gefragt.{withJustification, select, yes { Begründung: „{justification}“.} other {}}',
  'members.title': '{name} — {count, plural, one {# Mitglied} other {# Mitglieder}}',
  'members.none': '{name} hat keine Mitglieder.',
  'members.summary': '{title}: {names}',
  'list.described': '{name} — {description}',
  'groups.noId': 'Es gibt keine Gruppe mit der ID {id}.',
  'groups.several': '„{typed}“ passt zu mehreren Gruppen: {groups}. Welche meinen Sie?',
  'groups.none': 'Ich habe keine Gruppe namens „{typed}“ gefunden. Mit `groups` sehen Sie alle.',
  'groups.noneGuess': 'Ich habe keine Gruppe namens „{typed}“ gefunden. Meinten Sie {groups}?',
  'groups.empty': 'Es gibt keine Benutzergruppen.',
  'groups.summary': 'Gruppen: {names}',
  'groups.title': '{count, plural, one {# Gruppe} other {# Gruppen}}',
  'groups.hint': 'Wer in einer ist, sehen Sie mit `members <Gruppe>`.',
  'apps.noMatch': 'Keine Anwendung passt zu „{search}“.',
  'apps.empty': 'Es gibt keine Anwendungen.',
  'apps.title': '{count, plural, one {# Anwendung} other {# Anwendungen}}',
  'apps.titleMatching':
    '{count, plural, one {# Anwendung passt} other {# Anwendungen passen}} zu „{search}“',
  'apps.summary': '{title}: {names}',
  'apps.hint': 'Zugriff beantragen Sie mit `request <Anwendung> [Stufe] -- <Begründung>`.',
  'person.mentioned': 'die erwähnte Person',
  'person.withEmail': '{name} ({email})',
  'person.noMentions':
    'Erwähnungen funktionieren hier nicht: Nennen Sie die Person mit ihrer E-Mail-Adresse.',
  'person.mentionUnavailable':
    'Ich konnte die erwähnte Person gerade nicht nachschlagen (der Chat-Dienst hat nicht geantwortet). Es wurde nichts geändert; versuchen Sie es in einer Minute noch einmal oder nennen Sie die Person mit ihrer E-Mail-Adresse.',
  'person.mentionUnknown':
    'Ich kann nicht sagen, wer die erwähnte Person im Access Service ist (ihr Chat-Profil zeigt keine E-Mail-Adresse eines Access-Benutzers). Nennen Sie sie stattdessen mit ihrer E-Mail-Adresse.',
  'person.noAddress': 'Niemand im Access Service hat die Adresse {email}.',
  'person.noAddressGuess':
    'Niemand im Access Service hat die Adresse {email}. Meinten Sie {guesses}?',
  'person.several':
    '{named} passt zu mehreren Personen: {people}. Welche meinen Sie? Nennen Sie sie mit ihrer E-Mail-Adresse.',
  'person.nobody':
    'Ich habe niemanden namens {named} gefunden. Nennen Sie die Person mit ihrer E-Mail-Adresse.',
  'person.nobodyGuess': 'Ich habe niemanden namens {named} gefunden. Meinten Sie {guesses}?',
  'change.field.person': 'Person',
  'change.field.group': 'Gruppe',
  'change.field.change': 'Änderung',
  'change.field.askedBy': 'Angefragt von',
  'change.field.expires': 'Läuft ab',
  'change.what': '{action, select, add {zur Gruppe hinzufügen} other {aus der Gruppe entfernen}}',
  'change.ask':
    '{action, select, add {{who} zu {group} hinzufügen?} other {{who} aus {group} entfernen?}}',
  'change.confirm': '{action, select, add {Bestätigen: hinzufügen} other {Bestätigen: entfernen}}',
  'change.confirmSpoken':
    '{action, select, add {Bestätigen: {who} zu {group} hinzufügen} other {Bestätigen: {who} aus {group} entfernen}}',
  'change.cancel': 'Abbrechen',
  'change.cancelSpoken':
    '{action, select, add {Hinzufügen von {who} zu {group} abbrechen} other {Entfernen von {who} aus {group} abbrechen}}',
  'change.summary':
    '{title} {who, select, second {Ein zweiter Admin bestätigt es} other {Bestätigen oder abbrechen}} ({id}) bis {expires}.',
  'change.howTo':
    '{who, select, second {Nichts ändert sich, bis ein anderer Admin von accessbot, nicht die hinzugefügte Person, `confirm {id}` eingibt. Sie können abbrechen (`cancel {id}`).} other {Nichts ändert sich, bis Sie bestätigen (`confirm {id}`) oder abbrechen (`cancel {id}`).}}',
  'change.outcome':
    '{outcome, select, added {{who} ist jetzt Mitglied von {group}.} removed {{who} ist nicht mehr Mitglied von {group}.} already_member {{who} war bereits Mitglied von {group}; nichts geändert.} not_member {{who} war kein Mitglied von {group}; nichts geändert.} group_not_found {Die Gruppe {group} gibt es im Access Service nicht mehr; nichts geändert.} person_not_found {Der Access Service kennt {who} nicht mehr; nichts geändert.} not_allowed {Sie dürfen die Mitglieder von {group} nicht mehr ändern; nichts geändert.} not_requester {Nur die Person, die diese Änderung angefragt hat, kann sie bestätigen oder abbrechen.} cancelled {Abgebrochen: Ich habe {who} nicht {action, select, add {zu {group} hinzugefügt} other {aus {group} entfernt}}.} expired {Diese Bestätigung ist abgelaufen, daher habe ich {who} nicht {action, select, add {zu {group} hinzugefügt} other {aus {group} entfernt}}. Geben Sie den Befehl noch einmal ein, wenn es noch gewünscht ist.} other {Der Access Service hat {who} nicht {action, select, add {zu {group} hinzugefügt} other {aus {group} entfernt}}; nichts geändert. Bitte versuchen Sie es später noch einmal.}}',
  'change.outcomeTitle':
    '{outcome, select, added {{who} zu {group} hinzugefügt} removed {{who} aus {group} entfernt} cancelled {Gruppenänderung abgebrochen} expired {Gruppenänderung abgelaufen} other {Gruppenänderung: {action, select, add {{who} zu {group} hinzufügen} other {{who} aus {group} entfernen}}}}',
  'change.lead': '{lead} {said}',
  'change.notice':
    '{action, select, add {{by} hat Sie zur Gruppe {group} hinzugefügt (über accessbot).} other {{by} hat Sie aus der Gruppe {group} entfernt (über accessbot).}}',
  'change.noticeTitle': 'Ihre Gruppenmitgliedschaft hat sich geändert',
  'change.unknown':
    'Ich kenne keine offene Änderung mit diesem Code (vielleicht ist sie längst abgelaufen). Es wurde nichts geändert; geben Sie den Befehl `group` noch einmal ein, wenn es noch gewünscht ist.',
  'change.secondAdmin':
    'Jemanden zu dieser Gruppe hinzuzufügen braucht einen zweiten Admin: Ein anderer Admin von accessbot, nicht die hinzugefügte Person, bestätigt es.',
  'change.secondAdminRefused':
    'Jemanden zu dieser Gruppe hinzuzufügen braucht einen zweiten Admin: Ein anderer Admin von accessbot, nicht die hinzugefügte Person, bestätigt es. Es wurde nichts geändert.',
  'change.notRequester':
    'Nur die Person, die diese Änderung angefragt hat, kann sie bestätigen oder abbrechen. Es wurde nichts geändert.',
  'change.underWay':
    'Diese Änderung wird gerade ausgeführt. Geben Sie gleich `members <Gruppe>` ein, um das Ergebnis zu sehen.',
  'change.alreadySettled': 'Diese Änderung war bereits erledigt; nichts wurde doppelt getan.',
  'change.nothingToDo':
    '{action, select, add {{who} ist bereits Mitglied von {group}; nichts zu tun.} other {{who} ist kein Mitglied von {group}; nichts zu tun.}}',
  'bind.inAChannel':
    'Binden geht nur in Kanälen: Geben Sie `group bind <Gruppe>` in dem Kanal ein, der `members` für die Gruppe beantworten soll.',
  'bind.done':
    '{who} hat diesen Kanal an {group} gebunden: `members` listet hier jetzt ihre Mitglieder.',
  'bind.notBound': 'Dieser Kanal ist an keine Gruppe gebunden.',
  'bind.undone': 'Dieser Kanal ist nicht mehr an {group} gebunden.',
  'members.whichGroup':
    'Welche Gruppe? Geben Sie `members <Gruppe>` ein.{inChannel, select, yes { Wer die Gruppe verwaltet, kann mit `group bind <Gruppe>` dafür sorgen, dass `members` allein hier antwortet.} other {}}',
  'rules.nobodyManages':
    'Noch darf niemand Gruppenmitglieder aus dem Chat ändern: Ein Admin von accessbot schaltet es mit GROUP_ADMINS_GROUP oder GROUP_MANAGERS ein.',
  'rules.mayNotManage':
    'Sie dürfen die Mitglieder von {group} nicht ändern: Das dürfen nur {who, select, both {die Verwaltenden der Gruppe und die Admins von accessbot} admins {die Admins von accessbot} other {die Verwaltenden der Gruppe}}. Es wurde nichts geändert.',
  'rules.noAuditors':
    '{what, select, report {Nur Prüfer dürfen den Bericht lesen, und es sind keine eingerichtet: Ein Admin von accessbot nennt ihre Gruppe in AUDITORS_GROUP.} other {Nur Prüfer dürfen den Verlauf anderer lesen, und es sind keine eingerichtet: Ein Admin von accessbot nennt ihre Gruppe in AUDITORS_GROUP. `history` allein zeigt Ihren eigenen.}}',
  'rules.notAuditor':
    '{what, select, report {Nur Prüfer dürfen den Bericht lesen.} other {Nur Prüfer dürfen den Verlauf anderer lesen. `history` allein zeigt Ihren eigenen.}}',
  'rules.notAllowed': 'Nicht erlaubt',
  'rules.nobodyOnBehalf':
    'Noch darf niemand Zugriff für andere beantragen: Ein Admin von accessbot schaltet es mit REQUEST_ON_BEHALF_GROUP ein. Es wurde nichts beantragt.',
  'rules.notOnBehalf':
    'Sie dürfen Zugriff nur für sich selbst beantragen: Anträge für andere stellen nur die Personen, denen die Admins von accessbot es erlauben. Es wurde nichts beantragt.',
  'history.own': 'Ihre letzten Aktionen',
  'history.everyone': 'Letzte Aktionen aller',
  'history.of': 'Letzte Aktionen von {name}',
  'history.line': '{when}: {withActor, select, yes {{actor}: } other {}}{what}',
  'history.decision':
    '{outcome, select, approved {Genehmigt} declined {Abgelehnt} started {{action, select, approve {Genehmigung} other {Ablehnung}} begonnen, ihr Ergebnis ist nicht festgehalten:} unconfirmed {Noch nicht genehmigt, Bestätigung erbeten:} wrong_code {Nicht genehmigt, falscher Bestätigungscode:} other {{action, select, approve {Genehmigen} other {Ablehnen}}: {outcome, select, already_decided {bereits entschieden} not_assignee {nicht zugewiesen} self_approval {eigener Antrag} not_found {nicht gefunden} other {fehlgeschlagen}}}} {task}{withReason, select, yes { — „{reason}“} other {}}',
  'history.batched':
    '{what} — Teil einer Sammelentscheidung ({decision, select, keep {alle übrigen behalten} other {allen übrigen entziehen}}, Sammlung {id})',
  'history.taskId': 'Aufgabe {id}',
  'history.task':
    '„{title}“{withApp, select, yes { ({app}{withBy, select, yes {, beantragt von {by}} other {}})} other {{withBy, select, yes { (beantragt von {by})} other {}}}}, Aufgabe {id}',
  'history.someone': 'jemand',
  'history.change':
    '{mine, select, yes {{action, select, add {Hat Sie zu {group} hinzugefügt} other {Hat Sie aus {group} entfernt}} (von {actor})} other {{action, select, add {{who} zu {group} hinzufügen} other {{who} aus {group} entfernen}}: {outcome, select, added {erledigt} removed {erledigt} already_member {bereits Mitglied, nichts geändert} not_member {kein Mitglied, nichts geändert} group_not_found {die Gruppe gibt es nicht mehr} person_not_found {die Person gibt es nicht mehr} not_allowed {verweigert: darf die Gruppe nicht verwalten} not_requester {verweigert: Änderung einer anderen Person} cancelled {abgebrochen} expired {unbestätigt abgelaufen} other {fehlgeschlagen}}}}',
  'history.unavailable':
    'Ihr Verlauf kann gerade nicht angezeigt werden; bitte versuchen Sie es später noch einmal.',
  'auditHead.title': 'Ende der Audit-Kette, {day}',
  'auditHead.posted':
    'Die Kette des Audit-Protokolls endet bei Eintrag {entry}, Glied {link}, Hash {hash}.',
  'auditHead.check':
    'Bewahren Sie diese Nachricht auf: `npm run audit -- --verify --head {hash}` prüft, dass das Protokoll seitdem nicht umgeschrieben wurde.',
  'receipt.note': 'Beleg {code} — `receipt {code}` zeigt, was aufgezeichnet wurde.',
  'receipt.title': 'Beleg {code}',
  'receipt.unknown':
    'Zu Ihnen ist kein Beleg {code} aufgezeichnet. Prüfen Sie den Code, wie ihn die Antwort auf Ihre Entscheidung zeigte.',
  'receipt.what': 'Was',
  'receipt.who': 'Wer',
  'receipt.when': 'Wann',
  'receipt.how': 'Wie bestätigt',
  'receipt.through':
    '{platform, select, slack {Slack} teams {Microsoft Teams} other {das Terminal}}, vom Konto {account}',
  'receipt.hash': 'Hash des Eintrags',
  'receipt.noHash': 'aufgezeichnet, bevor das Audit-Protokoll verkettet wurde',
  'history.emptySummary': '{title}: noch nichts.',
  'history.empty': 'Noch nichts: Entscheidungen und Gruppenänderungen erscheinen hier.',
  'history.heading':
    '{title} ({count, plural, one {# Eintrag} other {# Einträge}}, neueste zuerst)',
  'history.summary': '{heading}: {lines}',
  'parse.appUsage':
    'Verwendung: `app <Anwendung>` zeigt eine Anwendung; wer sie besitzt, ändert sie mit `app set <Anwendung> <Feld> <Wert>`, `app clear <Anwendung> <Feld>` oder `app policy <Anwendung> [level <Stufe>] <Antragsart> <Richtlinie>`. Namen mit Leerzeichen in Anführungszeichen: `app set "AWS Console" Sensitive yes`.',
  'parse.appValueTooLong': 'Dieser Wert ist zu lang (höchstens {max} Zeichen).',
  'app.about': 'Über diese Anwendung',
  'app.cardTitle': 'Anwendung',
  'app.back': 'Zurück',
  'app.none': 'keine',
  'app.noDescription': 'Keine Beschreibung.',
  'app.summary': '{app}: {description} Berechtigungsstufen: {levels}.',
  'app.field.levels': 'Berechtigungsstufen',
  'app.field.defaults': 'Standardmäßig über',
  'app.field.sensitive': 'Sensible Anwendung',
  'app.field.hiddenFrom': 'Verborgen vor',
  'app.sensitive':
    '{sensitivity, select, yes {ja: Eine Genehmigung verlangt eine Bestätigung} no {nein} other {nicht lesbar, daher verlangt eine Genehmigung eine Bestätigung}}',
  'app.fieldUnset': 'nicht gesetzt',
  'app.fieldSecret': 'geheim: im Chat nicht angezeigt',
  'app.holdersTitle':
    '{more, select, yes {Wer Zugriff hat: mehr als {count} Personen} other {Wer Zugriff hat: {count, plural, one {# Person} other {# Personen}}}}',
  'app.holdersNone': 'Niemand hat Zugriff auf {app}.',
  'app.holdersShown': 'Die ersten {shown} sind hier genannt.',
  'app.holder': '{name}{withLevel, select, yes { — {level}} other {}}',
  'app.policiesTitle': 'Über accessbot gesetzte Richtlinien',
  'app.policiesNone': 'Über accessbot wurde noch keine gesetzt.',
  'app.policyFor': '{type}{withLevel, select, yes { ({level})} other {}}',
  'app.policySet': '{policy}, gesetzt von {by} am {when}',
  'app.policiesElsewhere':
    'Der Access Service sagt nicht, welche Richtlinie jetzt gilt: Eine außerhalb von accessbot gesetzte Richtlinie ist hier nicht zu sehen.',
  'app.compatibleTitle': 'Wählbare Richtlinien',
  'app.requestType':
    '{type, select, AccessRequest {Zugriffsanträge} EntitlementReview {Zugriffsprüfungen} OffboardingStep {Offboarding-Schritte} other {{name}}}',
  'app.howToRequest': 'Zugriff beantragen Sie mit `request {app} [Stufe] -- <Begründung>`.',
  'app.howToChange':
    'Ändern mit `app set {app} <Feld> <Wert>`, `app clear {app} <Feld>` oder `app policy {app} [level <Stufe>] <Antragsart> <Richtlinie>`; nichts ändert sich, bevor die Änderung bestätigt ist.',
  'app.button.request': 'Zugriff beantragen',
  'app.button.requestSpoken': 'Zugriff auf {app} beantragen',
  'app.button.field': 'Feld setzen',
  'app.button.fieldSpoken': 'Ein Feld von {app} setzen oder leeren',
  'app.button.policy': 'Richtlinie wählen',
  'app.button.policySpoken': 'Wählen, wer Anträge für {app} genehmigt',
  'app.button.mark':
    '{mark, select, yes {Als sensibel markieren} other {Als nicht sensibel markieren}}',
  'app.button.markSpoken':
    '{mark, select, yes {{app} als sensibel markieren} other {{app} als nicht sensibel markieren}}',
  'app.form.fieldTitle': 'Feld setzen',
  'app.form.field': 'Feld',
  'app.form.value': 'Neuer Wert',
  'app.form.valuePlaceholder': 'Leer lassen, um das Feld zu leeren',
  'app.form.policyTitle': 'Richtlinie wählen',
  'app.form.policy': 'Richtlinie',
  'app.form.level': 'Für',
  'app.form.wholeApp': 'die ganze Anwendung',
  'app.form.submit': 'Weiter',
  'app.formIncomplete':
    'Das Formular ist unvollständig: Wählen Sie, was geändert werden soll, und senden Sie es noch einmal.',
  'app.formStale':
    'Das Formular ist veraltet: Was es anbot, hat sich geändert. Öffnen Sie die Karte noch einmal (`app <Anwendung>`).',
  'app.nothingToChoose':
    '{kind, select, field {Hier gibt es kein Feld, das Sie ändern dürfen.} other {Hier ist keine Richtlinie wählbar: Der Access Service nennt keine.}}',
  'app.change.field':
    '{clear, select, yes {{field} von {app} leeren} other {{field} von {app} auf „{value}“ setzen}}',
  'app.change.policy':
    'die Richtlinie für {type} bei {app}{withLevel, select, yes { ({level})} other {}} auf {policy} setzen',
  'app.change.unnamed':
    '{action, select, app_field {{withField, select, yes {{field}} other {ein Feld}} von {app} ändern} other {eine Richtlinie von {app} ändern}}',
  'app.change.ask': 'Bestätigen: {what}?',
  'app.change.app': 'Anwendung',
  'app.change.fieldLabel': 'Feld',
  'app.change.now': 'Jetzt',
  'app.change.becomes': 'Wird',
  'app.change.cleared': 'kein Wert (geleert)',
  'app.change.requestType': 'Antragsart',
  'app.change.lastSet': 'Zuletzt über accessbot gesetzt',
  'app.change.noneKnown': 'keine bekannt',
  'app.change.confirm': 'Bestätigen',
  'app.change.confirmSpoken': 'Bestätigen: {what}',
  'app.change.cancelSpoken': 'Abbrechen: {what}',
  'app.change.summary':
    '{title} {who, select, second {Ein zweiter Admin bestätigt es} other {Bestätigen oder abbrechen}} ({id}) bis {expires}.',
  'app.change.howTo':
    '{who, select, second {Nichts ändert sich, bis ein anderer Admin von accessbot `confirm {id}` eingibt. Sie können abbrechen (`cancel {id}`).} other {Nichts ändert sich, bis Sie bestätigen (`confirm {id}`) oder abbrechen (`cancel {id}`).}}',
  'app.outcome':
    '{outcome, select, changed {Erledigt: {what}.} conflict {Jemand hat {app} inzwischen geändert, daher habe ich nichts geändert. Öffnen Sie eine frische Karte und versuchen Sie es noch einmal.} not_found {{app} oder das, was die Änderung nennt, gibt es im Access Service nicht mehr; nichts geändert.} not_allowed {Sie dürfen {app} nicht mehr ändern; nichts geändert.} not_requester {Nur die Person, die diese Änderung angefragt hat, kann sie bestätigen oder abbrechen.} cancelled {Abgebrochen, nicht ausgeführt: {what}.} expired {Diese Bestätigung ist abgelaufen, daher nicht ausgeführt: {what}. Fragen Sie noch einmal, wenn es noch gewünscht ist.} other {Der Access Service hat die Änderung nicht vorgenommen; nichts geändert. Bitte versuchen Sie es später noch einmal.}}',
  'app.outcomeUnsure':
    'Der Access Service hat nicht geantwortet, daher weiß ich nicht, ob Folgendes geschehen ist: {what}. Er zeigt keine Richtlinie, die sich nachlesen ließe. Sie noch einmal zu wählen, schadet nicht.',
  'app.outcomeTitle':
    '{outcome, select, changed {{app} geändert} cancelled {Änderung abgebrochen} expired {Änderung abgelaufen} other {{app} nicht geändert}}',
  'app.mayNot': 'Sie dürfen {app} nicht ändern. Es wurde nichts geändert.',
  'app.fieldNotSendable':
    'Der Access Service nennt {field} von {app} mit einer ID, die seine Schnittstelle nicht annimmt (keine UUID); es lässt sich daher nicht aus dem Chat ändern. Es wurde nichts geändert.',
  'app.secretField':
    '{field} ist ein geheimes Feld: accessbot zeigt und ändert es im Chat nicht. Es wurde nichts geändert.',
  'app.secretValue':
    'Dieser Wert sieht aus wie ein Zugangsgeheimnis (ein Schlüssel, Token, Passwort oder eine Verbindungszeichenfolge): accessbot trägt so etwas nicht aus dem Chat in {field} ein, wo es im Verlauf bliebe. Es wurde nichts geändert.',
  'app.ownersAdmins':
    'Nur die Admins von accessbot dürfen ändern, wem {app} gehört ({field}). Es wurde nichts geändert.',
  'app.secondAdmin':
    '{app} als nicht sensibel zu markieren braucht einen zweiten Admin: Ein anderer Admin von accessbot bestätigt es.',
  'app.secondAdminRefused':
    '{app} als nicht sensibel zu markieren braucht einen zweiten Admin: Ein anderer Admin von accessbot bestätigt es. Es wurde nichts geändert.',
  'app.underWay':
    'Diese Änderung wird gerade ausgeführt. Öffnen Sie die Karte gleich noch einmal (`app {app}`), um das Ergebnis zu sehen.',
  'app.nothingToDo':
    '{clear, select, yes {{field} von {app} hat keinen Wert; nichts zu tun.} other {{field} von {app} ist bereits „{value}“; nichts zu tun.}}',
  'app.noField': 'Ich habe kein Feld „{typed}“ bei {app} gefunden. Seine Felder: {fields}.',
  'app.severalFields': '„{typed}“ passt zu mehreren Feldern von {app}: {fields}. Welches?',
  'app.noSensitiveField': '{app} hat kein Feld, das es als sensibel markiert.',
  'app.whichType':
    'Welche Antragsart? Nennen Sie eine vor der Richtlinie: {types} (oder `request`, `review`, `offboarding`).',
  'app.noLevel':
    '{several, select, yes {„{typed}“ passt zu mehreren Stufen von {app}: {levels}. Welche?} other {{app} hat keine Stufe „{typed}“; die Stufen sind: {levels}.}}',
  'app.noPolicy':
    '{several, select, yes {„{typed}“ passt zu mehreren Richtlinien für {type}: {policies}. Welche?} other {Für {type} gibt es keine Richtlinie „{typed}“; die Richtlinien sind: {policies}.}}',
  'history.app':
    '{what}: {outcome, select, changed {erledigt} conflict {inzwischen geändert, nichts getan} not_found {gibt es nicht mehr} not_allowed {verweigert: nicht erlaubt} not_requester {verweigert: Änderung einer anderen Person} cancelled {abgebrochen} expired {unbestätigt abgelaufen} other {fehlgeschlagen}}',
  'history.request':
    '{mine, select, yes {Zugriff auf {what} für Sie beantragt (von {actor})} other {Zugriff auf {what} für {who} beantragen: {outcome, select, filed {erledigt} not_allowed {abgelehnt: keine Erlaubnis, für andere zu beantragen} other {vom Access Service nicht angenommen}}}}',
  'report.seconds': '{n} s',
  'report.minutes': '{n} min',
  'report.hours': '{n} h',
  'report.days': '{n} Tage',
  'report.age':
    '{bucket, select, under_1h {unter 1 Stunde} 1h_to_1d {1 Stunde bis 1 Tag} 1d_to_3d {1 bis 3 Tage} 3d_to_7d {3 bis 7 Tage} 7d_to_30d {7 bis 30 Tage} other {30 Tage oder mehr}}',
  'report.title': 'accessbot-Bericht',
  'report.period': '{since} bis {until}',
  'report.made': 'offene Aufgaben gezählt am {at}',
  'report.notRecorded': 'nicht erfasst',
  'report.decisions': 'Entscheidungen',
  'report.inChat': '{count} im Chat',
  'report.elsewhere': '{count} anderswo',
  'report.decisionsSplit': '{chat} im Chat, {elsewhere} anderswo',
  'report.median': 'Median der Zeit bis zur Entscheidung',
  'report.p90': '90. Perzentil',
  'report.openTasks': 'Offene Aufgaben',
  'report.reminders': 'Gesendete Erinnerungen',
  'report.escalations': 'Gesendete Eskalationen',
  'report.nudges': 'Gesendete Anstöße',
  'report.whereDecided': 'Im Chat oder anderswo entschieden',
  'report.openByAge': 'Offene Aufgaben nach Alter',
  'report.byApplication': 'Zeit bis zur Entscheidung nach Anwendung',
  'report.byApprover': 'Zeit bis zur Entscheidung nach genehmigender Person',
  'report.byTaskType': 'Zeit bis zur Entscheidung nach Aufgabentyp',
  'report.column.byApplication': 'Anwendung',
  'report.column.byApprover': 'Genehmigende Person',
  'report.column.byTaskType': 'Aufgabentyp',
  'report.taskType':
    '{type, select, AccessRequest {Zugriffsantrag} EntitlementReview {Zugriffsprüfung} OffboardingStep {Offboarding-Schritt} other {{name}}}',
  'report.count': 'Entscheidungen',
  'report.medianColumn': 'Median',
  'report.medianShort': 'Median',
  'report.noDecisions': 'Keine Entscheidung in diesem Zeitraum.',
  'report.noOpenTasks': 'Keine offene Aufgabe.',
  'report.more': 'und {n} weitere (die Formate CSV und JSON listen alle)',
  'report.footnote':
    'Die Wartezeit einer Aufgabe läuft von ihrer Erstellung (laut Access Service, sonst ab der ersten Nachricht von accessbot an eine genehmigende Person) bis zu ihrer Genehmigung oder Ablehnung: über accessbot (im Chat) oder wie der Poller von accessbot sie im Access Service entschieden fand (anderswo). Erinnerungen und Eskalationen zählen, wenn accessbot sie einreiht. Offene Aufgaben sind die, über die accessbot eine genehmigende Person informiert hat und die es noch nicht entschieden gesehen hat.',
  'report.chat.title': 'Bericht {days, plural, one {des letzten Tages} other {der letzten # Tage}}',
  'report.chat.decisions':
    '{total, plural, one {# Entscheidung} other {# Entscheidungen}}: {inChat} im Chat, {elsewhere} anderswo',
  'report.chat.waits': 'Zeit bis zur Entscheidung: Median {median}, 90. Perzentil {p90}',
  'report.chat.slowest': 'Langsamste Anwendungen (90. Perzentil): {names}',
  'report.chat.slow': '{name} {p90}',
  'report.chat.open': 'Offene Aufgaben: {total}, davon {overWeek} seit einer Woche oder länger',
  'report.chat.sent':
    'Gesendet: {reminders, plural, one {# Erinnerung} other {# Erinnerungen}}, {escalations, plural, one {# Eskalation} other {# Eskalationen}}, {nudges, plural, one {# Anstoß} other {# Anstöße}}',
  'report.chat.full':
    'Den vollständigen Bericht mit Diagrammen und allen Anwendungen, genehmigenden Personen und Aufgabentypen erhalten Sie von der Person, die accessbot betreibt. Sie erstellt ihn auf dem accessbot-Host mit `npm run report -- --days {days} --format html --out report.html`.',
  'report.chat.cannotRead':
    'Der Bericht kann gerade nicht erstellt werden; bitte versuchen Sie es später noch einmal.',
  'report.chat.busy':
    'Gerade wird schon ein anderer Bericht erstellt; bitte warten Sie einen Moment und fragen Sie dann noch einmal.',
  'report.chat.tooLarge':
    '{days, plural, one {Der letzte Tag enthält} other {Die letzten # Tage enthalten}} mehr als {max, number} Audit-Einträge, mehr als ein Bericht im Chat liest: Fragen Sie nach weniger Tagen, oder bitten Sie die Person, die accessbot betreibt, um den vollständigen Bericht (`npm run report`).',
  'report.chat.cutShort':
    '{days, plural, one {Der Bericht über den letzten Tag} other {Der Bericht über die letzten # Tage}} wurde nach {seconds} Sekunden abgebrochen, bevor er vollständig war; deshalb zeige ich keine seiner Zahlen. Fragen Sie nach weniger Tagen, oder bitten Sie die Person, die accessbot betreibt, um den vollständigen Bericht (`npm run report`).',
  'report.chat.summary': '{title}: {lines}',
  'poller.newForChannel': 'Neue Aufgabe für ihre Genehmigenden',
  'poller.newNotifyOnly': 'Neue Aufgabe: Bitte im Access Service entscheiden',
  'poller.new': 'Neue Aufgabe wartet auf Ihre Entscheidung',
  'poller.reminder': 'Erinnerung: wartet noch auf Ihre Entscheidung',
  'poller.reminderFollowUp':
    '„{title}“ wartet noch auf Ihre Entscheidung{withSince, select, yes { (seit {since})} other {}}. Genehmigen oder lehnen Sie sie auf der Karte oben ab.',
  'poller.itsApprovers': 'ihre Genehmigenden',
  'poller.escalation': '„{title}“ wartet schon {age} auf eine Entscheidung von {who}.',
  'poller.escalationTitle': 'Eskaliert: wartet schon {age}',
  'poller.escalated': 'Eskalierte Aufgabe',
  'poller.requestOutcome': 'Ihr Antrag auf Zugriff auf {what}: {outcome}.',
  'poller.requestOutcomeTitle':
    '{state, select, approved {Zugriffsantrag genehmigt} declined {Zugriffsantrag abgelehnt} other {Zugriffsantrag entschieden}}',
  'poller.outcomeNote':
    'Aktualisierung: {what}{withWho, select, yes { für {who}} other {}} {state, select, approved {wurde genehmigt} declined {wurde abgelehnt} gone {gibt es nicht mehr} pending {wartet wieder} other {ist jetzt {status}}}{withBy, select, yes { (von {by})} other {}}{buttons, select, yes { — die Schaltflächen oben gelten nicht mehr} other {}}',
  'poller.anApplication': 'eine Anwendung',
  'poller.requestGone': 'den Antrag gibt es nicht mehr',
  'poller.requestDecided': 'entschieden',
  'render.andMore': '…und {count} weitere',
  'render.shell.type': 'Eingabe: {approve} oder decline {ref} -- <Grund>',
  'render.shell.sentTo': 'Gesendet an {person}: {title}',
  'render.shell.update': 'Aktualisierung',
  'render.shell.greeting':
    'accessbot — Sie sind {email}. Mit `help` sehen Sie die Befehle, mit `quit` beenden Sie.',
  'slack.formFailed':
    'Ich konnte das Antragsformular nicht öffnen. Sie können es auch in einer Zeile eingeben: `request <Anwendung> [Stufe] -- <Begründung>`.',
  'slack.staleButton':
    'Diese Schaltfläche ist ungültig (sie nennt keine Aufgabe). Geben Sie den Slash-Befehl mit `tasks` ein, um Ihre zu sehen.',
  'slack.staleForm':
    'Dieses Formular ist veraltet. Schließen Sie es und klicken Sie noch einmal auf Ablehnen.',
  'slack.reasonTooLong': 'Bitte höchstens {max} Zeichen.',
  'slack.invalidChange':
    'Diese Schaltfläche ist ungültig (sie nennt keine Gruppenänderung). Es wurde nichts geändert.',
  'slack.declineTitle': 'Aufgabe ablehnen',
  'slack.declineText':
    'Sie lehnen die Aufgabe `{id}` ab. Der Grund wird mit der Entscheidung gespeichert.',
  'slack.reasonLabel': 'Grund (optional)',
  'slack.reasonPlaceholder': 'Warum lehnen Sie ab?',
  'slack.cancel': 'Abbrechen',
  'slack.approveTitle': 'Genehmigung bestätigen',
  'slack.busy':
    'Ich bin gerade ausgelastet und konnte das nicht annehmen. Bitte versuchen Sie es gleich noch einmal.',
  'slack.busySubmit': 'Ich bin gerade ausgelastet. Bitte senden Sie es gleich noch einmal.',
  'slack.busyOption': 'Gerade ausgelastet; gleich noch einmal tippen',
  'slack.unavailableOption': 'Der Access Service antwortet nicht; gleich noch einmal versuchen',
  'slack.noLevels': '{app} hat keine Berechtigungsstufen: Sie beantragen die Anwendung selbst.',
  'slack.chooseLevel': 'Stufe wählen',
  'slack.moreLevels':
    '…und {count} weitere Stufen, nicht aufgeführt: Nutzen Sie den einzeiligen Befehl.',
  'slack.requestTitle': 'Zugriff beantragen',
  'slack.requestSubmit': 'Beantragen',
  'slack.searchApps': 'Tippen, um Anwendungen zu suchen',
  'slack.whyPlaceholder': 'Wofür brauchen Sie ihn? Die Genehmigenden lesen das.',
  'slack.requestFor': 'Für eine andere Person',
  'slack.requestForPlaceholder': 'Name oder E-Mail-Adresse; leer lassen für sich selbst',
  'slack.requestStale':
    'Dieses Formular ist veraltet. Schließen Sie es und beginnen Sie noch einmal.',
  'slack.chooseFromList': 'Wählen Sie eine Anwendung aus der Liste.',
  'slack.chooseALevel': 'Wählen Sie eine Stufe.',
  'slack.notAnApp':
    'Das ist keine Anwendung: Tippen Sie ihren Namen gleich noch einmal und wählen Sie sie aus.',
  'slack.formAgain': '{note} Öffnen Sie das Formular erneut mit dem Slash-Befehl und `request`.',
  'home.recentUnavailable': 'Ihre letzten Aktionen können gerade nicht angezeigt werden.',
  'home.recentEmpty':
    'Entscheidungen und Gruppenänderungen, die Sie hier oder mit dem Slash-Befehl treffen, erscheinen unten.',
  'home.decision':
    '{outcome, select, approved {Genehmigt} declined {Abgelehnt} started {Begonnen, das Ergebnis ist nicht festgehalten} already_decided {Bereits von jemand anderem entschieden} not_assignee {Verweigert (Ihnen nicht zugewiesen)} self_approval {Verweigert (Ihr eigener Antrag)} not_found {Aufgabe gibt es nicht mehr} unconfirmed {Nicht genehmigt (sensibel: wartet auf Ihre Bestätigung)} wrong_code {Nicht genehmigt (falscher Bestätigungscode)} other {Fehlgeschlagen}} · {when} · {task}{withReason, select, yes { — „{reason}“} other {}}',
  'render.slack.shortened':
    'Lange Texte sind hier gekürzt: Eine Slack-Nachricht fasst nur begrenzt viel.',
  'render.teams.leftOut': '…und {what} hier nicht angezeigt (zu lang für eine Teams-Nachricht).',
  'render.teams.shortened':
    'Lange Texte sind hier gekürzt: Eine Teams-Nachricht fasst nur begrenzt viel.',
  'render.slack.leftOut': '…und {what} hier nicht angezeigt (zu lang für Slack).',
  'render.moreTasks': '{count, plural, one {# weitere Aufgabe} other {# weitere Aufgaben}}',
  'render.moreParts': '{count, plural, one {# weiterer Teil} other {# weitere Teile}}',
  'render.slack.more': 'Mehr',
  'render.slack.moreDetails': '{count} weitere Angaben',
  'render.slack.willApprove': 'Sie genehmigen:',
  'render.slack.approveTasks': '{count, plural, one {# Aufgabe} other {# Aufgaben}} genehmigen?',
  'render.slack.approveAll': 'Alle genehmigen',
  'teams.noPrivateChat':
    'Ich konnte Ihnen keine private Antwort schicken. Öffnen Sie einen Chat mit mir (oder fügen Sie mich als persönliche App hinzu) und fragen Sie dort.',
  'teams.formSummary': 'Zugriff auf eine Anwendung beantragen',
  'teams.defaultLevel': 'Die Standardstufe der Anwendung',
  'teams.chooseApp': 'Wählen Sie eine Anwendung',
  'teams.whyPlaceholder': 'Wofür brauchen Sie diesen Zugriff?',
  'teams.justificationTooLong': 'Die Begründung darf höchstens {max} Zeichen lang sein.',
  'teams.badSearch': 'Diese Suche verstehe ich nicht.',
  'teams.badDataset': 'Unbekannter Datensatz „{dataset}“.',
  'teams.badAction': 'Die Schaltfläche hat keine Aktion geschickt, die ich verstehe.',
  'teams.noTask': 'Diese Schaltfläche nennt keine Aufgabe.',
  'teams.badConfirmation': 'Diese Bestätigung ist ungültig.',
  'teams.reasonTooLong': 'Ein Grund darf höchstens {max} Zeichen lang sein.',
  'teams.noTasks': 'Diese Schaltfläche nennt nicht die zu genehmigenden Aufgaben.',
  'teams.cardNoTask': 'Diese Karte nennt keine Aufgabe.',
  'teams.noApp': 'Diese Schaltfläche nennt keine Anwendung.',
  'teams.required': 'Bitte wählen oder ausfüllen.',
  'teams.noChange': 'Diese Schaltfläche nennt keine Gruppenänderung.',
  'teams.unknownAction': 'Die Aktion „{verb}“ kenne ich nicht.',
  'teams.unknownSpeaker':
    'Ich weiß nicht, wer Sie sind: Teams hat nicht gesagt, welches Konto Ihrer Organisation Sie verwenden, daher kann ich nicht für Sie handeln.',
  'teams.unknownInvoke': 'accessbot verarbeitet diesen Aufruf nicht.',
  'teams.refresh': 'Aktualisieren',
  'teams.reasonLabel': 'Grund (optional)',
  'teams.reasonPlaceholder': 'Warum lehnen Sie ab?',
  'teams.noActionId': 'Die Aktion hat keine ID.',
  'teams.replayed': 'Diese Aktion habe ich schon: Sie wurde einmal ausgeführt.',
  // The requester's side: `requests`, `nudge`, and an approver's "looking at it".
  'usage.requests':
    'requests — Ihre eigenen Zugriffsanträge: wie jeder steht, seit wann und wer gefragt ist',
  'usage.nudge':
    'nudge <Nummer oder ID> — die Genehmigenden an Ihren wartenden Antrag erinnern (einmal je Erinnerungszeitraum)',
  'usage.looking':
    'looking <Nummer oder ID> — den anderen Genehmigenden zeigen, dass Sie sich eine Aufgabe ansehen',
  'parse.whichRequest':
    'Welcher Antrag? Nennen Sie seine Nummer aus `requests`. Verwendung: {usage}',
  'parse.whichTaskOne': 'Welche Aufgabe? Eine nach der anderen. Verwendung: {usage}',
  'button.looking': 'Ich sehe es mir an',
  'button.lookingSpoken':
    'Sagen, dass Sie sich {what}{withLevel, select, yes { {level}} other {}}{withPerson, select, yes { für {person}} other {}} ansehen',
  'requests.none':
    'Ich kenne keine Zugriffsanträge von Ihnen. Beantragen Sie Zugriff mit `request <Anwendung>`.',
  'requests.title': 'Ihre Zugriffsanträge',
  'requests.state':
    '{state, select, waiting {wartet auf {who}} approved {genehmigt{withBy, select, yes { von {by}} other {}}} declined {abgelehnt{withBy, select, yes { von {by}} other {}}{withReason, select, yes {: „{reason}“} other {}}} unknown {unbekannt: Der Access Service nennt keine Aufgabe dazu} other {{status}{withBy, select, yes { von {by}} other {}}}}',
  'requests.item':
    '{n}. {what} — {stateText}, gestellt {age}{withNudged, select, yes {, erinnert {nudged}} other {}}',
  'requests.howToNudge': 'Erinnern Sie die Genehmigenden eines wartenden Antrags mit `nudge {n}`.',
  'requests.onBehalf': '({filer, select, yes {für {name}} other {gestellt von {name}}})',
  'nudge.off':
    'Erinnerungen sind hier ausgeschaltet, und damit auch Anstöße: Es wurde nichts gesendet.',
  'nudge.noNumberListed':
    'Es gibt keinen Antrag mit der Nummer {n}. Ihre letzte `requests`-Liste hatte {count, plural, one {# Antrag} other {# Anträge}}. Geben Sie `requests` ein, um sie zu sehen.',
  'nudge.noNumberNoList':
    'Es gibt keinen Antrag mit der Nummer {n}. Die Nummern beziehen sich auf Ihre letzte `requests`-Liste, und ich habe noch keine für Sie. Geben Sie `requests` ein, um sie zu sehen.',
  'nudge.notYours':
    'Das ist keiner Ihrer Anträge, deshalb können Sie niemanden daran erinnern. Geben Sie `requests` ein, um Ihre zu sehen.',
  'nudge.notWaiting':
    'Ihr Antrag auf {what} wartet nicht mehr: {stateText}. Es wurde nichts gesendet.',
  'nudge.tooSoon':
    'Die Genehmigenden Ihres Antrags auf {what} wurden {age} erinnert. Sie können sie ab {next} wieder erinnern ({wait}).',
  'nudge.tooSoonTitle': 'Noch nicht erinnert',
  'nudge.nobody':
    'Keine genehmigende Person Ihres Antrags auf {what} nutzt accessbot, deshalb konnte niemand erinnert werden.',
  'nudge.sent': 'Ich habe {who} an Ihren Antrag auf {what} erinnert.',
  'nudge.later': '{name} ist außerhalb der Arbeitszeit: Die Erinnerung erreicht sie am {at}.',
  'nudge.andThen': '{first} {then}',
  'nudge.next': 'Sie können ab {next} wieder erinnern ({wait}).',
  'nudge.message':
    '{requester} wartet auf Ihre Entscheidung zu „{title}“ (Wartezeit: {age}). Entscheiden Sie auf der Karte oder geben Sie `tasks` ein.',
  'nudge.messageTitle': 'Eine Erinnerung von {requester}',
  'look.line': '{name} sieht sich das an (seit {since})',
  'look.done':
    'Die anderen Genehmigenden sehen jetzt, dass Sie sich das ansehen, für {minutes} Minuten oder bis es entschieden ist.',
  'look.alreadyYours': 'Sie werden bereits seit {since} als Betrachtende angezeigt, bis {until}.',
  'look.alreadyOther':
    '{name} sieht sich das bereits an (seit {since}); die Markierung bleibt bis {until} oder bis es entschieden ist.',
  'look.notWaiting':
    'Diese Aufgabe wartet nicht mehr auf Ihre Entscheidung, es gibt also nichts anzusehen.',
  // Fragen an Antragstellende (`ask`, `answer`) und Abwesenheit (`away`, `back`).
  'usage.ask':
    'ask <Nummer oder ID> -- <Frage> — der antragstellenden Person einer Ihrer Aufgaben vor der Entscheidung eine Frage stellen',
  'usage.answer':
    'answer <Antragsnummer oder Code> -- <Antwort> — die Frage einer genehmigenden Person zu Ihrem Antrag beantworten (einmal)',
  'usage.away':
    'away until <Tag> [-- Notiz] — melden, dass Sie abwesend sind (z. B. `away until Freitag`): Die anderen Genehmigenden Ihrer Aufgaben erfahren es, und Erinnerungen an Sie pausieren',
  'usage.back': 'back — melden, dass Sie vor Ihrem Tag zurück sind',
  'parse.askUsage': 'Was möchten Sie zu welcher Aufgabe fragen? Verwendung: {usage}',
  'parse.whichQuestion': 'Welche Frage, und was ist Ihre Antwort? Verwendung: {usage}',
  'parse.awayUsage': 'Abwesend bis wann? Verwendung: {usage}',
  'button.ask': 'Nachfragen',
  'button.askSpoken':
    'Der antragstellenden Person eine Frage zu {what}{withLevel, select, yes { {level}} other {}}{withPerson, select, yes { für {person}} other {}} stellen',
  'button.answer': 'Antworten',
  'button.answerSpoken': 'Die Frage von {asker} beantworten',
  'ask.off':
    'Fragen erreichen hier niemanden (accessbot sendet keine eigenen Nachrichten), deshalb wurde nichts gefragt.',
  'ask.notWaiting':
    'Diese Aufgabe wartet nicht mehr auf Ihre Entscheidung, es gibt also nichts zu fragen.',
  'ask.noRequester':
    'Diese Aufgabe nennt keine antragstellende Person, es gibt also niemanden zu fragen.',
  'ask.yourOwn': 'Das haben Sie selbst beantragt: Es gibt niemand anderen zu fragen.',
  'ask.unreachable':
    '{requester} nutzt accessbot nicht, deshalb kann Ihre Frage sie nicht erreichen. Es wurde nichts gefragt; fragen Sie direkt nach.',
  'ask.tooMany':
    'Zu diesem Antrag wurden bereits {max} Fragen gestellt: Entscheiden Sie ihn, oder fragen Sie direkt nach.',
  'ask.tryAgain': 'Das hat nicht geklappt; bitte versuchen Sie es noch einmal.',
  'ask.done':
    'Ihre Frage an {requester} ist gestellt: „{question}“. Die Antwort erscheint auf der Karte dieser Aufgabe, für alle Genehmigenden. Erinnerungen an Sie zu dieser Aufgabe warten auf die Antwort, höchstens {hold}.',
  'ask.waiting':
    '{mine, select, yes {Ihre Frage} other {Die Frage von {asker}}} vom {when} wartet noch auf eine Antwort: „{question}“. Es gibt jeweils nur eine offene Frage; sie steht auf der Karte aller Genehmigenden.',
  'ask.theRequester': 'die antragstellende Person',
  'ask.aTask': 'eine Aufgabe',
  'ask.line':
    '{mine, select, yes {Sie haben} other {{asker} hat}} {requester} gefragt ({when}): „{question}“ — {answered, select, yes {Antwort {answeredAt}: „{answer}“} other {noch keine Antwort}}',
  'ask.message':
    '{asker} hat vor der Entscheidung eine Frage zu Ihrem Antrag „{what}“: „{question}“',
  'ask.messageTitle': 'Eine Frage von {asker}',
  'ask.howToAnswer':
    'Antworten Sie mit der Schaltfläche, oder geben Sie `answer {code} -- <Ihre Antwort>` ein. Sie antworten einmal; alle Genehmigenden des Antrags sehen es.',
  'ask.answered':
    '{asker} hat zu „{what}“ gefragt: „{question}“. Ihre Antwort ({when}): „{answer}“. Alle Genehmigenden des Antrags sehen sie.',
  'ask.answeredTitle': 'Sie haben {asker} geantwortet',
  'ask.closed':
    '{asker} hat zu „{what}“ gefragt: „{question}“. Eine Antwort ist nicht mehr nötig: {state, select, approved {Der Antrag wurde genehmigt} declined {Der Antrag wurde abgelehnt} gone {Die Aufgabe gibt es nicht mehr} other {Es wurde entschieden}}.',
  'ask.closedTitle': 'Eine Frage von {asker}, erledigt',
  'ask.note':
    '{requester} hat Ihre Frage zu „{what}“ („{question}“) beantwortet: „{answer}“. Ihre Karte der Aufgabe zeigt es auch.',
  'ask.noteTitle': 'Antwort von {requester}',
  'answer.noNumber':
    'In Ihrer letzten `requests`-Liste gibt es keinen Antrag mit der Nummer {n}. Geben Sie `requests` ein, um sie zu sehen.',
  'answer.noneOnRequest': 'Zu Antrag {n} Ihrer `requests`-Liste gibt es keine Frage an Sie.',
  'answer.ambiguous': 'Dieser Code passt zu mehr als einer Frage; geben Sie mehr davon ein.',
  'answer.noSuchCode':
    'Keine Frage an Sie hat diesen Code. `requests` zeigt die Fragen, die auf Ihre Antwort warten.',
  'answer.notYours':
    'Diese Frage wurde nicht Ihnen gestellt, deshalb können Sie sie nicht beantworten.',
  'answer.already':
    'Sie haben diese Frage bereits beantwortet ({when}): „{answer}“. Eine Antwort wird einmal gegeben.',
  'answer.decided':
    'Der Antrag, zu dem {asker} gefragt hat, wartet nicht mehr; eine Antwort ist nicht nötig.',
  'answer.done':
    'Ihre Antwort an {asker} ist gesendet: „{answer}“. Sie erscheint auf der Karte des Antrags für alle Genehmigenden.',
  'away.line': '{name} ist abwesend bis {day}{withNote, select, yes { — „{note}“} other {}}',
  'away.whichDay':
    'Ich kann „{said}“ nicht als Tag lesen. Versuchen Sie `away until Freitag`, `away until morgen` oder `away until in 3 Tagen`.',
  'away.notAhead':
    '{day} liegt nicht in der Zukunft: Nennen Sie einen Tag nach heute (Sie sind abwesend, bis er beginnt).',
  'away.tooFar': 'Das liegt mehr als {max} Tage in der Zukunft; am weitesten geht {last}.',
  'away.done':
    'Sie sind abwesend bis {day}; an dem Tag sind Sie zurück{withNote, select, yes { („{note}“)} other {}}. Die anderen Genehmigenden Ihrer wartenden Aufgaben und der Eskalationskanal erfahren es, und Erinnerungen an Sie pausieren bis dahin; niemand sonst bekommt Ihre Aufgaben. Geben Sie `back` ein, wenn Sie früher zurück sind.',
  'away.doneTitle': 'Abwesend',
  'away.notAway': 'Sie sind nicht als abwesend eingetragen.',
  'away.back':
    'Willkommen zurück: Sie werden nicht mehr als abwesend angezeigt, und Erinnerungen zu Ihren Aufgaben laufen wieder.',
  'away.person': '{name} bis {day}',
  'away.whoElse':
    'Abwesend: {away}. {withOthers, select, yes {{others} kann ebenfalls entscheiden.} other {Solange kann niemand sonst entscheiden.}}',
  'requests.question':
    'Eine Frage von {asker} wartet auf Ihre Antwort: „{question}“ — geben Sie `answer {n} -- <Ihre Antwort>` ein.',
  'nudge.allAway': 'Zu {what} wurde niemand erinnert. {away}',
  'nudge.awaySkipped': '{away} Abwesende Genehmigende werden nicht erinnert.',
  'history.question':
    '{action, select, ask {{toMe, select, yes {{who} hat Sie zu {task} gefragt} other {{who} zu {task} gefragt}}} other {{toMe, select, yes {{who} hat Ihre Frage zu {task} beantwortet} other {Frage von {who} zu {task} beantwortet}}}}: „{text}“',
  'history.passkeys': 'Passkeys von {who} zurückgesetzt ({count})',
  'history.away':
    '{outcome, select, away {Abwesend bis {day}{withNote, select, yes { — „{note}“} other {}}} back {Zurück (war abwesend bis {day})} other {Abwesend bis {day}: an dem Tag beendet}}',
  'poller.awayNotice':
    '{away}. „{title}“ wartet auch auf Ihre Entscheidung: Entscheiden Sie auf der Karte, oder geben Sie `tasks` ein.',
  'poller.awayNoticeTitle': '{name} ist abwesend',
  'slack.askTitle': 'Nachfragen',
  'slack.askSubmit': 'Fragen',
  'slack.askText':
    'Ihre Frage zur Aufgabe `{id}` geht an die antragstellende Person, die einmal antwortet. Alle Genehmigenden des Antrags sehen beides auf ihrer Karte.',
  'slack.questionLabel': 'Ihre Frage',
  'slack.answerTitle': 'Frage beantworten',
  'slack.answerText': 'Sie antworten einmal; alle Genehmigenden Ihres Antrags sehen Ihre Antwort.',
  'slack.answerLabel': 'Ihre Antwort',
  'slack.awayTitle': 'Abwesend',
  'slack.awaySubmit': 'Speichern',
  'slack.awayText':
    'Bis der gewählte Tag beginnt, erfahren die anderen Genehmigenden Ihrer wartenden Aufgaben und der Eskalationskanal, dass Sie abwesend sind, und Erinnerungen an Sie pausieren. Niemand sonst bekommt Ihre Aufgaben.',
  'slack.awayDayLabel': 'Abwesend bis (an dem Tag sind Sie zurück)',
  'slack.awayNoteLabel': 'Notiz für die anderen (optional)',
  'slack.awayNoDay': 'Wählen Sie den Tag, an dem Sie zurück sind.',
  'slack.awayButton': 'Ich bin abwesend …',
  'slack.backButton': 'Ich bin zurück',
  'home.away': 'Sie sind abwesend bis {day}{withNote, select, yes { — „{note}“} other {}}.',
  'teams.questionLabel': 'Ihre Frage an die antragstellende Person',
  'teams.questionPlaceholder': 'Was müssen Sie vor der Entscheidung wissen?',
  'teams.askSubmit': 'Fragen',
  'teams.answerLabel': 'Ihre Antwort',
  'teams.answerPlaceholder': 'Sie antworten einmal; alle Genehmigenden sehen es.',
  'teams.questionEmpty': 'Geben Sie zuerst Ihre Frage ein.',
  'teams.answerEmpty': 'Geben Sie zuerst Ihre Antwort ein.',
  'report.campaignsHeading': 'Zugriffsüberprüfungen',
  'report.campaignsDefined':
    'Eine Überprüfungsrunde sind die Überprüfungen einer Person zu einer Anwendung und Stufe, die am selben Tag (UTC) eröffnet wurden. Eine Überprüfung ist fällig an dem Tag, den der Access Service ihr gibt, sonst REVIEW_DUE_DAYS nach ihrer Eröffnung; eine Runde ist verspätet, wenn eine Überprüfung nach ihrer Fälligkeit entschieden wurde, überfällig, wenn eine danach noch offen ist.',
  'report.campaignsNone': 'In diesem Zeitraum wurde keine Überprüfungsrunde eröffnet.',
  'report.campaignsCut':
    'Nur die ersten {max} Runden des Zeitraums sind aufgeführt: Fragen Sie nach einem kürzeren Zeitraum, um die übrigen zu sehen.',
  'report.campaignColumn':
    '{column, select, application {Anwendung} reviewer {Prüfer*in} opened {Eröffnet} due {Fällig} reviews {Überprüfungen} kept {Behalten} revoked {Entzogen} late {Verspätet} status {Stand} other {Dauer}}',
  'report.campaignStatus':
    '{status, select, on_time {Rechtzeitig erledigt} late {Verspätet erledigt} open {Offen} other {Überfällig}}',
  'report.campaigns':
    '{any, select, no {Zugriffsüberprüfungen: keine Runde eröffnet} other {Zugriffsüberprüfungen: {count, plural, one {# Runde} other {# Runden}} ({reviews, plural, one {# Überprüfung} other {# Überprüfungen}}): {onTime} rechtzeitig erledigt, {late} verspätet erledigt, {open} offen, {overdue} überfällig}}',
  'report.asksHeading': 'Fragen und Abwesenheiten',
  'report.questions':
    '{asked, plural, one {# Frage} other {# Fragen}} an Antragstellende, {answered} beantwortet (Zeit bis zur Antwort: Median {median}, 90. Perzentil {p90})',
  'report.awayWaits':
    '{tasks, plural, one {# Aufgabe wartete} other {# Aufgaben warteten}} auf abwesende Genehmigende (Median {median}, 90. Perzentil {p90})',
  // Die tägliche Übersicht (`digest`).
  'usage.digest':
    'digest [daily <HH:MM> | both <HH:MM> | off] — Ihre wartenden Aufgaben einmal am Tag in einer Nachricht zu Ihrer Uhrzeit (`daily`: nur dann; `both`: auch jede einzeln, sobald sie kommt)',
  'parse.digestUsage':
    'Wie sollen Aufgaben Sie erreichen? Schreiben Sie `digest daily 09:00`, `digest both 09:00` oder `digest off`. Verwendung: {usage}',
  'parse.digestTime':
    '„{time}“ ist keine Uhrzeit: Stunden und Minuten im 24-Stunden-Format, z. B. `digest {mode} 09:00`.',
  'digest.current':
    '{mode, select, daily {Sie erhalten täglich um {time} ({zone}) eine Übersicht; neue Aufgaben warten darauf, statt einzeln zu kommen.} both {Sie erhalten jede neue Aufgabe sofort und täglich um {time} ({zone}) eine Übersicht.} other {Sie erhalten jede neue Aufgabe sofort, ohne tägliche Übersicht. Schreiben Sie `digest daily 09:00` für eine.}}',
  'digest.saved': 'Gespeichert. {current}',
  'digest.savedTitle': 'Tägliche Übersicht',
  'digest.title':
    'Ihre tägliche Übersicht: {count, plural, one {# Aufgabe wartet} other {# Aufgaben warten}} auf Sie',
  'digest.waiting': 'Wartet seit',
  'digest.confirmFirst':
    'Diese Genehmigung muss bestätigt werden, daher hat sie hier keine Schaltflächen: Schreiben Sie `approve {number}`.',
  'digest.more':
    '…und {count, plural, one {# weitere Aufgabe} other {# weitere Aufgaben}} nicht angezeigt. Schreiben Sie `tasks`, um sie zu sehen.',
  'digest.howTo':
    'Genehmigen mit `approve 1` (oder `approve 1 2`), ablehnen mit `decline 1 -- <Grund>`. `digest` sagt oder ändert, wann diese Übersicht kommt.',
  'slack.digestMode':
    '{mode, select, daily {Nur tägliche Übersicht} both {Sofort und tägliche Übersicht} other {Jede sofort}}',
  'digest.approveAll': 'Alle angezeigten genehmigen ({count})',
  'workflow.badInput':
    '{field, select, app {Die Anwendung} level {Die Berechtigungsstufe} justification {Die Begründung} person {Die Person, für die er ist,} filer {Die Person, die ihn stellt,} other {Eine Eingabe}} des Schritts fehlt oder ist zu lang: Bitte ausfüllen (Anwendung und Begründung sind Pflicht).',
  'workflow.filerNotLinked':
    'Für die Person, die diesen Workflow ausgeführt hat, findet accessbot kein Konto im Access Service (die E-Mail-Adresse ihres Slack-Profils gehört keinem Access-Konto). Ordnen Sie „Person who filed it“ der Angabe „Person who used this workflow“ zu.',
  'workflow.personNotLinked':
    'Für die Person, für die der Antrag ist, findet accessbot kein Konto im Access Service (die E-Mail-Adresse ihres Slack-Profils gehört keinem Access-Konto).',
  'workflow.personUnavailable':
    'Slack konnte gerade nicht sagen, wer die Person ist, für die der Antrag ist; es wurde nichts gestellt. Führen Sie den Workflow erneut aus.',
  'workflow.ended': 'Der Antrag endete ohne Entscheidung ({state}).',
  'workflow.interrupted':
    'accessbot wurde beim Stellen dieses Antrags beendet; er wurde vielleicht gestellt, vielleicht nicht. Die Person sieht ihre Anträge mit `requests`.',
  'usage.reviews':
    'reviews — Ihre offenen Zugriffsprüfungen, nach Anwendung und Stufe gruppiert, nummeriert',
  'usage.review':
    'review <Nummer oder App> [page <Seitennummer>] — eine Gruppe von Zugriffsprüfungen: jede Person behalten oder entziehen (`review 1 keep all`, `review 1 revoke all -- <Grund>` für alle übrigen, erst bestätigt)',
  'parse.whichReview': 'Welche Gruppe von Prüfungen? {usage}',
  'reviews.badPage': 'Eine Seite ist eine Zahl von 1 bis 100, etwa `review 1 page 2`.',
  'reviews.reasonOnlyRevoke':
    'Nur `revoke all` nimmt einen Grund nach `--`: `review 1 revoke all -- <Grund>`. Einer Person mit Grund entziehen: `decline <Aufgaben-ID> -- <Grund>`.',
  'reviews.none': 'Bei Ihnen warten keine Zugriffsprüfungen.',
  'reviews.title':
    '{count, plural, one {# Zugriffsprüfung wartet} other {# Zugriffsprüfungen warten}} auf Sie in {groups, plural, one {# Gruppe} other {# Gruppen}}',
  'reviews.summary': '{title}: {items}',
  'reviews.group':
    '{number}. {group}: {count} zu prüfen{withOldest, select, yes {, die älteste seit {oldest}} other {}}',
  'reviews.howTo':
    'Öffnen Sie eine Gruppe mit `review 1` (oder `review <App>`), um jede Person zu behalten oder ihr den Zugriff zu entziehen.',
  'reviews.noGroup':
    'Sie haben keine Zugriffsprüfungen zu „{target}“. `reviews` zeigt Ihre Gruppen.',
  'reviews.whichGroup':
    'Prüfungen dieser Anwendung warten auf mehreren Stufen; öffnen Sie eine mit ihrer Nummer: {choices}',
  'reviews.choice': '`review {number}` — {group} ({count})',
  'reviews.groupTitle':
    '{group}: {count} zu prüfen{pages, plural, one {} other { (Seite {page} von {pages})}}',
  'reviews.row':
    '{person}{withLevel, select, yes { · {level}} other {}}{withSince, select, yes { · wartet seit {since}} other {}}{withDefaults, select, yes { · standardmäßig über {defaults}} other {}} · `{id}`',
  'reviews.keep': 'Behalten',
  'reviews.revoke': 'Entziehen',
  'reviews.keepSpoken': 'Zugriff von {person} auf {group} behalten',
  'reviews.revokeSpoken': 'Zugriff von {person} auf {group} entziehen',
  'reviews.more':
    '…und {count, plural, one {# weitere Person} other {# weitere Personen}}: `{next}` zeigt die nächste Seite.',
  'reviews.groupHowTo':
    'Eine Person behalten: `approve <Aufgaben-ID>`; entziehen: `decline <Aufgaben-ID> -- <Grund>`. Alle übrigen ({count}): `review {number} keep all` oder `review {number} revoke all -- <Grund>`.',
  'reviews.revokeWhy':
    'Allen übrigen in {group} den Zugriff zu entziehen braucht einen Grund für alle: `review {number} revoke all -- <Grund>`.',
  'reviews.batchAsk':
    'Den Zugriff aller übrigen in {group} {decision, select, keep {behalten} other {entziehen}}: {count, plural, one {# Person} other {# Personen}}?',
  'reviews.batchSummary': '{title} Bestätigen mit `confirm {code}` oder `cancel {code}`.',
  'reviews.batchReason': 'Grund für alle: {reason}',
  'reviews.batchConfirm':
    '{count, plural, one {# Person} other {Alle #}} {decision, select, keep {behalten} other {entziehen}}',
  'reviews.batchHowTo':
    'Nichts wird entschieden, bevor Sie bestätigen: `confirm {code}` oder `cancel {code}`. Jede Person wird einzeln entschieden; wer inzwischen anderswo entschieden wurde, bleibt, wie er ist.',
  'reviews.batchUnderWay': 'Die Prüfungen von {group} werden gerade entschieden.',
  'reviews.batchSettled':
    '{lead} Alle übrigen in {group} {decision, select, keep {behalten} other {entziehen}}: {outcome, select, cancelled {abgebrochen, nichts entschieden} expired {abgelaufen, nichts entschieden} done {erledigt} partial {teilweise erledigt; `reviews` zeigt, was noch wartet} other {nicht erlaubt}}.',
  'reviews.batchDone':
    '{done} von {count, plural, one {# Person} other {# Personen}} in {group} {decision, select, keep {behalten} other {entzogen}}',
  'reviews.keepAll': 'Alle übrigen behalten ({count})',
  'reviews.revokeAll': 'Allen übrigen entziehen ({count})…',
  'reviews.keepAllSpoken':
    'Den Zugriff aller übrigen in {group} ({count}) behalten; Sie bestätigen zuerst',
  'reviews.revokeAllSpoken':
    'Allen übrigen in {group} ({count}) den Zugriff entziehen, mit einem Grund; Sie bestätigen zuerst',
  'reviews.revokeAllTitle': 'Allen übrigen entziehen',
  'reviews.reasonLabel': 'Grund für alle',
  'reviews.next': 'Weiter',
  'reviews.groupGone':
    'Diese Prüfungen warten nicht mehr auf Sie. `reviews` zeigt Ihre aktuellen Gruppen.',
  'reviews.batchDoneSummary': '{title}: {items}',
  'reviews.cardTitle':
    'Zugriffsprüfungen für {group}: {left, plural, one {# Person} other {# Personen}} zu prüfen',
  'reviews.cardSummary': '{title} — {progress}',
  'reviews.progress':
    '{reviewed} von {total} geprüft{withDue, select, yes {, fällig am {due}} other {}}',
  'reviews.cardDone':
    'Zugriffsprüfungen für {group}: {total, plural, one {die Prüfung ist erledigt} other {alle # geprüft}}',
  'reviews.reminderTitle':
    '{step, select, week {Zugriffsprüfungen in einer Woche fällig} twoDays {Zugriffsprüfungen in zwei Tagen fällig} other {Zugriffsprüfungen heute fällig}}: {group}',
  'reviews.reminder':
    '{left, plural, one {# Person} other {# Personen}} in {group} noch zu prüfen, fällig am {due}. Öffnen mit `review {number}`.',
  'reviews.escalationTitle': 'Zugriffsprüfungen überfällig: {group}',
  'reviews.escalation':
    '{left} von {total} Zugriffsprüfungen für {group} warten noch auf {who}; sie waren am {due} fällig.',
  'reviews.batchItem':
    '{name} (`{id}`): {outcome, select, approved {behalten} declined {entzogen} already_decided {schon anderswo entschieden, unverändert} not_assignee {nicht mehr in Ihrer Aufgabenliste} self_approval {Ihr eigener Zugriff, bleibt für andere Prüfer} not_found {existiert nicht mehr} not_tried {nicht entschieden: nach dem Ausfall des Dienstes angehalten} other {nicht entschieden: der Dienst ist ausgefallen}}',
  'usage.passkeys':
    'passkeys — Ihre Passkeys, die auf Nachfrage heikle Genehmigungen und Änderungen bestätigen (`passkeys add`, `passkeys remove <Nummer>`; Admins: `passkeys reset <Person>`)',
  'parse.passkeys':
    'Schreiben Sie `passkeys`, `passkeys add`, `passkeys remove <Nummer>` oder `passkeys reset <Person>`.',
  'stepup.chat.ask':
    '{enrolled, select, yes {Bestätigen Sie es mit Ihrem Passkey auf der Seite, die der Link unten öffnet.} other {Bestätigen Sie es mit einem Passkey: Die Seite, die der Link unten öffnet, legt zuerst Ihren an (auf diesem Gerät oder einem Sicherheitsschlüssel) und fragt dann nach ihm.}} Der Link gilt nur für Sie, einmal und {minutes} Minuten lang; bis dahin wird nichts entschieden.',
  'stepup.chat.open': 'Passkey-Seite öffnen',
  'stepup.chat.add':
    'Öffnen Sie den Link unten im Browser oder auf dem Gerät, das den neuen Passkey halten soll: Er fragt zuerst nach einem Passkey, den Sie schon haben, und legt dann den neuen an. Der Link gilt nur für Sie, einmal und {minutes} Minuten lang.',
  'stepup.add.summary': 'Ein neuer Passkey für Ihr accessbot-Konto',
  'stepup.page.add': 'Passkey hinzufügen',
  'stepup.page.proven':
    'Ihr Passkey hat bestätigt, dass Sie es sind. Jetzt wird der neue angelegt…',
  'stepup.page.added': 'Ihr neuer Passkey ist hinzugefügt.',
  'passkeys.off':
    'Passkeys werden hier nicht benutzt: Bestätigungen nehmen den Code, den sie zeigen.',
  'passkeys.none':
    'Sie haben noch keinen Passkey. Die erste Bestätigung, die einen braucht, schickt Ihnen einen Link, um ihn anzulegen.',
  'passkeys.list': 'Ihre Passkeys ({count}):',
  'passkeys.item':
    '{n}. angelegt {added}, {wasUsed, select, yes {zuletzt benutzt {usedAt}} other {nie benutzt}}',
  'passkeys.howTo':
    'Einen hinzufügen mit `passkeys add`; einen entfernen mit `passkeys remove <Nummer>`.',
  'passkeys.removed': 'Passkey {n} ist entfernt.',
  'passkeys.noSuch': 'Sie haben keinen Passkey Nummer {n}; `passkeys` listet sie.',
  'passkeys.lastOne':
    'Das ist Ihr einziger Passkey. Ohne ihn könnte, wer als Nächstes Ihr Chat-Konto benutzt, einen neuen anlegen, daher bleibt er; ist er verloren, setzt ein Admin Ihre Passkeys zurück.',
  'passkeys.resetDone':
    'Die Passkeys von {name} sind entfernt ({count}). Die nächste Bestätigung schickt einen Link, um einen neuen anzulegen.',
  'passkeys.resetNotAdmin':
    'Nur die Admins von accessbot dürfen die Passkeys anderer zurücksetzen.',
  'stepup.page.title': 'Mit Ihrem Passkey bestätigen',
  'stepup.page.what': 'Sie bestätigen:',
  'stepup.page.confirm': 'Mit meinem Passkey bestätigen',
  'stepup.page.enrol': 'Meinen Passkey anlegen und bestätigen',
  'stepup.page.working': 'Warte auf Ihren Passkey…',
  'stepup.page.enrolled': 'Ihr Passkey ist angelegt. Jetzt wird mit ihm bestätigt…',
  'stepup.page.cancelled':
    'Die Passkey-Abfrage wurde geschlossen oder ist fehlgeschlagen. Nichts wurde entschieden; Sie können es erneut versuchen.',
  'stepup.page.noScript': 'Diese Seite braucht JavaScript für die Passkey-Abfrage.',
  'stepup.refused.unknown': 'Dieser Link ist ungültig. Nichts wurde entschieden.',
  'stepup.refused.used': 'Dieser Link wurde schon benutzt. Nichts weiter wurde entschieden.',
  'stepup.refused.expired':
    'Dieser Link ist abgelaufen. Nichts wurde entschieden; fragen Sie im Chat erneut nach einem neuen.',
  'stepup.refused.notYours':
    'Dieser Passkey gehört nicht der Person, an die der Link ging. Nichts wurde entschieden.',
  'stepup.refused.failed': 'Der Passkey konnte nicht geprüft werden. Nichts wurde entschieden.',
  'stepup.refused.counter':
    'Der Zähler dieses Passkeys ist nicht weitergelaufen, wie bei einem kopierten Schlüssel. Nichts wurde entschieden.',
  'stepup.refused.enrolled':
    'Die Person, an die der Link ging, hat schon einen Passkey: Über einen Link wird kein neuer angelegt. Nichts wurde entschieden.',
  'stepup.refused.unlinked':
    'Die Person, an die der Link ging, kann gerade nicht handeln. Nichts wurde entschieden.',
};
