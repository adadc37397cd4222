/**
 * Every command reaches its people: a name in the command language is typed and parsed, `help`
 * lists it (but `confirm` and `cancel`, which the cards that need them explain), and the README's
 * command table has a row for it. A command added to one place but not another fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { COMMAND_NAMES, Command, parseCommand } from '../../src/core/commands.ts';
import { helpReply } from '../../src/core/help.ts';
import { english } from '../../src/core/i18n/voice.ts';

/** The names of the commands the schema knows, from its literals (unions inside included). */
function schemaNames(schema: z.ZodType): string[] {
  const def = (schema as unknown as { def: Record<string, unknown> }).def;
  if (Array.isArray(def.options)) return (def.options as z.ZodType[]).flatMap(schemaNames);
  const name = (def.shape as { name?: { def: { values: string[] } } } | undefined)?.name;
  return name ? name.def.values : [];
}

const known = [...new Set(schemaNames(Command))].sort();

describe('the command table', () => {
  it('every command the schema knows has a name the parser finds', () => {
    expect([...COMMAND_NAMES].sort()).toEqual(known);
    for (const name of known) {
      const parsed = parseCommand(name, english);
      const said = parsed.ok ? '' : parsed.message;
      expect(said, name).not.toMatch(/unknown command|not a command/i);
    }
  });

  it('help has a line for every command but confirm and cancel', () => {
    const help = helpReply(english).blocks?.flatMap((b) => (b.kind === 'list' ? b.items : []));
    const started = (help ?? []).map((line) => line.split(/[\s`]/).find(Boolean));
    expect(started.sort()).toEqual(known.filter((n) => n !== 'confirm' && n !== 'cancel'));
  });

  it("the README's command table has a row for every command", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const rows = readme.split('\n').filter((line) => line.startsWith('| `'));
    const firstCells = rows.map((row) => row.split(' | ')[0]!);
    const missing = known.filter(
      (name) => !firstCells.some((cell) => new RegExp(`\`${name}\\b`).test(cell)),
    );
    expect(missing).toEqual([]);
  });
});
