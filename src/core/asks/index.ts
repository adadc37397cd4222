/** What other features may use of questions to requesters. */
export { awayLine } from './notes.ts';
export { approversOf, awaySentence, questionSentence } from './requester-notes.ts';
export type { TellAsks } from './tell.ts';
