/**
 * Whether something has been shown at least once (#53): a closed drawer or dialog still mounts
 * Mantine's modal machinery (its portal, overlay and transitions), so a page draws one only from
 * the first time it opens, and keeps it from then on (its state, and its closing slide).
 *
 *   const drawn = useDrawnOnce(opened);
 *   {drawn ? <Drawer opened={opened} … /> : null}
 */
import { useState } from 'react';

export function useDrawnOnce(shown: boolean): boolean {
  const [drawn, setDrawn] = useState(shown);
  // Set while rendering: React draws this component again at once, before anything is painted.
  if (shown && !drawn) setDrawn(true);
  return drawn || shown;
}
