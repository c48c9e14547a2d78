/**
 * A websocket the test drives (jsdom has none that reaches a server): it opens, speaks for the
 * server and closes when told; and the server's first message on a channel.
 */
import type { RealtimeEvent } from '../api/realtime.ts';

/** A socket the test drives: it opens, speaks for the server and closes when told. */
export class DrivenSocket {
  static all: DrivenSocket[] = [];
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  readyState = 0;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    DrivenSocket.all.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  say(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  send() {}
  close() {}
}

export const subscribed = (at: number, lastEventAt?: number): RealtimeEvent => ({
  event: 'realtime.subscribed',
  id: '',
  at: new Date(at).toISOString(),
  ...(lastEventAt === undefined
    ? {}
    : { changes: { lastEventAt: new Date(lastEventAt).toISOString() } }),
});
