/**
 * The poller benchmark's side of the Access Service stand-in (poller-sandbox.ts): starts it in a
 * process of its own, with Node's default flags (the poller's heap cap is not the stand-in's),
 * and talks to it over IPC.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { Assignees, CreatedTask, SandboxCommand, SandboxReport } from './poller-sandbox.ts';
import type { CountReport } from './request-count.ts';

export interface StandInSetup {
  users: number;
  tasks: number;
  pending: number;
  latencyMs: number;
}

export class StandIn {
  readonly #child: ChildProcess;

  private constructor(child: ChildProcess) {
    this.#child = child;
  }

  static async start(setup: StandInSetup) {
    const child = fork(new URL('./poller-sandbox.ts', import.meta.url), [JSON.stringify(setup)], {
      execArgv: [],
    });
    const standIn = new StandIn(child);
    // Dying while seeding (out of memory, say) must end the run, not leave it waiting.
    let died = (_code: number | null) => {};
    const exited = new Promise<never>((_, reject) => {
      died = (code) => reject(new Error(`the stand-in exited (${code}) before it was ready`));
      child.once('exit', died);
    });
    const ready = await Promise.race([standIn.#next('ready', () => true), exited]);
    child.off('exit', died);
    return { standIn, ...ready };
  }

  #next<K extends SandboxReport['kind']>(
    kind: K,
    matches: (m: Extract<SandboxReport, { kind: K }>) => boolean,
  ) {
    type Report = Extract<SandboxReport, { kind: K }>;
    return new Promise<Report>((resolve) => {
      const listen = (m: SandboxReport) => {
        if (m.kind !== kind || !matches(m as Report)) return;
        this.#child.off('message', listen);
        resolve(m as Report);
      };
      this.#child.on('message', listen);
    });
  }

  send(command: SandboxCommand): void {
    this.#child.send(command);
  }

  /** `count` tasks for people among `who`, at random moments over `overMs`; resolves once all exist. */
  async create(
    label: string,
    count: number,
    overMs: number,
    who: Assignees,
  ): Promise<CreatedTask[]> {
    const created = this.#next('created', (m) => m.label === label);
    this.send({ kind: 'create', label, count, overMs, who });
    return (await created).tasks;
  }

  async count(): Promise<CountReport> {
    const counted = this.#next('count', () => true);
    this.send({ kind: 'count' });
    return (await counted).report;
  }

  stop(): void {
    this.#child.disconnect();
  }
}
