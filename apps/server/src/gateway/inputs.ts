/**
 * GraphQL sends null for the fields an input object left out; the domain's schemas want them
 * absent. This removes them, in nested input objects too (lists are kept as they are).
 */
export function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [
        k,
        typeof v === 'object' && !Array.isArray(v) ? withoutNulls(v as Record<string, unknown>) : v,
      ]),
  );
}
