import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMERS } from '@assay/domain';
import { useSearchText } from './search-text.ts';

afterEach(() => vi.useRealTimers());

describe('a search box’s text (part 1 §9.3)', () => {
  it('settles once typing has paused for the spec’s 500 ms, trimmed', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ typed }) => useSearchText(typed), {
      initialProps: { typed: '' },
    });
    for (const typed of ['d', 'do', 'dog ']) {
      rerender({ typed });
      act(() => vi.advanceTimersByTime(TIMERS.debounceMs - 100));
      expect(result.current).toBe('');
    }
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe('dog');
    expect(TIMERS.debounceMs).toBe(500);
  });
});
