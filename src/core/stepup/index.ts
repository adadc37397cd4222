/** What other features and the wiring use of passkey step-up. */
export { Ceremonies, type CeremonyDeps, type ConfirmByPasskey } from './ceremonies.ts';
export { relyingParty } from './ceremony.ts';
export { type PasskeyCommand, PasskeyCommands, parsePasskeys } from './commands.ts';
export { type Asking, type AskStepUp, type LinkDeps, STEP_UP_PATH, stepUpLink } from './links.ts';
export { type PasskeyDeps, passkeyCommands } from './passkeys.ts';
export { mountStepUp } from './routes.ts';
