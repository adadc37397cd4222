/**
 * The two WebAuthn ceremonies, done by `@simplewebauthn/server`: options a browser hands its
 * authenticator, and the checks of what comes back (challenge, origin, RP ID, signature, user
 * verification, counter). Nothing of WebAuthn is parsed by hand here.
 */

import { createHash } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Passkey } from './store.ts';

/** Where accessbot is reached: the page's origin, and the relying party's id (its host name). */
export interface RelyingParty {
  origin: string;
  rpId: string;
}

export const relyingParty = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { origin: url.origin, rpId: url.hostname };
};

const allowed = (passkeys: readonly Passkey[]) =>
  passkeys.map((p) => ({
    id: p.credentialId,
    transports: p.transports ? p.transports.split(',') : undefined,
  }));

export function registrationOptions(
  rp: RelyingParty,
  person: { platform: string; chatUserId: string; name: string },
  passkeys: readonly Passkey[],
) {
  // The authenticator's user handle: stable per chat identity, and no name or address in it.
  const userID = createHash('sha256').update(`${person.platform}:${person.chatUserId}`).digest();
  return generateRegistrationOptions({
    rpName: 'accessbot',
    rpID: rp.rpId,
    userName: person.name,
    userID: new Uint8Array(userID),
    attestationType: 'none',
    excludeCredentials: allowed(passkeys),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
}

export const authenticationOptions = (rp: RelyingParty, passkeys: readonly Passkey[]) =>
  generateAuthenticationOptions({
    rpID: rp.rpId,
    allowCredentials: allowed(passkeys),
    userVerification: 'required',
  });

/** The new passkey's fields, or undefined when the response does not verify. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<Pick<Passkey, 'credentialId' | 'publicKey' | 'counter' | 'transports'> | undefined> {
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpId,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verified?.verified) return undefined;
  const { credential } = verified.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: (credential.transports ?? []).join(','),
  };
}

/** The counter the authenticator now reports, or undefined when the assertion does not verify. */
export async function verifyAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: Passkey,
): Promise<number | undefined> {
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpId,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
    },
  }).catch(() => undefined);
  return verified?.verified ? verified.authenticationInfo.newCounter : undefined;
}

export type { AuthenticationResponseJSON, RegistrationResponseJSON };
