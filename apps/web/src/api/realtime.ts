/**
 * Websocket subscriptions to /sub/{channel} (part 2 §4, §7): one socket per channel shared by
 * every listener. A socket that does not open within 10 s is dropped and tried again, up to 1000
 * attempts. Listeners hear the server's `realtime.subscribed` once the channel first listens (a
 * project's says when its newest event was recorded), and `realtime.reconnected` in its place once
 * it listens again after a reconnection, so they refetch what they may have missed: both come once
 * the server listens for them, never before.
 */
import {
  RESTART_CLOSE_CODE,
  restartReconnectDelayMs,
  TIMERS,
  type RealtimeMessage,
} from '@assay/domain';

/** A message on a channel (the shape is the server's, from the domain package). */
export type RealtimeEvent = RealtimeMessage;
type Listener = (event: RealtimeEvent) => void;

export const RECONNECT_TIMEOUT_MS = TIMERS.realtimeReconnectMs;
export const MAX_ATTEMPTS = TIMERS.realtimeMaxAttempts;

/**
 * The connection as a person should see it (#48 item 6): down while any channel that had been
 * connected is reconnecting, with the attempts so far; `back` once all are connected again after
 * being down (until the next change). A first connection in progress is not "down".
 */
export interface RealtimeStatus {
  state: 'connected' | 'reconnecting' | 'back';
  attempts: number;
}
let status: RealtimeStatus = { state: 'connected', attempts: 0 };
const statusListeners = new Set<() => void>();
const reconnecting = new Map<string, number>();

function setStatus(next: RealtimeStatus) {
  if (next.state === status.state && next.attempts === status.attempts) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function noteChannel(name: string, attempts: number | null) {
  const wasDown = reconnecting.size > 0;
  if (attempts === null) reconnecting.delete(name);
  else reconnecting.set(name, attempts);
  if (reconnecting.size > 0)
    setStatus({ state: 'reconnecting', attempts: Math.max(...reconnecting.values()) });
  else if (wasDown) setStatus({ state: 'back', attempts: 0 });
}

/** The current status, and a way to hear it change (for useSyncExternalStore). */
export const realtimeStatus = {
  get: (): RealtimeStatus => status,
  subscribe(listener: () => void): () => void {
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  },
};

class Channel {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private everSubscribed = false;
  private everOpened = false;
  readonly listeners = new Set<Listener>();

  private readonly name: string;

  constructor(name: string) {
    this.name = name;
    this.connect();
  }

  private url() {
    const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${protocol}//${location.host}/sub/${this.name}`;
  }

  private connect() {
    if (this.closed || this.attempts >= MAX_ATTEMPTS) return;
    this.attempts += 1;
    if (this.everOpened) noteChannel(this.name, this.attempts);
    const socket = new WebSocket(this.url());
    this.socket = socket;
    const opening = setTimeout(() => socket.close(), RECONNECT_TIMEOUT_MS);
    socket.onopen = () => {
      clearTimeout(opening);
      this.attempts = 0;
      this.everOpened = true;
      noteChannel(this.name, null);
    };
    socket.onmessage = (message) => {
      let event: RealtimeEvent;
      try {
        event = JSON.parse(String(message.data)) as RealtimeEvent;
      } catch {
        return; // Not ours: ignored.
      }
      if (event.event === 'realtime.subscribed') {
        // The server listens for this channel from now on (the socket's opening came before).
        if (this.everSubscribed) event = { ...event, event: 'realtime.reconnected' };
        this.everSubscribed = true;
      }
      this.emit(event);
    };
    socket.onclose = (event) => {
      clearTimeout(opening);
      if (this.closed) return;
      // A server going down for a restart says so: come back soon, spread out over a second.
      // Otherwise quick first retries, then no more often than the reconnect timeout.
      const delay =
        event.code === RESTART_CLOSE_CODE
          ? restartReconnectDelayMs()
          : Math.min(RECONNECT_TIMEOUT_MS, 500 * 2 ** Math.min(this.attempts, 5));
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  private emit(event: RealtimeEvent) {
    for (const listener of this.listeners) listener(event);
  }

  close() {
    this.closed = true;
    noteChannel(this.name, null);
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close();
  }
}

const channels = new Map<string, Channel>();

/** Listens on a channel; answers the function that stops listening. */
export function subscribe(name: string, listener: Listener): () => void {
  if (typeof WebSocket === 'undefined') return () => undefined;
  let channel = channels.get(name);
  if (!channel) {
    channel = new Channel(name);
    channels.set(name, channel);
  }
  channel.listeners.add(listener);
  return () => {
    channel.listeners.delete(listener);
    if (channel.listeners.size === 0) {
      channel.close();
      channels.delete(name);
    }
  };
}
