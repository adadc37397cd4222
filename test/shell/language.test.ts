/**
 * The terminal chat speaks the terminal's language, found as POSIX says (LC_ALL, else
 * LC_MESSAGES, else LANG; a language accessbot has no messages for, or none: DEFAULT_LOCALE),
 * and reads well to a screen reader: with NO_COLOR no colour at all, also on a real terminal,
 * and no decorative bullets, arrows, dots or warning signs (indentation and words instead).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasScript, keys, runInPty } from '../helpers/pty.ts';
import { startBot } from '../helpers/spawn.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'accessbot-language-'));
let runs = 0;

/** The demo in a pipe with `env`: what it prints for `lines` typed after its start-up list. */
async function demo(env: Record<string, string>, lines: string[] = []) {
  const bot = startBot({
    DATABASE_URL: join(dataDir, `run-${++runs}.db`),
    DEMO_REQUEST_AFTER: '0',
    ...env,
  });
  try {
    await bot.waitFor(/\n\n/);
    for (const line of lines) bot.type(line);
    bot.child.stdin.end();
    expect(await bot.exited).toBe(0);
    return bot.stdout();
  } finally {
    bot.child.kill('SIGKILL');
  }
}

/** Select Graphic Rendition: colour, bold, dim. */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`);

/** What a screen reader would read aloud as noise. */
const NOISE = /[•→⚠]| · /;

describe('the terminal chat in the terminal’s language', () => {
  it('speaks German with LANG=de_DE.UTF-8: words, fields, dates and answers', async () => {
    const out = await demo({ LANG: 'de_DE.UTF-8' }, ['approve 2', 'aprove 1']);
    expect(out).toContain(
      'accessbot — Sie sind ada.lovelace@example.com. Mit `help` sehen Sie die Befehle, mit `quit` beenden Sie.',
    );
    expect(out).toContain('Sie haben 14 offene Aufgaben');
    expect(out).toMatch(/\n {6}Beantragt von: +Grace Hopper\n/);
    // DEFAULT_TIME_ZONE (UTC) in the German form.
    expect(out).toMatch(/Seit: +\d{1,2}\. [A-Z][a-z]{2}\.? 2026, \d{2}:\d{2} UTC/);
    // What to type is said once, below the list, its placeholder in German too.
    expect(out).not.toContain('Eingabe:');
    expect(out).toContain(
      'Genehmigen mit `approve 1` (oder `approve 1 2`), ablehnen mit `decline 1 -- <Grund>`.',
    );
    expect(out).toContain('Sie haben „Zugriffsantrag: GitHub (Write)“ genehmigt.');
    expect(out).toMatch(/Genehmigt von Ada Lovelace am \d{1,2}\. /);
    expect(out).toContain('Den Befehl „aprove“ kenne ich nicht. Meinten Sie `approve`?');
    expect(out).not.toMatch(NOISE);
  });

  it('says every word of members, history, requests and help in German', async () => {
    const short = '58293d99';
    const out = await demo({ LANG: 'de_DE.UTF-8', RATE_LIMIT_PER_MINUTE: '0' }, [
      'members engineering',
      'approve 2',
      'decline 1',
      'history',
      'request GitHub admin -- release',
      'requests',
      'help',
    ]);
    expect(out).toContain('Engineering — 6 Mitglieder\n');
    expect(out).toContain(
      'Geben Sie den Grund als nächste Nachricht ein — oder `--`, um ohne Grund abzulehnen, oder `cancel`, um nichts abzulehnen.',
    );
    expect(out).toMatch(
      new RegExp(
        `: Genehmigt „Zugriffsantrag: GitHub \\(Write\\)“ \\(beantragt von Grace Hopper\\), Aufgabe ${short}\n`,
      ),
    );
    expect(out).toContain('wartet auf Radia Perlman, gestellt vor weniger als einer Minute\n');
    // `report` is one of the commands help lists, `group unbind` too.
    expect(out).toMatch(/\n {2}report \[Tage\] — für Prüfer: /);
    expect(out).toContain('; group unbind — die Bindung wieder lösen\n');
    expect(out).not.toMatch(/<reason>|members\b[^\n]*— \d+ members|Access request:/);
  });

  it('speaks Japanese with LANG=ja_JP.UTF-8', async () => {
    const out = await demo({ LANG: 'ja_JP.UTF-8', RATE_LIMIT_PER_MINUTE: '0' }, [
      'help',
      'members engineering',
      'approve 2',
      'history',
      'request GitHub admin -- release',
      'requests',
    ]);
    expect(out).toContain('未処理のタスクが 14 件あります');
    // Values start in one column, as the terminal draws the labels (two columns a character).
    expect(out).toContain('\n      申請者:            Grace Hopper\n');
    expect(out).toContain('\n      アプリケーション:  GitHub\n');
    expect(out).toMatch(/2026年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2} UTC/);
    expect(out).toContain('コマンドは表示のとおり英語で入力してください。');
    expect(out).toContain('approve <番号または ID>');
    expect(out).toMatch(/\n {2}report \[日数\] — 監査担当者向け: /);
    expect(out).toContain('`decline 1 -- <理由>` で却下します。');
    expect(out).toContain('Engineering — 6 人\n');
    expect(out).toContain(
      '「アクセス申請: GitHub (Write)」 (申請者 Grace Hopper)、タスク 58293d99 を承認\n',
    );
    expect(out).toContain('Radia Perlman の判断待ち、申請: たった今\n');
    expect(out).not.toMatch(/<reason>|\d+ members|Access request:|未満前/);
    // The requests list separates its parts with dots, as it does on every platform.
    expect(out.slice(0, out.indexOf('自分のアクセス申請'))).not.toMatch(NOISE);
  });

  it('nudges in German and Japanese: a colleague reached, said once; nobody reached, said alike each time', async () => {
    // Radia Perlman approves GitHub (Admin) and uses accessbot in the demo; Dennis Ritchie, who
    // approves Jira, does not. 1: Jira, 2: GitHub (newest first).
    const lines = [
      'request GitHub admin -- for the release',
      'request Jira "Project Admin" -- the compiler project',
      'requests',
      'nudge 2',
      'nudge 1',
      'nudge 1',
    ];
    const count = (text: string, part: string) => text.split(part).length - 1;
    const de = await demo({ LANG: 'de_DE.UTF-8' }, lines);
    expect(de).toContain('Gesendet an radia.perlman@example.com: Eine Erinnerung von Ada Lovelace');
    expect(de).toMatch(
      /\nIch habe Radia Perlman an Ihren Antrag auf GitHub \(Admin\) erinnert\. Sie können ab .+ wieder erinnern \(in 24 Stunden\)\.\n/,
    );
    const nobody =
      'Keine genehmigende Person Ihres Antrags auf Jira (Project Admin) nutzt accessbot, deshalb konnte niemand erinnert werden.';
    expect(count(de, nobody)).toBe(2);
    expect(de).not.toContain('Noch nicht erinnert');

    const ja = await demo({ LANG: 'ja_JP.UTF-8' }, lines);
    expect(ja).toContain('radia.perlman@example.com に送信しました: Ada Lovelace からのリマインド');
    expect(ja).toMatch(
      /\nGitHub \(Admin\) について Radia Perlman にリマインドしました。2026年.+ 以降 \(24 時間後\) に再度リマインドできます。\n/,
    );
    const nobodyJa =
      'Jira (Project Admin) の承認者は誰も accessbot を使っていないため、リマインドできませんでした。';
    expect(count(ja, nobodyJa)).toBe(2);
    expect(ja).not.toContain('まだリマインドしていません');
  });

  it('takes LC_ALL over LANG, and DEFAULT_LOCALE for a language it has no messages for', async () => {
    expect(await demo({ LANG: 'de_DE.UTF-8', LC_ALL: 'ja_JP.UTF-8' })).toContain(
      '未処理のタスクが 14 件あります',
    );
    expect(await demo({ LANG: 'fr_FR.UTF-8' })).toContain('You have 14 pending tasks');
    expect(await demo({ LANG: 'fr_FR.UTF-8', DEFAULT_LOCALE: 'de-CH' })).toContain(
      'Sie haben 14 offene Aufgaben',
    );
    expect(await demo({ LANG: 'C.UTF-8' })).toContain('You have 14 pending tasks');
  });
});

describe.skipIf(!hasScript)('on a real terminal with NO_COLOR', () => {
  it('prints no colour, and still edits the line', async () => {
    const run = runInPty(`'${process.execPath}' src/app/main.ts`, {
      DATABASE_URL: join(dataDir, 'no-color.db'),
      DEMO_REQUEST_AFTER: '0',
      NO_COLOR: '1',
    });
    try {
      await run.waitFor(/You have 14 pending tasks[\s\S]*\n> $/);
      const mark = run.mark();
      run.press(`approve 1${keys.enter}`);
      await run.waitFor(/Receipt [0-9A-Z]{5}-[0-9A-Z]{5}[^\n]*\n\n> $/, mark);
      run.press(`quit${keys.enter}`);
      expect(await run.exited).toBe(0);
      // Select Graphic Rendition (colour, bold, dim) never; cursor movement for the prompt may.
      expect(run.raw()).not.toMatch(SGR);
    } finally {
      run.child.kill('SIGKILL');
    }
  });
});
