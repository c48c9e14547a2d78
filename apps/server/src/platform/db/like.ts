/** An ILIKE pattern matching text anywhere, with the text's own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}
