/**
 * The persistence port. One interface, several implementations (SQLite by default; PostgreSQL
 * for several replicas). Every method is async so both fit, and every record type is a zod
 * schema so rows read back are checked, not trusted.
 */
import { z } from 'zod';

export const Platform = z.enum(['slack', 'teams', 'shell']);
export type Platform = z.infer<typeof Platform>;

/** A chat user linked to an Access Service user through their e-mail address. */
export const IdentityLink = z.object({
  platform: Platform,
  chatUserId: z.string().min(1),
  accessUserId: z.string().min(1),
  /** Stored lower-cased: links are matched case-insensitively. */
  email: z.string().min(1),
  displayName: z.string().nullable(),
  linkedAt: z.date(),
});
export type IdentityLink = z.infer<typeof IdentityLink>;

export const AuditOutcome = z.enum([
  'approved',
  'declined',
  'already_decided',
  'not_assignee',
  'not_found',
  'failed',
]);
export type AuditOutcome = z.infer<typeof AuditOutcome>;

/** One decision taken (or refused) through the bot. */
export const AuditEntry = z.object({
  at: z.date(),
  platform: Platform,
  chatUserId: z.string().min(1),
  accessUserId: z.string().nullable(),
  taskId: z.string().min(1),
  action: z.enum(['approve', 'decline']),
  reason: z.string().nullable(),
  outcome: AuditOutcome,
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export interface Store {
  getLink(platform: Platform, chatUserId: string): Promise<IdentityLink | undefined>;
  /** Insert or replace the link of (platform, chatUserId). */
  saveLink(link: IdentityLink): Promise<void>;
  forgetLink(platform: Platform, chatUserId: string): Promise<void>;
  listLinks(platform?: Platform): Promise<IdentityLink[]>;
  appendAudit(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  listAudit(query?: { taskId?: string; limit?: number }): Promise<AuditEntry[]>;
  /** Resolves when the store answers a trivial query; for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
