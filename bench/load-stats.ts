/**
 * One run's measurements, summed up: acks as the generator saw them, answers as the world saw
 * them, CPU and memory as /proc saw them; and the table the benchmark prints.
 */

import type { Acked } from './load-generator.ts';
import { ACK_LIMIT_MS } from './load-plan.ts';

/** "The first seconds": how long after its start a target is compared with itself later. */
const FIRST_MS = 10_000;

import type { Answered } from './load-slack.ts';

export interface RunResult {
  target: string;
  rate: number;
  sent: number;
  ackP50: number;
  ackP99: number;
  ackMax: number;
  /** Acked later than 3 s, or not at all. */
  lateAcks: number;
  /** Answered "busy" (in the ack or in the answer). */
  busy: number;
  replyP50: number;
  replyP99: number;
  /** Acked, not busy, and no answer came. */
  missing: number;
  /** Reply p99 of the requests sent in the target's first 10 s, and of those sent after. */
  replyP99First: number;
  replyP99Later: number;
  cpuMsPerRequest: number;
  peakRssMb: number;
  healthzMax: number;
  /** How far the generator fell behind its schedule (p99): large means the numbers are suspect. */
  lagP99: number;
  exitCode: number | null;
}

export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

export function summarize(input: {
  target: string;
  rate: number;
  acked: Acked[];
  answered: Map<number, Answered>;
  cpuMs: number;
  /** The requests `cpuMs` was spent on. */
  measured: Acked[];
  peakRssMb: number;
  healthzMs: number[];
  exitCode: number | null;
}): RunResult {
  const { acked, answered } = input;
  const ok = acked.filter((a) => a.status === 200);
  const acks = ok.map((a) => a.ackMs);
  const late = acked.filter((a) => a.status !== 200 || a.ackMs >= ACK_LIMIT_MS).length;
  const busyIds = new Set(acked.filter((a) => a.busy).map((a) => a.id));
  for (const [id, answer] of answered) if (answer.busy) busyIds.add(id);
  const replies: number[] = [];
  const first: number[] = [];
  const later: number[] = [];
  const start = Math.min(...acked.map((a) => a.sentAt));
  let missing = 0;
  for (const a of ok) {
    if (busyIds.has(a.id)) continue;
    const answer = answered.get(a.id);
    if (!answer) {
      missing++;
      continue;
    }
    replies.push(answer.at - a.sentAt);
    (a.sentAt - start < FIRST_MS ? first : later).push(answer.at - a.sentAt);
  }
  return {
    target: input.target,
    rate: input.rate,
    sent: acked.length,
    ackP50: quantile(acks, 0.5),
    ackP99: quantile(acks, 0.99),
    ackMax: acks.length ? Math.max(...acks) : Number.NaN,
    lateAcks: late,
    busy: busyIds.size,
    replyP50: quantile(replies, 0.5),
    replyP99: quantile(replies, 0.99),
    missing,
    replyP99First: quantile(first, 0.99),
    replyP99Later: quantile(later, 0.99),
    // Per request served: one turned away "busy" costs little and would flatter the target.
    cpuMsPerRequest:
      input.cpuMs / Math.max(1, input.measured.filter((a) => !busyIds.has(a.id)).length),
    peakRssMb: input.peakRssMb,
    healthzMax: input.healthzMs.length ? Math.max(...input.healthzMs) : Number.NaN,
    lagP99: quantile(
      acked.map((a) => a.lagMs),
      0.99,
    ),
    exitCode: input.exitCode,
  };
}

/**
 * A step the target sustains: acks p99 under 500 ms, none over 3 s, and the work done — at
 * most 1 % answered busy or left without an answer (shedding alone would otherwise keep acks
 * fast at any rate).
 */
export const sustains = (r: RunResult) =>
  r.ackP99 < 500 && r.lateAcks === 0 && r.busy + r.missing <= 0.01 * r.sent;

const f = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

export function table(results: RunResult[]): string {
  const head = [
    'target',
    'rps',
    'sent',
    'ack p50 / p99 / max (ms)',
    'acks ≥ 3 s',
    'busy',
    'reply p50 / p99 (ms)',
    'no reply',
    'reply p99 first 10 s / after (ms)',
    'CPU ms / req',
    'RSS peak (MB)',
    '/healthz max (ms)',
    'sustained',
  ];
  const rows = results.map((r) => [
    r.target,
    r.rate,
    r.sent,
    `${f(r.ackP50, 1)} / ${f(r.ackP99, 1)} / ${f(r.ackMax)}`,
    r.lateAcks,
    r.busy,
    `${f(r.replyP50)} / ${f(r.replyP99)}`,
    r.missing,
    `${f(r.replyP99First)} / ${f(r.replyP99Later)}`,
    f(r.cpuMsPerRequest, 2),
    f(r.peakRssMb),
    f(r.healthzMax),
    sustains(r) ? 'yes' : 'no',
  ]);
  const line = (cells: unknown[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}
