/**
 * A long screen drawn in parts (#53: a phone's blocking time): the first part in the render that
 * has the data, each later one in a render of its own that React may interrupt (a transition),
 * started once the part before it is on the screen. Every part's render and commit is then a
 * task of its own, instead of one task holding the main thread for the whole screen.
 *
 *   const shown = useStagedParts(4);  // 1 at first, then 2, 3, 4
 *   {shown >= 2 ? <Charts /> : null}
 *
 * Parts below the first screen come in after it, so nothing already drawn moves. With `ready`
 * false (what the parts need is still loading) nothing is shown (0) until it turns true.
 */
import { startTransition, useEffect, useState } from 'react';

export function useStagedParts(parts: number, ready = true): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (!ready || shown >= parts) return;
    // After the browser has painted the parts so far: a timer, not a microtask.
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, parts, ready]);
  return ready ? shown : 0;
}
