import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { hasScript, keys, plain, runInPty } from '../helpers/pty.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'accessbot-pty-'));
const node = `'${process.execPath}'`;

describe.skipIf(!hasScript)('the demo in a real terminal', () => {
  it('npm start shows a prompt, echoes what is typed, and approves', async () => {
    const run = runInPty('npm start --silent', {
      DATABASE_URL: join(dataDir, 'npm-start.db'),
      DEMO_REQUEST_AFTER: '0',
    });
    try {
      await run.waitFor(/You have 14 pending tasks[\s\S]*\n> $/);
      let mark = run.mark();
      run.press('approve 1');
      // The terminal's own echo is off: these characters are on screen because accessbot drew them.
      await run.waitFor(/^approve 1$/, mark);
      run.press(keys.enter);
      const answer = await run.waitFor(/Receipt [0-9A-Z]{5}-[0-9A-Z]{5}[^\n]*\n\n> $/, mark);
      expect(answer).toMatch(/You approved "Access review: Dennis Ritchie on AWS Console/);
      expect(answer).toMatch(/Approved by Ada Lovelace[\s\S]*receipt [0-9A-Z]{5}-[0-9A-Z]{5}/);
      // Colour on a terminal.
      expect(run.raw()).toContain('\u001b[32mApproved by Ada Lovelace');
      mark = run.mark();
      run.press(`quit${keys.enter}`);
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
    }
  });

  it('edits the line with the arrow keys and recalls the last command', async () => {
    const run = runInPty(`${node} src/app/main.ts`, {
      DATABASE_URL: join(dataDir, 'editing.db'),
      DEMO_REQUEST_AFTER: '0',
    });
    try {
      await run.waitFor(/\n> $/);
      let mark = run.mark();
      // "tsks", three steps left, "a": "tasks".
      run.press(`tsks${keys.left.repeat(3)}a${keys.enter}`);
      await run.waitFor(/You have 14 pending tasks[\s\S]*\n> $/, mark);
      mark = run.mark();
      run.press(`help${keys.enter}`);
      await run.waitFor(/What I can do[\s\S]*\n> $/, mark);
      mark = run.mark();
      run.press(`${keys.up}${keys.enter}`);
      // Redrawn as "> help" (the plain text shows the prompt it was drawn over, too).
      await run.waitFor(/> help\n[\s\S]*What I can do[\s\S]*\n> $/, mark);
      run.press(keys.ctrlC);
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
    }
  });

  it('prints a pushed task above the line being typed, then shows that line again', async () => {
    const run = runInPty(`${node} src/app/main.ts`, {
      DATABASE_URL: join(dataDir, 'push.db'),
      DEMO_REQUEST_AFTER: '2s',
    });
    try {
      await run.waitFor(/You have 14 pending tasks[\s\S]*\n> $/);
      const mark = run.mark();
      run.press('tas');
      const pushed = await run.waitFor(/New task waiting for your decision[\s\S]*\n\n> tas$/, mark);
      // The half-typed line is not cut into the card: the card's lines are whole.
      expect(pushed).toMatch(/\n {6}Requested by: {6}Grace Hopper\n/);
      run.press(`ks${keys.enter}`);
      await run.waitFor(/You have 15 pending tasks/, mark);
      run.press(`quit${keys.enter}`);
      expect(await run.exited).toBe(0);
      expect(plain(run.raw())).not.toMatch(/"level":/);
    } finally {
      run.child.kill('SIGKILL');
    }
  });
  it('clears a half-typed line on Ctrl-C, and leaves on a second one', async () => {
    const run = runInPty(`${node} src/app/main.ts`, {
      DATABASE_URL: join(dataDir, 'ctrl-c.db'),
      DEMO_REQUEST_AFTER: '0',
    });
    try {
      await run.waitFor(/You have 14 pending tasks[\s\S]*\n> $/);
      let mark = run.mark();
      run.press('approve 1');
      await run.waitFor(/approve 1$/, mark);
      mark = run.mark();
      run.press(keys.ctrlC);
      // What follows is a fresh line: had "approve 1" stayed, this would be "approve 1help".
      run.press(`help${keys.enter}`);
      await run.waitFor(/What I can do[\s\S]*\n> $/, mark);
      expect(run.child.exitCode).toBeNull();
      run.press(keys.ctrlC);
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
    }
  });
});

describe.skipIf(!hasScript)('the demo in a 50-column terminal, in Japanese', () => {
  it('wraps every line at the width, later lines indented, Japanese broken between characters', async () => {
    const run = runInPty(`stty cols 50 rows 40; ${node} src/app/main.ts`, {
      DATABASE_URL: join(dataDir, 'narrow.db'),
      DEMO_REQUEST_AFTER: '0',
      LANG: 'ja_JP.UTF-8',
    });
    try {
      await run.waitFor(/未処理のタスクが 14 件あります[\s\S]*\n> $/);
      const mark = run.mark();
      // The application card: its fields and policy rows, its notes.
      run.press(`app GitHub${keys.enter}`);
      await run.waitFor(/選べるポリシー[\s\S]*\n> $/, mark);
      run.press(`quit${keys.enter}`);
      expect(await run.exited).toBe(0);
      const lines = plain(run.raw()).split('\n');
      for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(50);
      // The greeting wrapped rather than cut.
      expect(lines[1]).toMatch(/^です。`help` でコマンド一覧/);
      // A card's wrapped title, notes and field values go on under it, never at the margin.
      const card = lines.slice(lines.findIndex((line) => /^ 1\. /.test(line)));
      const cards = card.slice(
        0,
        card.findIndex((line, i) => i > 0 && /^\S/.test(line)),
      );
      expect(cards.length).toBeGreaterThan(20);
      for (const line of cards.slice(1)) expect(line).toMatch(/^(?: \d\. | {6,})\S/);
      expect(cards).toContain('                         the compiler repository');
      // The policy rows: a wrapped value under its value's column.
      expect(lines).toContain('                         owners、Design');
      // A sentence without spaces is broken between two Japanese characters.
      const japanese = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
      const broken = lines.some(
        (line, i) =>
          japanese.test(line.at(-1) ?? '') && japanese.test(lines[i + 1]?.trim()[0] ?? ''),
      );
      expect(broken, lines.join('\n')).toBe(true);
    } finally {
      run.child.kill('SIGKILL');
    }
  });
});
