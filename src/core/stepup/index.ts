/** What other features and the wiring use of passkey step-up. */
export { Ceremonies, type CeremonyDeps, type ConfirmByPasskey } from './ceremonies.ts';
export { relyingParty } from './ceremony.ts';
export { type PasskeyCommand, PasskeyCommands, parsePasskeys } from './commands.ts';
export { type Asking, type LinkDeps, STEP_UP_PATH, stepUpLink } from './links.ts';
export { type PasskeyDeps, passkeyCommands } from './passkeys.ts';
export { mountStepUp } from './routes.ts';

import type { IdentityLink } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import type { Block } from '../reply.ts';
import type { Asking } from './links.ts';

/** Set when STEP_UP=passkey: a confirmation is asked with a link to its page, never a code. */
export type AskStepUp = (link: IdentityLink, v: Voice, asking: Asking) => Promise<Block[]>;
