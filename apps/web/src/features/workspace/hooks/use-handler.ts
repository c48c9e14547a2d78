import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that stays the same across renders and always runs the latest `fn`: handed to a
 * memoised board section or card, it does not make it draw again (opening one card must not
 * redraw a thousand).
 */
export function useHandler<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
