import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { queueWrite } from '../../../api/write-queue.ts';
import { EditScopeContext, flushEdits } from './pending-edits.ts';
import { useAutosave } from './use-autosave.ts';

describe('pending edits', () => {
  it('an action saves what was typed and waits for it before going out', async () => {
    vi.useFakeTimers();
    try {
      const order: string[] = [];
      const wrapper = ({ children }: { children: ReactNode }) => (
        <EditScopeContext.Provider value="card:plan">{children}</EditScopeContext.Provider>
      );
      const { result } = renderHook(
        () =>
          useAutosave<string>({
            delay: 500,
            save: (value) =>
              queueWrite('card:plan', async () => {
                order.push(`save ${value}`);
              }),
          }),
        { wrapper },
      );
      // Typed, and the button pressed before the autosave delay is over.
      act(() => result.current.change('Run a stall for two Sundays'));
      const action = flushEdits('card:plan').then(() => order.push('move to Run'));
      await act(async () => {
        await action;
      });
      expect(order).toEqual(['save Run a stall for two Sundays', 'move to Run']);
      // Nothing is saved twice when the delay later runs out.
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
      expect(order).toHaveLength(2);
      expect(result.current.status).toBe('saved');
    } finally {
      vi.useRealTimers();
    }
  });
});
