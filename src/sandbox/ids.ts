import { createHash } from 'node:crypto';

/**
 * A uuid derived from a name (the layout of an RFC 9562 version 5 uuid), so seeded records and
 * the tasks of a request have ids that tests can compute instead of looking them up.
 */
export function nameUuid(name: string): string {
  const hex = createHash('sha1').update(`accessbot-sandbox/${name}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const parts = [hex.slice(0, 8), hex.slice(8, 12), `5${hex.slice(13, 16)}`];
  return [...parts, `${variant}${hex.slice(17, 20)}`, hex.slice(20, 32)].join('-');
}

/** The id of the task that a request (access, review, offboarding step) opens for one approver. */
export const taskIdOf = (requestId: string, assigneeId: string) =>
  nameUuid(`task/${requestId}/${assigneeId}`);
