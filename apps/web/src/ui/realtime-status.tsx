/**
 * The live connection's state on every page (#48 item 6): while the realtime connection is down
 * and reconnecting, a notice with the attempts so far; when it is back, a short "back" notice,
 * since what others changed meanwhile has been read again.
 */
import { Alert } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { realtimeStatus } from '../api/realtime.ts';

/** How long "back" stays on screen. */
export const BACK_NOTICE_MS = 4000;

export function RealtimeStatus() {
  const status = useSyncExternalStore(realtimeStatus.subscribe, realtimeStatus.get);
  const [showBack, setShowBack] = useState(false);
  useEffect(() => {
    if (status.state !== 'back') return undefined;
    setShowBack(true);
    const timer = setTimeout(() => setShowBack(false), BACK_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [status]);
  if (status.state === 'reconnecting')
    return (
      <Alert color="yellow" role="status" radius={0} py={6} data-testid="realtime-status">
        Live updates are disconnected. Reconnecting… (attempt {status.attempts})
      </Alert>
    );
  if (status.state === 'back' && showBack)
    return (
      <Alert color="green" role="status" radius={0} py={6} data-testid="realtime-status">
        Live updates are back: this page shows the latest changes.
      </Alert>
    );
  return null;
}
