import { useLayoutEffect, useRef } from 'react';

/**
 * A window keydown listener attached while the component commits (a layout effect), so it is
 * listening by the time the screen shows: a key pressed the moment the page appears is not lost,
 * as it could be with a passive effect that runs only after the first paint.
 */
export function useWindowKeydown(handler: (event: KeyboardEvent) => void): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => latest.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
