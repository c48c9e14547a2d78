/** Tracks the server's app version; a mismatch with this build shows the refresh banner. */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let mismatch: string | null = null;

export const CLIENT_VERSION = __APP_VERSION__;

/** Called with the x-app-version header of every response. */
export function noteServerVersion(serverVersion: string | null, clientVersion = CLIENT_VERSION) {
  if (!serverVersion || serverVersion === 'dev' || serverVersion === clientVersion) return;
  if (mismatch === serverVersion) return;
  mismatch = serverVersion;
  listeners.forEach((l) => l());
}

export function resetVersionMismatch() {
  mismatch = null;
  listeners.forEach((l) => l());
}

/** The newer server version, or null while both agree. */
export function useVersionMismatch(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => mismatch,
    () => null,
  );
}
