/** What other features may use of questions to requesters. */
export { cardNotes, listNotes, type NotesStore } from './notes.ts';
export { approversOf, awaySentence, questionSentence } from './requester-notes.ts';
