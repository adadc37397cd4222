/**
 * Receipts: a decision's reply shows a short code derived from its audit entry's hash, and
 * `receipt <code>` shows what was recorded — to the person it is about (who acted, or whom it
 * changed), and to auditors. Anyone else hears what an unknown code hears: nothing is revealed.
 */
import { RECEIPT_LENGTH } from '../../store/audit-chain.ts';
import {
  type IdentityLink,
  isPersonEntry,
  type NumberedAuditEntry,
  type PersonAuditEntry,
} from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { type Block, info, type Reply, type TaskCard, warning } from '../reply.ts';
import { inert } from '../text.ts';
import type { AuditDeps } from './deps.ts';
import { whatWasDone } from './history.ts';

/** `7K3QD9X2MA` as `7K3QD-9X2MA`: two halves are easier to read out and compare. */
export const shownReceipt = (code: string) =>
  `${code.slice(0, RECEIPT_LENGTH / 2)}-${code.slice(RECEIPT_LENGTH / 2)}`;

export const receiptNote = (v: Voice, code: string): Block => ({
  kind: 'note',
  text: v.t('receipt.note', { code: shownReceipt(code) }),
});

/** A reply (and the task card it shows) with the receipt of the decision it tells. */
export function withReceipt<R extends Reply>(v: Voice, reply: R, code: string): R {
  return { ...reply, blocks: [...reply.blocks, receiptNote(v, code)] };
}

/** Whom the entry is about: its actor, or the person it changed or was filed for. */
function about(entry: PersonAuditEntry, link: IdentityLink): boolean {
  if (entry.accessUserId === link.accessUserId) return true;
  if (entry.platform === link.platform && entry.chatUserId === link.chatUserId) return true;
  const target = 'targetUserId' in entry ? entry.targetUserId : null;
  const email = 'targetEmail' in entry ? entry.targetEmail : null;
  return target === link.accessUserId || (email !== null && email === link.email);
}

export async function receiptReply(
  deps: AuditDeps,
  link: IdentityLink,
  v: Voice,
  code: string,
): Promise<Reply> {
  const found = (await deps.store.findReceipt(code)).filter((row) => isPersonEntry(row.entry));
  const own = found.filter((row) => about(row.entry as PersonAuditEntry, link));
  const shown =
    own.length || !found.length || !(await deps.mayAudit(link, v, 'history')).ok ? own : found;
  if (!shown.length) {
    return warning(v, v.t('receipt.unknown', { code: shownReceipt(code) }));
  }
  const cards = await Promise.all(shown.map((row) => receiptCard(deps, v, row, link)));
  const title = v.t('receipt.title', { code: shownReceipt(code) });
  return info(v, `${title}: ${cards.map((c) => c.fields[0]?.value).join('; ')}`, {
    title,
    blocks: cards.map((card) => ({ kind: 'fields' as const, fields: card.fields })),
  });
}

async function receiptCard(
  deps: AuditDeps,
  v: Voice,
  row: NumberedAuditEntry,
  viewer: IdentityLink,
): Promise<Pick<TaskCard, 'fields'>> {
  const entry = row.entry as PersonAuditEntry;
  const actor = await deps.store.getLink(entry.platform, entry.chatUserId).catch(() => undefined);
  const who = inert(actor?.displayName ?? `${entry.platform} ${entry.chatUserId}`);
  const named = { ...entry, actorName: actor?.displayName ?? null };
  const how = { platform: entry.platform, account: inert(entry.chatUserId) };
  return {
    fields: [
      { label: v.t('receipt.what'), value: whatWasDone(v, named, viewer.accessUserId) },
      { label: v.t('receipt.who'), value: who },
      { label: v.t('receipt.when'), value: v.time(entry.at) },
      { label: v.t('receipt.how'), value: v.t('receipt.through', how) },
      { label: v.t('receipt.hash'), value: row.hash ?? v.t('receipt.noHash') },
    ],
  };
}
