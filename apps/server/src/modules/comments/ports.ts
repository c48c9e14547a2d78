/** The face of comments: what other modules may use (decision 009). */
export { insertImportedComments } from './import.ts';
