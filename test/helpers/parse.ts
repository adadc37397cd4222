/** The command parser, for tests: what a line parses to, or the message it is refused with. */
import { parseCommand } from '../../src/core/commands.ts';
import { english, type Voice } from '../../src/core/i18n/voice.ts';

export const parsed = (text: string) => {
  const result = parseCommand(text, english);
  if (!result.ok) throw new Error(`expected ${text} to parse: ${result.message}`);
  return result.command;
};

export const refusedWith = (text: string, v: Voice = english) => {
  const result = parseCommand(text, v);
  if (result.ok) throw new Error(`expected ${text} to be refused`);
  return result.message;
};
