/**
 * Running a script as an operator does (a child process with only the given environment), and
 * reading its CSV.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { childEnv } from './child-env.ts';

/** The script's exit code and output; `env` is all of its environment besides PATH. */
export async function runScript(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], {
      env: childEnv(env),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** RFC 4180, strictly: a stray quote or an unterminated cell is an error, not a guess. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let closed = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else {
        quoted = false;
        closed = true;
      }
    } else if (c === '"') {
      if (cell || closed) throw new Error(`a quote inside an unquoted cell at ${i}`);
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
      closed = false;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      closed = false;
      i++;
    } else if (closed || c === '\n' || c === '\r') {
      throw new Error(`${JSON.stringify(c)} where a cell should end, at ${i}`);
    } else cell += c;
  }
  if (quoted || cell || row.length) throw new Error('the last row is not ended');
  return rows;
}
