/**
 * What the page asks of accessbot, by the link's token: what it confirms, the options for the
 * browser's passkey prompt, a first passkey created, and the assertion that confirms. Every
 * refusal decides nothing and says why; the token is never logged.
 */
import type { Logger } from '../../log.ts';
import type {
  Confirmation,
  ConfirmationStore,
  IdentityLink,
  LinkStore,
} from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import type { Reply } from '../reply.ts';
import {
  type AuthenticationResponseJSON,
  authenticationOptions,
  type RegistrationResponseJSON,
  type RelyingParty,
  registrationOptions,
  verifyAssertion,
  verifyRegistration,
} from './ceremony.ts';
import type { StepUp, StepUpStore } from './store.ts';
import { idOfToken, Token } from './token.ts';

export type Refusal =
  | 'unknown'
  | 'used'
  | 'expired'
  | 'notYours'
  | 'failed'
  | 'counter'
  | 'enrolled'
  | 'unlinked';

/** What settles a confirmation once its person's passkey proved it: the typed `confirm`'s door. */
export type ConfirmByPasskey = (
  link: IdentityLink,
  v: Voice,
  found: Confirmation,
  credentialId: string,
) => Promise<Reply>;

export interface CeremonyDeps {
  store: StepUpStore & Pick<LinkStore, 'getLink'> & Pick<ConfirmationStore, 'getConfirmation'>;
  log: Logger;
  now: () => Date;
  rp: RelyingParty;
  /** Unset locale: DEFAULT_LOCALE. */
  voiceOf: (who: { locale?: string }) => Voice;
  confirm: ConfirmByPasskey;
}

/** The page's view of a link: refused, or what it confirms and whether a passkey must be made. */
export type Opened =
  | { ok: false; v: Voice | undefined; refusal: Refusal }
  | { ok: true; v: Voice; stepUp: StepUp; enrolled: boolean };

/** `next`: a step is done and the page goes on to the next (a passkey made, then used). */
export type Answer =
  | { ok: false; message: string }
  | { ok: true; message: string; options?: unknown; decided?: boolean; next?: boolean };

/**
 * A link creates a passkey for a person who has none (their first, on first need), or, when it
 * adds one (`passkeys add`), once a passkey they have proved it is them.
 */
const mayEnrol = (stepUp: StepUp, held: number) =>
  held === 0 || (stepUp.confirmationId === null && stepUp.provenAt !== null);

export class Ceremonies {
  readonly #d: CeremonyDeps;

  constructor(deps: CeremonyDeps) {
    this.#d = deps;
  }

