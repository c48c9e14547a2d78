/** Realtime messages (part 2 §7): what a websocket subscriber at /sub/{p|c|o|a|m|i}{id} receives. */

/** Project, cohort, organisation, assistant generation, member, inbox. */
export type ChannelKind = 'p' | 'c' | 'o' | 'a' | 'm' | 'i';

export interface RealtimeMessage {
  /** The domain event name, e.g. cards.move */
  event: string;
  id: string;
  subjectType?: string | null;
  subjectId?: string | null;
  projectId?: string | null;
  actorId?: string | null;
  changes?: Record<string, unknown>;
  /** The browser tab whose request caused it, so that tab can ignore its own echo. */
  clientId?: string | null;
  at: string;
}

/** A socket closed with this code (1012, service restart) should reconnect soon, with jitter. */
export const RESTART_CLOSE_CODE = 1012;

/** How long a client waits before reconnecting after a restart close: 0.25–1.25 s, spread out. */
export function restartReconnectDelayMs(random: number = Math.random()): number {
  return 250 + Math.floor(random * 1000);
}
