import { createHash } from 'node:crypto';

/** RFC 9562 version 5 layout, so tests can compute seeded ids instead of looking them up. */
export function nameUuid(name: string): string {
  const hex = createHash('sha1').update(`accessbot-sandbox/${name}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const parts = [hex.slice(0, 8), hex.slice(8, 12), `5${hex.slice(13, 16)}`];
  return [...parts, `${variant}${hex.slice(17, 20)}`, hex.slice(20, 32)].join('-');
}

export const taskIdOf = (requestId: string, assigneeId: string) =>
  nameUuid(`task/${requestId}/${assigneeId}`);
