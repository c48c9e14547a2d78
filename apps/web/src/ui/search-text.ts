/**
 * What a search box asks the server for: its text, trimmed, once the person has stopped typing
 * for the spec's debounce (part 1 §9.3, 500 ms) — one request per pause, not one per key.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { TIMERS } from '@assay/domain';

export function useSearchText(typed: string): string {
  const [settled] = useDebouncedValue(typed.trim(), TIMERS.debounceMs);
  return settled;
}
