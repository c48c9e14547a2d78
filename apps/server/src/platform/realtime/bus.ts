/** The realtime bus: channels named as the websocket paths, p|c|o|a|m|i + id. */
import { EventEmitter } from 'node:events';

export type ChannelKind = 'p' | 'c' | 'o' | 'a' | 'm' | 'i';

/** Channel name for a project, cohort, organisation, assistant generation, member or inbox. */
export function channel(kind: ChannelKind, id: string): string {
  return `${kind}${id}`;
}

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

export type RealtimeHandler = (message: RealtimeMessage) => void;

export interface RealtimeBus {
  publish(channelName: string, message: RealtimeMessage): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channelName: string, handler: RealtimeHandler): () => void;
  close(): Promise<void>;
}

/** In-process bus: the embedded default for one app instance. */
export function createInProcessBus(): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(channelName, message) {
      emitter.emit(channelName, message);
      return Promise.resolve();
    },
    subscribe(channelName, handler) {
      emitter.on(channelName, handler);
      return () => emitter.off(channelName, handler);
    },
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}
