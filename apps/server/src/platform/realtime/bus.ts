/** The realtime bus: channels named as the websocket paths, p|c|o|a|m|i + id. */
import { EventEmitter } from 'node:events';
import type { ChannelKind, RealtimeMessage } from '@assay/domain';

export type { ChannelKind, RealtimeMessage } from '@assay/domain';

/** Channel name for a project, cohort, organisation, assistant generation, member or inbox. */
export function channel(kind: ChannelKind, id: string): string {
  return `${kind}${id}`;
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
