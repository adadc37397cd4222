/** The audit chain's head as the auditors' channel reads it, once a day (src/poller/audit-head.ts). */
import type { Voice } from '../i18n/voice.ts';
import { info, type Reply } from '../reply.ts';

export interface PostedHead {
  /** The UTC day it is posted for. */
  day: string;
  entryId: number | null;
  /** How many links the chain has had. */
  link: number;
  hash: string;
}

export function headMessage(v: Voice, head: PostedHead): Reply {
  const said = v.t('auditHead.posted', {
    entry: head.entryId ?? '-',
    link: head.link,
    hash: head.hash,
  });
  return info(v, said, {
    title: v.t('auditHead.title', { day: head.day }),
    blocks: [
      { kind: 'text', text: said },
      { kind: 'note', text: v.t('auditHead.check', { hash: head.hash }) },
    ],
  });
}
