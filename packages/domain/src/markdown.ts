/**
 * How lists read when text leaves the app as Markdown (part 2 §9): an ordered item's number wraps
 * modulo 10 (…, 9, 0, 1, …) and each level of nesting indents four spaces.
 */
export const MARKDOWN_INDENT = 4;

/** The marker of the item at `index` (from 0) of a list. */
export function markdownListMarker(ordered: boolean, index: number): string {
  return ordered ? `${(index + 1) % 10}.` : '-';
}

/** The indent of a list at `depth` (0 at the top). */
export function markdownIndent(depth: number): string {
  return ' '.repeat(MARKDOWN_INDENT * Math.max(0, depth));
}
