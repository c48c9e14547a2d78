/**
 * A long screen drawn in parts (#53: a phone's blocking time): the first part in the render that
 * has the data, each later one in a render of its own that React may interrupt (a transition),
 * started once the part before it has been painted. Every part's render and commit is then a
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
    return afterPaint(() => startTransition(() => setShown((n) => n + 1)));
  }, [shown, parts, ready]);
  return ready ? shown : 0;
}

/**
 * Runs `next` once the browser has painted what is on the page (the task after the next frame),
 * or after 100 ms where no frame comes (a tab in the background). Answers the cancel.
 */
function afterPaint(next: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    next();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => (timer = setTimeout(run, 0)))
      : undefined;
  const fallback = setTimeout(run, 100);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}
