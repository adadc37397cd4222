/**
 * A confirmation's code: 8 characters of an alphabet without look-alikes (no 0/o, 1/l/i), read
 * off a card and typed, random (about 40 bits), so nobody guesses one. The store keeps only its
 * hash: a code shown once confirms, and the store's rows and the logs never hold one.
 */
import { createHash, randomInt } from 'node:crypto';
import { z } from 'zod';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 8;

/** What `confirm`, `cancel` and every Confirm or Cancel button carries. */
export const ConfirmCode = z.string().regex(new RegExp(`^[${ALPHABET}]{${LENGTH}}$`));

/** Long enough to read the card and click; short enough that a forgotten card goes stale. */
export const CONFIRM_WITHIN_MS = 15 * 60_000;

export const newCode = () =>
  Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** The stored id of the confirmation `code` shows. */
export const idOf = (code: string) => createHash('sha256').update(code).digest('base64url');
