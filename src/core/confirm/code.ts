/**
 * A confirmation's code: 8 characters without look-alikes, random (about 40 bits) so nobody
 * guesses one. The store keeps only its hash, so its rows and the logs never hold one.
 */
import { createHash, randomInt } from 'node:crypto';
import { z } from 'zod';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 8;

export const ConfirmCode = z.string().regex(new RegExp(`^[${ALPHABET}]{${LENGTH}}$`));

/** Long enough to read the card and click; short enough that a forgotten card goes stale. */
export const CONFIRM_WITHIN_MS = 15 * 60_000;

export const newCode = () =>
  Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export const idOf = (code: string) => createHash('sha256').update(code).digest('base64url');
