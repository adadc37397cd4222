/**
 * `npm run audit -- --verify`: walks the hash chain from its checkpoint, a page at a time, and
 * names the first entry changed, removed or inserted; with a head posted earlier, also a chain
 * rewritten whole (docs/groups-and-audit.md).
 */
import { linkHash, receiptOf } from '../../store/audit-chain.ts';
import type { AuditStore, ChainLink } from '../../store/store.ts';

const PAGE = 500;

export type ChainProblem =
  /** The entry's content or its link's hash is not what was chained: changed, or put there. */
  | { kind: 'changed'; entryId: number; at: Date; link: number }
  /** Links missing before this entry's: entries removed. */
  | { kind: 'removed'; entryId: number; at: Date; link: number; missing: number }
  /** Links missing at the end: the newest entries removed (`after`: the last one left). */
  | { kind: 'removed-last'; link: number; after: ChainLink | undefined }
  /** An entry no link holds, written after the chain began. */
  | { kind: 'inserted'; entryId: number; at: Date }
  /** The head posted earlier is not in the chain: it was rewritten since. */
  | { kind: 'head-unknown'; head: string };

export interface ChainState {
  /** How many links were checked, from the checkpoint. */
  checked: number;
  head: { link: number; hash: string; entryId: number | null };
}

export type Verdict = { ok: true; state: ChainState } | { ok: false; problem: ChainProblem };

/** `postedHead`: a head's hash as posted (daily); it must be one of the links walked. */
export async function verifyChain(store: AuditStore, postedHead?: string): Promise<Verdict> {
  const head = await store.auditHead();
  let running = head.startHash;
  let expected = head.startLink + 1;
  let seen = postedHead === undefined || postedHead === head.startHash;
  let last: ChainLink | undefined;
  for (;;) {
    const page = await store.chainLinks(expected - 1, PAGE);
    for (const link of page) {
      const problem = check(link, expected, running);
      if (problem) return { ok: false, problem };
      running = link.hash!;
      seen ||= running === postedHead;
      expected = link.link + 1;
      last = link;
    }
    if (page.length < PAGE) break;
  }
  if (expected - 1 !== head.link || running !== head.hash) {
    return { ok: false, problem: { kind: 'removed-last', link: expected, after: last } };
  }
  const stray = await store.unchainedEntry(head.genesisId);
  if (stray) return { ok: false, problem: { kind: 'inserted', entryId: stray.id, at: stray.at } };
  if (!seen) return { ok: false, problem: { kind: 'head-unknown', head: postedHead! } };
  const checked = head.link - head.startLink;
  return { ok: true, state: { checked, head: { ...head } } };
}

function check(link: ChainLink, expected: number, running: string): ChainProblem | undefined {
  const { entryId, at } = link;
  if (link.link !== expected) {
    return { kind: 'removed', entryId, at, link: link.link, missing: link.link - expected };
  }
  const intact =
    (link.prevHash === null || link.prevHash === running) &&
    (link.keptDigest === null || link.keptDigest === link.digest) &&
    (link.keptReceipt === null || link.keptReceipt === receiptOf(link.digest)) &&
    link.hash === linkHash(running, link.link, link.digest);
  return intact ? undefined : { kind: 'changed', entryId, at, link: link.link };
}

/** The one line a person reads. */
export function verdictLine(verdict: Verdict): string {
  if (verdict.ok) {
    const { checked, head } = verdict.state;
    const entry = head.entryId === null ? '' : `, entry ${head.entryId}`;
    return `chain intact: ${checked} links checked; head link ${head.link}${entry}, hash ${head.hash}`;
  }
  const p = verdict.problem;
  const when = (at: Date) => at.toISOString();
  switch (p.kind) {
    case 'changed':
      return `entry ${p.entryId} (${when(p.at)}, link ${p.link}) was changed or inserted: its hash does not follow the chain`;
    case 'removed':
      return `${p.missing} link(s) removed before entry ${p.entryId} (${when(p.at)}, link ${p.link})`;
    case 'removed-last':
      return p.after
        ? `entries removed after entry ${p.after.entryId} (${when(p.after.at)}, link ${p.after.link}): the chain's head is further on`
        : `entries removed from link ${p.link} on: the chain's head is further on`;
    case 'inserted':
      return `entry ${p.entryId} (${when(p.at)}) was inserted: no link of the chain holds it`;
    case 'head-unknown':
      return `the posted head ${p.head} is not in the chain: the log was rewritten after it was posted`;
  }
}
