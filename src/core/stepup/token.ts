/**
 * A step-up link's token: 32 random bytes, so nobody guesses one; the store keeps only its hash,
 * so neither its rows nor a log of them holds a link that works.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';

export const Token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** Long enough to open the link and touch the authenticator; short enough that a leak goes stale. */
export const STEP_UP_WITHIN_MS = 10 * 60_000;

export const newToken = () => randomBytes(32).toString('base64url');

export const idOfToken = (token: string) => createHash('sha256').update(token).digest('base64url');
