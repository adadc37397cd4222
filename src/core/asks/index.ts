/** What other features may use of questions to requesters. */
export { approversOf, awaySentence, questionSentence } from './requester-notes.ts';
