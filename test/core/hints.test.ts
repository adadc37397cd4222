/**
 * Every hint people read says what the parser accepts: each usage and example in the Slack
 * manifest's usage hint, the Teams command lists, the `help` text, the README and the chat
 * docs is expanded
 * (each optional part with and without, each alternative, each placeholder a sample value) and
 * parsed with the real command parser.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { HELP_COMMANDS, parseCommand } from '../../src/core/commands.ts';
import { helpReply } from '../../src/core/help.ts';
import { english } from '../../src/core/i18n/voice.ts';

const read = (name: string) => readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8');

/** A sample for each kind of placeholder a hint uses; a new kind fails the test until added. */
const samples: Array<[RegExp, string]> = [
  [/reason|why|justification/, 'too broad for a review'],
  [/number|task|request or code/, '1'],
  [/^more/, '2'],
  [/^code$/, 'c2ffee42'],
  [/^receipt$/, '7K3QD-9X2MA'],
  [/group/, 'Engineering'],
  [/person/, 'grace@example.com'],
  [/level/, 'Write'],
  [/app/, 'GitHub'],
  [/field/, '"Cost center"'],
  [/value/, 'CC-42'],
  [/request type/, 'AccessRequest'],
  [/policy/, '"Security approval"'],
  [/search/, 'git'],
  [/days/, '7'],
  [/question/, 'which repository?'],
  [/answer/, 'the compiler one'],
  [/^day$/, '2026-12-01'],
  [/note/, 'at a conference'],
  [/^hh:mm$/, '09:00'],
];

function sample(placeholder: string): string {
  const found = samples.find(([pattern]) => pattern.test(placeholder.toLowerCase()));
  if (!found) throw new Error(`no sample for the placeholder <${placeholder}>`);
  return found[1];
}

/**
 * The commands a usage pattern stands for: `[x]` with and without x (bare words inside are a
 * placeholder: `[reason]`), `a|b` and `[a | b]` each alternative, `<x>` a sample.
 */
function expand(pattern: string): string[] {
  const optional = /\[([^[\]]*)\]/.exec(pattern);
  if (optional) {
    const inner = optional[1]!;
    const choices = inner.includes('|')
      ? inner.split('|').map((c) => c.trim())
      : [/[<-]/.test(inner) ? inner : `<${inner}>`];
    const at = (choice: string) =>
      pattern.slice(0, optional.index) +
      choice +
      pattern.slice(optional.index + optional[0].length);
    return ['', ...choices].flatMap((choice) => expand(at(choice)));
  }
  const alternative = /(\S+)\|(\S+)/.exec(pattern);
  if (alternative) {
    return alternative
      .slice(1, 3)
      .flatMap((word) => expand(pattern.replace(alternative[0], word!)));
  }
  return [pattern.replace(/<([^>]+)>/g, (_, name: string) => sample(name)).replace(/\s+/g, ' ')];
}

const commandWords = new Set([...HELP_COMMANDS, 'confirm', 'cancel', 'report', 'list', 'group']);
/** Text that is a command, after the slash command or a mention. */
const commandIn = (span: string) => {
  const text = span.replace(/^(\/access|@accessbot) /, '');
  return commandWords.has(text.split(' ')[0]!) ? text : undefined;
};
/** Backticked commands with arguments: a bare name (`approve`) mentions a command. */
const backticked = (text: string) =>
  [...text.matchAll(/`([^`\n]+ [^`\n]+)`/g)].flatMap((m) => commandIn(m[1]!) ?? []);
/** `usage — what it does`: the usage, where it starts with a command. */
const usageOf = (line: string) => commandIn(line.split(' — ')[0]!.trim());

function expectParsed(where: string, patterns: string[]) {
  expect(patterns.length, where).toBeGreaterThan(0);
  for (const pattern of patterns) {
    for (const command of expand(pattern)) {
      const parsed = parseCommand(command, english);
      expect(parsed, `${where}: "${command}" (from "${pattern}")`).toMatchObject({ ok: true });
    }
  }
}

describe('the hints people read match the parser', () => {
  it('in the Slack manifest’s usage hint', () => {
    const manifest = parse(read('manifest/slack.yaml'));
    const hint: string = manifest.features.slash_commands[0].usage_hint;
    // `|` between examples, outside brackets; inside them it separates alternatives.
    const examples = hint.split(/ \| (?![^[]*\])/);
    expectParsed('usage_hint', examples);
  });

  it('in the Teams command lists', () => {
    const manifest = JSON.parse(read('manifest/teams/manifest.json'));
    for (const list of manifest.bots[0].commandLists) {
      const patterns = list.commands.flatMap((command: { title: string; description: string }) => {
        const given = usageOf(command.description);
        if (given) expect(given.split(' ')[0], command.description).toBe(command.title);
        return [given ?? command.title, ...backticked(command.description)];
      });
      expectParsed(`Teams ${list.scopes.join('/')}`, patterns);
    }
  });

  it('in the help text', () => {
    const reply = helpReply(english);
    const lines = reply.blocks.flatMap((block) =>
      block.kind === 'list' ? block.items : block.kind === 'note' ? [block.text] : [],
    );
    const patterns = lines.flatMap((line) => [
      ...line.split('; ').flatMap((part) => usageOf(part) ?? []),
      ...backticked(line),
    ]);
    expectParsed('help', patterns);
  });

  it('in the README', () => {
    const readme = read('README.md');
    const table = readme.slice(readme.indexOf('## Commands'), readme.indexOf('## Connect Slack'));
    const usages = [...table.matchAll(/^\| `([^|]+)` \|/gm)].flatMap((m) =>
      m[1]!.split(/`, `/).flatMap((u) => commandIn(u) ?? []),
    );
    expect(usages.length).toBeGreaterThan(8);
    expectParsed('README', [...usages, ...backticked(readme)]);
  });

  it('in the docs people read to use it', () => {
    for (const doc of [
      'docs/applications.md',
      'docs/slack.md',
      'docs/teams.md',
      'docs/groups-and-audit.md',
      'docs/report.md',
    ]) {
      expectParsed(doc, backticked(read(doc)));
    }
  });

  it('and a hint that teaches the wrong syntax is caught', () => {
    expect(expand('decline 1 [reason]').map((c) => parseCommand(c, english).ok)).toEqual([
      true,
      false,
    ]);
  });
});
