/**
 * The person's end of the terminal chat. Interactive: readline, and text arriving while the person
 * types is printed above their line, which is drawn again. In a pipe: no prompt, no control codes.
 */
import {
  clearScreenDown,
  createInterface,
  cursorTo,
  type Interface,
  moveCursor,
} from 'node:readline';
import type { Readable, Writable } from 'node:stream';

interface Terminal {
  readonly lines: Interface;
  /** Prints whole lines of text without garbling what the person is typing. */
  print(text: string): void;
  /** Shows the prompt from now on (after the greeting), with whatever was typed so far. */
  prompt(): void;
}

const PROMPT = '> ';
const HISTORY_SIZE = 500;

export function openTerminal(input: Readable, output: Writable, interactive: boolean): Terminal {
  if (!interactive) {
    const lines = createInterface({ input, terminal: false, crlfDelay: Infinity });
    return { lines, print: (text) => void output.write(text), prompt: () => {} };
  }
  const lines = createInterface({
    input,
    output,
    terminal: true,
    prompt: PROMPT,
    historySize: HISTORY_SIZE,
    removeHistoryDuplicates: true,
  });
  let prompting = false;
  let open = true;
  lines.on('close', () => {
    open = false;
  });
  const redraw = () => {
    if (prompting && open) lines.prompt(true);
  };
  return {
    lines,
    print(text) {
      if (!open) return void output.write(text);
      // Clear the prompt and the typed text (however many rows it wraps over), print, then pad
      // with as many empty rows as readline will climb back when it redraws the typed line.
      const { rows } = lines.getCursorPos();
      moveCursor(output, 0, -rows);
      cursorTo(output, 0);
      clearScreenDown(output);
      output.write(text + '\n'.repeat(rows));
      redraw();
    },
    prompt() {
      prompting = true;
      redraw();
    },
  };
}
