/**
 * The statements the code names (`prepared()`, `executeSql(…, name)`), by their text: on PostgreSQL
 * node-postgres prepares them by name per connection; on PGlite the named-statement client
 * (`pglite-statements.ts`) looks a statement's text up here to run it prepared.
 */
const names = new Map<string, string>();

/** Marks `text` as the named statement `name` (a statement's text always has one name). */
export function nameStatement(text: string, name: string): void {
  if (!names.has(text)) names.set(text, name);
}

/** The name the code gave this statement's text, if any. */
export function statementName(text: string): string | undefined {
  return names.get(text);
}