  /** Refused when unknown, used or expired. */
  async open(token: unknown): Promise<Opened> {
    const parsed = Token.safeParse(token);
    const found = parsed.success
      ? await this.#d.store.getStepUp(idOfToken(parsed.data))
      : undefined;
    if (!found) return { ok: false, v: undefined, refusal: 'unknown' };
    const v = this.#d.voiceOf(found);
    if (found.usedAt) return { ok: false, v, refusal: 'used' };
    if (found.expiresAt.getTime() <= this.#d.now().getTime()) {
      return { ok: false, v, refusal: 'expired' };
    }
    const enrolled = (await this.#passkeys(found)).length > 0;
    return { ok: true, v, stepUp: found, enrolled };
  }

  /** True while the link's next step is creating a passkey. */
  async enrolling(stepUp: StepUp): Promise<boolean> {
    return mayEnrol(stepUp, (await this.#passkeys(stepUp)).length);
  }

  /** A fresh challenge: to create the first passkey, or to confirm with one. */
  async options(token: unknown): Promise<Answer> {
    const opened = await this.open(token);
    if (!opened.ok) return this.#refused(opened);
    const { stepUp, v } = opened;
    const passkeys = await this.#passkeys(stepUp);
    const link = await this.#d.store.getLink(stepUp.platform, stepUp.chatUserId);
    const person = { ...stepUp, name: link?.displayName || stepUp.chatUserId };
    const enrol = mayEnrol(stepUp, passkeys.length);
    const options = enrol
      ? await registrationOptions(this.#d.rp, person, passkeys)
      : await authenticationOptions(this.#d.rp, passkeys);
    if (!(await this.#d.store.challengeStepUp(stepUp.id, options.challenge, this.#d.now()))) {
      return this.#refusal(v, 'expired', stepUp);
    }
    return { ok: true, message: '', options: { enrol, publicKey: options } };
  }

  /** Never for someone who holds one, unless a passkey of theirs proved it is them. */
  async register(token: unknown, response: RegistrationResponseJSON): Promise<Answer> {
    const opened = await this.open(token);
    if (!opened.ok) return this.#refused(opened);
    const { stepUp, v } = opened;
    if (!(await this.enrolling(stepUp))) return this.#refusal(v, 'enrolled', stepUp);
    const { challenge } = stepUp;
    const made = challenge && (await verifyRegistration(this.#d.rp, response, challenge));
    if (!made) return this.#refusal(v, 'failed', stepUp);
    const at = this.#d.now();
    // Adding one ends the link; a first one goes on to confirm with it.
    const adding = stepUp.confirmationId === null;
    if (!(await this.#d.store.spendChallenge(stepUp.id, challenge, at, adding))) {
      return this.#refusal(v, 'used', stepUp);
    }
    const person = { platform: stepUp.platform, chatUserId: stepUp.chatUserId };
    await this.#d.store.savePasskey({ ...made, ...person, createdAt: at, lastUsedAt: null });
    this.#d.log.info({ platform: stepUp.platform }, 'a passkey was created through a step-up link');
    if (adding) return { ok: true, message: v.t('stepup.page.added') };
    return { ok: true, message: v.t('stepup.page.enrolled'), next: true };
  }

  /** The assertion: the link's person's own passkey, this link's challenge, once. */
  async confirm(token: unknown, response: AuthenticationResponseJSON): Promise<Answer> {
    const opened = await this.open(token);
    if (!opened.ok) return this.#refused(opened);
    const { stepUp, v } = opened;
    const passkey = (await this.#passkeys(stepUp)).find((p) => p.credentialId === response?.id);
    if (!passkey) return this.#refusal(v, 'notYours', stepUp);
    const { challenge } = stepUp;
    if (!challenge) return this.#refusal(v, 'failed', stepUp);
    const counter = await verifyAssertion(this.#d.rp, response, challenge, passkey);
    if (counter === undefined) return this.#refusal(v, 'failed', stepUp);
    const at = this.#d.now();
    const { confirmationId } = stepUp;
    const spent =
      confirmationId === null
        ? await this.#d.store.proveStepUp(stepUp.id, challenge, at)
        : await this.#d.store.spendChallenge(stepUp.id, challenge, at, true);
    if (!spent) return this.#refusal(v, 'used', stepUp);
    if (!(await this.#d.store.passkeyUsed(passkey.credentialId, counter, at))) {
      return this.#refusal(v, 'counter', stepUp);
    }
    if (confirmationId === null)
      return { ok: true, message: v.t('stepup.page.proven'), next: true };
    const link = await this.#d.store.getLink(stepUp.platform, stepUp.chatUserId);
    const found = await this.#d.store.getConfirmation(confirmationId);
    if (!link || link.accessUserId !== stepUp.accessUserId || !found) {
      return this.#refusal(v, 'unlinked', stepUp);
    }
    const reply = await this.#d.confirm(link, v, found, passkey.credentialId);
    return { ok: true, message: reply.summary, decided: reply.tone === 'success' };
  }

  #passkeys(stepUp: StepUp) {
    return this.#d.store.passkeysOf(stepUp.platform, stepUp.chatUserId);
  }

  #refused(opened: Extract<Opened, { ok: false }>): Answer {
    const v = opened.v ?? this.#d.voiceOf({});
    return this.#refusal(v, opened.refusal, undefined);
  }

  #refusal(v: Voice, refusal: Refusal, stepUp: StepUp | undefined): Answer {
    const platform = stepUp?.platform;
    this.#d.log.warn({ refusal, platform }, 'a passkey step-up was refused; nothing was decided');
    return { ok: false, message: v.t(`stepup.refused.${refusal}`) };
  }
}
